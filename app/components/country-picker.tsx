import { lazy, Suspense, useId } from "react";
import { useHydrated } from "~/lib/use-hydrated";
import { FieldError, inputClass } from "./form-controls";

export interface CountryOption {
  code: string;
  name: string;
  callingCode: string;
}

export interface CountryPickerProps {
  label: string;
  /** The form field the chosen code is sent as. */
  name: string;
  countries: readonly CountryOption[];
  defaultValue: string;
  error?: string;
  className?: string;
}

// Fetched once the page runs, so the page's start-up JavaScript does not carry it.
const CountryCombobox = lazy(() => import("./country-combobox"));

/**
 * A country (with its calling code) for a phone number. The server renders a native select, which
 * works without JavaScript; once the page runs and the combobox has arrived, a searchable combobox
 * sends the same field.
 */
export function CountryPicker(props: CountryPickerProps) {
  const hydrated = useHydrated();
  const select = <CountrySelect {...props} />;
  return hydrated ? (
    <Suspense fallback={select}>
      <CountryCombobox {...props} />
    </Suspense>
  ) : (
    select
  );
}

export function optionLabel(country: CountryOption): string {
  return `${country.name} (+${country.callingCode})`;
}

function CountrySelect({ label, name, countries, defaultValue, error, className }: CountryPickerProps) {
  const id = useId();
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="block font-medium text-ink text-sm">
        {label}
      </label>
      <select
        id={id}
        name={name}
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={errorId}
        autoComplete="tel-country-code"
        className={inputClass}
      >
        {countries.map((country) => (
          <option key={country.code} value={country.code}>
            {optionLabel(country)}
          </option>
        ))}
      </select>
      <FieldError id={errorId} message={error} />
    </div>
  );
}
