import { describe, expect, it } from "vitest";
import { filterCountries } from "./country-combobox";

const countries = [
  { code: "AX", name: "Åland Islands", callingCode: "358" },
  { code: "FI", name: "Finland", callingCode: "358" },
  { code: "GG", name: "Guernsey", callingCode: "44" },
  { code: "IN", name: "India", callingCode: "91" },
  { code: "GB", name: "United Kingdom", callingCode: "44" },
  { code: "US", name: "United States", callingCode: "1" },
  { code: "TZ", name: "Tanzania, United Republic of", callingCode: "255" },
];

function codes(query: string): string[] {
  return filterCountries(countries, query).map((country) => country.code);
}

describe("filterCountries", () => {
  it("offers every country for an empty or blank search", () => {
    expect(codes("")).toHaveLength(countries.length);
    expect(codes("   ")).toHaveLength(countries.length);
  });

  it("matches names anywhere, ignoring case and accents, names starting with the words first", () => {
    expect(codes("united")).toEqual(["GB", "US", "TZ"]);
    expect(codes("ALAND")).toEqual(["AX"]);
    expect(codes("land")).toEqual(["AX", "FI"]);
  });

  it("matches calling codes with or without the plus, exact codes first", () => {
    expect(codes("+44")).toEqual(["GG", "GB"]);
    expect(codes("4")).toEqual(["GG", "GB"]);
    expect(codes("35")).toEqual(["AX", "FI"]);
    expect(codes("1")).toEqual(["US"]);
    expect(codes("9")).toEqual(["IN"]);
  });

  it("matches a two-letter country code exactly", () => {
    expect(codes("gb")).toEqual(["GB"]);
  });

  it("finds nothing for a search that matches nothing", () => {
    expect(codes("Atlantis")).toEqual([]);
    expect(codes("+999")).toEqual([]);
  });
});
