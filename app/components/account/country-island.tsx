import { createRoot } from "react-dom/client";
import CountryCombobox from "./country-combobox";
import { countryFromOption } from "./country-picker";

/**
 * The searchable country combobox on a static page: it takes the place of the server-rendered
 * native select (inside `picker`, the element marked `data-country-picker`), with the select's
 * countries, its current choice, label, name and error. The React the page loads for it is loaded
 * only once the visitor starts on the form (../site/static-page.ts).
 */
export function mountCountryCombobox(picker: HTMLElement): void {
  const select = picker.querySelector("select");
  if (!select) return;
  // Read while the select is still in the page: a detached one has no labels to find.
  const errorId = select.getAttribute("aria-describedby");
  const combobox = (
    <CountryCombobox
      label={select.labels?.[0]?.textContent ?? ""}
      name={select.name}
      countries={Array.from(select.options, countryFromOption)}
      defaultValue={select.value}
      error={(errorId && document.getElementById(errorId)?.textContent) || undefined}
      className={picker.className || undefined}
    />
  );
  const host = document.createElement("div");
  picker.replaceWith(host);
  createRoot(host).render(combobox);
}
