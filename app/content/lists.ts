/** Choice lists of the inquiry form, shared by the form, the server's checks and the assistant. */
export const businessTypes = [
  "Entrepreneur",
  "Professional",
  "Startup",
  "Small/Medium-Sized Business",
  "Other",
] as const;

export const industries = [
  "E-Commerce",
  "Education",
  "Fashion",
  "Finance",
  "Marketing/Advertising",
  "Media",
  "Non-Profit",
  "Real Estate",
  "Tech",
  "Other",
] as const;

/** Every service the agency sells, in the site's order (lists.test.ts holds it to services' content). */
export const inquiryServices = [
  "Administrative Support",
  "Digital Marketing",
  "Bookkeeping",
  "Project Management",
  "Business Data Analysis",
] as const;

/** Profile choices. */
export const genders = ["Not Selected", "Male", "Female"] as const;

/** The inquiry form's zones, east to west across the United States, then GMT. */
export const timeZones = ["EST", "CST", "MST", "PST", "GMT", "Other"] as const;
