/**
 * What the inquiry form and the server agree on, with no dependencies, so the contact page can
 * use it without shipping the validation libraries to the browser.
 */
export const INQUIRY_LIMITS = {
  name: 100,
  email: 254,
  /** Characters as typed, spaces and punctuation included. */
  phone: 30,
  other: 100,
  message: 5000,
} as const;

/** How far ahead a preferred call time may be. */
export const PREFERRED_CALL_MAX_DAYS = 180;

/** The country the phone picker starts on. */
export const DEFAULT_PHONE_COUNTRY = "US";

/** The messages of the seed (§5, §8), word for word. */
export const inquiryMessages = {
  nameRequired: "Name is required",
  emailRequired: "Email is required",
  emailInvalid: "Invalid email format",
  phoneRequired: "Phone number is required",
  phoneInvalid: "Please enter a valid phone number",
  businessTypeRequired: "Business type is required",
  industryRequired: "Industry is required",
  servicesRequired: "At least one service is required",
  timezoneRequired: "Timezone is required",
  /** The toast of any failed submit. */
  fixTheForm: "Please fill in all required fields",
  sent: "Form submitted successfully!",
  failed: "Something went wrong. Please try again.",
} as const;

/** A country the phone picker offers, built on the server. */
export interface PhoneCountry {
  /** ISO 3166-1 alpha-2, e.g. "GB". */
  code: string;
  /** English name, e.g. "United Kingdom". */
  name: string;
  /** Digits without the plus, e.g. "44". */
  callingCode: string;
}

/**
 * The phone countries as the contact page's data carries them: one country a line, its code, name
 * and calling code between tabs. React Router encodes each value of a loader's answer on its own,
 * so every country's three fields were a large part of the page's server rendering time.
 */
export function packPhoneCountries(countries: readonly PhoneCountry[]): string {
  return countries.map(({ code, name, callingCode }) => `${code}\t${name}\t${callingCode}`).join("\n");
}

export function unpackPhoneCountries(packed: string): PhoneCountry[] {
  if (packed === "") return [];
  return packed.split("\n").map((line) => {
    const [code = "", name = "", callingCode = ""] = line.split("\t");
    return { code, name, callingCode };
  });
}
