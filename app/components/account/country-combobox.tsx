import { useEffect, useId, useMemo, useRef, useState } from "react";
import { FieldError, inputClass } from "~/components/forms/form-controls";
import { CheckIcon, ChevronDownIcon } from "~/components/site/icons";
import { type CountryOption, type CountryPickerProps, optionLabel } from "~/lib/country-options";

/** Lower case without accents, so "aland" finds "Åland Islands". */
function searchable(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

/**
 * Countries matching what was typed: digits (with or without +) match calling codes; words match
 * names, those starting with the words first.
 */
export function filterCountries<T extends CountryOption>(
  countries: readonly T[],
  query: string,
): readonly T[] {
  const text = query.trim();
  if (text === "") return countries;
  const digits = text.replace(/^\+/, "").replace(/[\s-]/g, "");
  if (/^\d+$/.test(digits)) {
    const matching = countries.filter((country) => country.callingCode.startsWith(digits));
    return [
      ...matching.filter((country) => country.callingCode === digits),
      ...matching.filter((country) => country.callingCode !== digits),
    ];
  }
  const wanted = searchable(text);
  const starting: T[] = [];
  const containing: T[] = [];
  for (const country of countries) {
    const name = searchable(country.name);
    if (name.startsWith(wanted) || country.code.toLowerCase() === wanted) starting.push(country);
    else if (name.includes(wanted)) containing.push(country);
  }
  return [...starting, ...containing];
}

/**
 * The ARIA 1.2 combobox pattern with a listbox popup and list autocomplete: typing filters, the
 * arrow keys move through the options (aria-activedescendant keeps focus in the input), Enter or
 * a click chooses, Escape closes and restores the chosen country.
 */
export default function CountryCombobox({
  label,
  name,
  countries,
  defaultValue,
  error,
  className,
}: CountryPickerProps) {
  const id = useId();
  const inputId = `${id}-input`;
  const listId = `${id}-listbox`;
  const hintId = `${id}-hint`;
  const errorId = error ? `${id}-error` : undefined;
  const optionId = (code: string) => `${id}-option-${code}`;

  const [selected, setSelected] = useState(defaultValue);
  /** What is typed while searching; null shows the chosen country. */
  const [query, setQuery] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(0);
  const listRef = useRef<HTMLDivElement>(null);

  const selectedCountry = countries.find((country) => country.code === selected) ?? countries[0];
  const matches = useMemo(() => filterCountries(countries, query ?? ""), [countries, query]);
  const expanded = open && matches.length > 0;
  const active = expanded ? matches[Math.min(activeIndex, matches.length - 1)] : undefined;

  useEffect(() => {
    if (!active) return;
    const option = listRef.current?.querySelector(`[id="${CSS.escape(optionId(active.code))}"]`);
    option?.scrollIntoView({ block: "nearest" });
  });

  function openAt(index: number) {
    setOpen(true);
    setActiveIndex(Math.max(0, index));
  }

  function openOnSelected() {
    openAt(matches.findIndex((country) => country.code === selected));
  }

  function choose(country: CountryOption) {
    setSelected(country.code);
    setQuery(null);
    setOpen(false);
  }

  function close() {
    setOpen(false);
    setQuery(null);
  }

  function onKeyDown(event: React.KeyboardEvent<HTMLInputElement>) {
    switch (event.key) {
      case "ArrowDown":
        event.preventDefault();
        if (!expanded) openOnSelected();
        else if (!event.altKey) setActiveIndex((index) => Math.min(index + 1, matches.length - 1));
        break;
      case "ArrowUp":
        event.preventDefault();
        if (!expanded) openOnSelected();
        else setActiveIndex((index) => Math.max(index - 1, 0));
        break;
      case "PageDown":
        if (expanded) {
          event.preventDefault();
          setActiveIndex((index) => Math.min(index + 10, matches.length - 1));
        }
        break;
      case "PageUp":
        if (expanded) {
          event.preventDefault();
          setActiveIndex((index) => Math.max(index - 10, 0));
        }
        break;
      case "Enter":
        // Enter chooses; it submits the form only when the list is closed.
        if (expanded && active) {
          event.preventDefault();
          choose(active);
        }
        break;
      case "Escape":
        if (open || query !== null) {
          event.preventDefault();
          close();
        }
        break;
      case "Tab":
        close();
        break;
    }
  }

  const shown = selectedCountry ? optionLabel(selectedCountry) : "";
  return (
    <div className={className}>
      <label htmlFor={inputId} className="block font-medium text-ink text-sm">
        {label}
      </label>
      <input type="hidden" name={name} value={selected} />
      <div className="relative">
        <input
          id={inputId}
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={active ? optionId(active.code) : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={[hintId, errorId].filter(Boolean).join(" ")}
          autoComplete="off"
          spellCheck={false}
          value={query ?? shown}
          onChange={(event) => {
            setQuery(event.target.value);
            openAt(0);
          }}
          onFocus={(event) => event.target.select()}
          onClick={() => (expanded ? close() : openOnSelected())}
          onBlur={close}
          onKeyDown={onKeyDown}
          className={`${inputClass} pr-10`}
        />
        <ChevronDownIcon className="pointer-events-none absolute top-1/2 right-3 mt-0.75 size-4 -translate-y-1/2 text-muted" />
        <div
          ref={listRef}
          id={listId}
          role="listbox"
          aria-label={`${label} list`}
          hidden={!expanded}
          // A press in the list (an option or its scroll bar) leaves focus in the input.
          onMouseDown={(event) => event.preventDefault()}
          className="absolute z-30 mt-1 max-h-64 w-full overflow-auto rounded-lg border border-gray-200 bg-white py-1 shadow-lg"
        >
          {(expanded ? matches : []).map((country) => {
            const isActive = country === active;
            return (
              // The input keeps focus and handles the keys (aria-activedescendant); a press on an
              // option only chooses it.
              // biome-ignore lint/a11y/useKeyWithClickEvents: keys are handled by the combobox input
              // biome-ignore lint/a11y/useFocusableInteractive: options are reached through aria-activedescendant
              <div
                key={country.code}
                id={optionId(country.code)}
                role="option"
                aria-selected={isActive}
                onClick={() => choose(country)}
                onMouseMove={() => setActiveIndex(matches.indexOf(country))}
                className={`flex cursor-pointer items-center gap-2 px-3 py-2 text-sm ${isActive ? "bg-brand-100 text-brand-900" : "text-ink"}`}
              >
                <span className="flex-1">{country.name}</span>
                <span className={isActive ? "text-brand-900" : "text-muted"}>+{country.callingCode}</span>
                <CheckIcon
                  className={`size-4 shrink-0 ${country.code === selected ? "text-brand-700" : "invisible"}`}
                />
              </div>
            );
          })}
        </div>
      </div>
      <p id={hintId} className="sr-only">
        Type a country name or calling code to search.
      </p>
      <p className="sr-only" aria-live="polite">
        {open && query !== null
          ? matches.length === 0
            ? "No country matches."
            : `${matches.length} ${matches.length === 1 ? "country" : "countries"} found.`
          : ""}
      </p>
      <FieldError id={errorId} message={error} />
    </div>
  );
}
