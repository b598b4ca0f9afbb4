import { type ComponentType, type Ref, useEffect, useId, useRef, useState } from "react";
import { FieldError, selectClass } from "~/components/forms/form-controls";
import { type CountryOption, type CountryPickerProps, optionLabel } from "~/lib/country-options";

/**
 * A country (with its calling code) for a phone number. The server renders a native select, which
 * works without JavaScript; once the page runs, the searchable combobox (./country-combobox.tsx,
 * fetched then, so the page's start-up JavaScript does not carry it) takes its place and sends the
 * same field, starting from whatever the visitor chose in the select meanwhile.
 */
export function CountryPicker(props: CountryPickerProps) {
  const selectRef = useRef<HTMLSelectElement>(null);
  const firstChoice = useRef(props.defaultValue);
  const [combobox, setCombobox] = useState<{ Combobox: ComponentType<CountryPickerProps>; chosen: string }>();
  useEffect(() => {
    let mounted = true;
    void import("./country-combobox").then(({ default: Combobox }) => {
      if (mounted) setCombobox({ Combobox, chosen: selectRef.current?.value || firstChoice.current });
    });
    return () => {
      mounted = false;
    };
  }, []);
  if (!combobox) return <CountrySelect {...props} selectRef={selectRef} />;
  const { Combobox, chosen } = combobox;
  return <Combobox {...props} defaultValue={chosen} />;
}

/** The country an option of the native select stands for (the inverse of `optionLabel`). */
export function countryFromOption(option: { value: string; text: string }): CountryOption {
  const label = /^(?<name>.*) \(\+(?<callingCode>\d+)\)$/.exec(option.text)?.groups;
  return { code: option.value, name: label?.name ?? option.text, callingCode: label?.callingCode ?? "" };
}

function CountrySelect({
  label,
  name,
  countries,
  defaultValue,
  error,
  className,
  selectRef,
}: CountryPickerProps & { selectRef: Ref<HTMLSelectElement> }) {
  const id = useId();
  const errorId = error ? `${id}-error` : undefined;
  return (
    // On a static page (no React Router), ./country-island.tsx finds the select by this attribute.
    <div className={className} data-country-picker="">
      <label htmlFor={id} className="block font-medium text-ink text-sm">
        {label}
      </label>
      <select
        ref={selectRef}
        id={id}
        name={name}
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={errorId}
        autoComplete="tel-country-code"
        className={selectClass}
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
