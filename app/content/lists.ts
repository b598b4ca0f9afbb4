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

export const inquiryServices = [
  "Administrative Support",
  "Digital Marketing",
  "Project Management",
  "Business Data Analysis",
] as const;

/** Profile choices. */
export const genders = ["Not Selected", "Male", "Female"] as const;

export const timeZones = ["EST", "PST", "MST", "GMT", "Other"] as const;
