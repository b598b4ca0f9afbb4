/**
 * The countries of a phone number's country field, shared by the native select
 * (~/components/account/country-picker.tsx) and the searchable combobox that takes its place
 * (~/components/account/country-combobox.tsx), so the two show the same labels without importing each other.
 */

export interface CountryOption {
  code: string;
  name: string;
  callingCode: string;
}

/** What the select and the combobox both take: the combobox is handed the select's props. */
export interface CountryPickerProps {
  label: string;
  /** The form field the chosen code is sent as. */
  name: string;
  countries: readonly CountryOption[];
  defaultValue: string;
  error?: string;
  className?: string;
}

export function optionLabel(country: CountryOption): string {
  return `${country.name} (+${country.callingCode})`;
}
