import { checkVAT, countries as vatCountries } from "jsvat";
import { getCountries } from "libphonenumber-js/min";
import { z } from "zod";
import { multiLineText, singleLineText } from "~/lib/plain-text";

const BILLING_LIMITS = { name: 120, company: 120, address: 300, taxId: 30 } as const;

const knownCountries = new Set<string>(getCountries());
const countryNames = new Intl.DisplayNames(["en"], { type: "region" });

/** A country's name for a sentence: "Germany". */
export function countryName(code: string): string {
  return countryNames.of(code) ?? code;
}

/** Greece's VAT numbers start EL, not GR. */
function vatPrefixOf(country: string): string {
  return country === "GR" ? "EL" : country;
}

/**
 * Whether a tax ID has the shape and check digits of its country's VAT numbers, where jsvat knows
 * them (the EU, the UK, Switzerland, Norway and a few more); `undefined` where it does not, and any
 * letters and digits then stand.
 */
export function taxIdFitsCountry(taxId: string, country: string): boolean | undefined {
  const rules = vatCountries.find((candidate) => candidate.codes[0] === country);
  if (!rules) return undefined;
  const compact = taxId.replace(/[\s.-]/g, "").toUpperCase();
  const prefixed = /^[A-Z]{2}/.test(compact) ? compact : `${vatPrefixOf(country)}${compact}`;
  return checkVAT(prefixed, [rules]).isValid;
}

function text(label: string, max: number, pattern: RegExp) {
  return z
    .string({ error: `Please enter your ${label} as text.` })
    .trim()
    .max(max, `Please keep your ${label} under ${max} characters.`)
    .regex(pattern, `Please enter your ${label} without special characters.`);
}

/** What a customer wants their receipts to carry; every field is optional (empty clears it). */
export const billingDetailsSchema = z
  .object({
    name: text("billing name", BILLING_LIMITS.name, singleLineText).default(""),
    company: text("company name", BILLING_LIMITS.company, singleLineText).default(""),
    address: text("billing address", BILLING_LIMITS.address, multiLineText).default(""),
    country: z
      .string({ error: "Please choose a country from the list." })
      .trim()
      .toUpperCase()
      .refine((code) => code === "" || knownCountries.has(code), "Please choose a country from the list.")
      .default(""),
    taxId: text("tax ID", BILLING_LIMITS.taxId, singleLineText)
      .refine((value) => value === "" || /^[A-Za-z0-9][A-Za-z0-9 .-]*$/.test(value), {
        message: "A tax ID holds only letters, digits, spaces, dots and hyphens.",
      })
      .default(""),
  })
  .superRefine((details, check) => {
    if (details.taxId === "" || details.country === "") return;
    if (taxIdFitsCountry(details.taxId, details.country) === false) {
      check.addIssue({
        code: "custom",
        path: ["taxId"],
        message: `That is not a valid VAT number for ${countryName(details.country)}: please check its letters and digits.`,
      });
    }
  });

export type BillingDetails = z.output<typeof billingDetailsSchema>;

export const NO_BILLING_DETAILS: BillingDetails = {
  name: "",
  company: "",
  address: "",
  country: "",
  taxId: "",
};

/** Every country a billing address can be in, by name, for the form's select. */
export function billingCountryChoices(): { value: string; label: string }[] {
  return [...knownCountries]
    .map((code) => ({ value: code, label: countryName(code) }))
    .sort((a, b) => a.label.localeCompare(b.label, "en"));
}
