import { describe, expect, it } from "vitest";
import { unpackPhoneCountries } from "~/features/contact/inquiry-fields";
import { packedPhoneCountries } from "~/features/contact/phone-countries.server";
import { optionLabel } from "~/lib/country-options";
import { countryFromOption } from "./country-picker";

describe("countryFromOption", () => {
  it("gives back every country of the contact form from its option in the native select", () => {
    const countries = unpackPhoneCountries(packedPhoneCountries());
    expect(countries.length).toBeGreaterThan(200);
    for (const country of countries) {
      expect(countryFromOption({ value: country.code, text: optionLabel(country) })).toEqual(country);
    }
  });

  it("reads names that hold brackets of their own", () => {
    expect(countryFromOption({ value: "CD", text: "Congo (DRC) (+243)" })).toEqual({
      code: "CD",
      name: "Congo (DRC)",
      callingCode: "243",
    });
  });

  it("keeps an option without a calling code searchable by its name", () => {
    expect(countryFromOption({ value: "XX", text: "Somewhere" })).toEqual({
      code: "XX",
      name: "Somewhere",
      callingCode: "",
    });
  });
});
