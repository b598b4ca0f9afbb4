import { getCountries, getCountryCallingCode } from "libphonenumber-js/max";
import { type PhoneCountry, packPhoneCountries } from "./inquiry-fields";

const regionNames = new Intl.DisplayNames("en", { type: "region", fallback: "code" });

/** The English name of a country code, e.g. "United Kingdom" for GB. */
export function countryName(code: string): string {
  try {
    return regionNames.of(code) ?? code;
  } catch {
    return code;
  }
}

let countries: readonly PhoneCountry[] | undefined;

/**
 * Every country libphonenumber knows, by English name, with its calling code. Built on the server
 * so the page sends a small list to the browser instead of the phone-number metadata.
 */
export function listPhoneCountries(): readonly PhoneCountry[] {
  countries ??= getCountries()
    .map((code) => ({ code, name: countryName(code), callingCode: getCountryCallingCode(code) }))
    .sort((a, b) => a.name.localeCompare(b.name, "en"));
  return countries;
}

let packed: string | undefined;

/** listPhoneCountries() packed for the page's data (see packPhoneCountries). */
export function packedPhoneCountries(): string {
  packed ??= packPhoneCountries(listPhoneCountries());
  return packed;
}
