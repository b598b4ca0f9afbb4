import { describe, expect, it } from "vitest";
import { packPhoneCountries, unpackPhoneCountries } from "./inquiry-fields";
import { listPhoneCountries } from "./phone-countries.server";

describe("the phone countries as the contact page's data carries them", () => {
  it("unpacks to the very list the server built, names with spaces, commas and accents included", () => {
    const countries = listPhoneCountries();
    const unpacked = unpackPhoneCountries(packPhoneCountries(countries));
    expect(unpacked).toEqual(countries);
    expect(unpacked.length).toBeGreaterThan(200);
    expect(unpacked).toContainEqual({ code: "CI", name: "Côte d’Ivoire", callingCode: "225" });
    expect(unpacked).toContainEqual({ code: "US", name: "United States", callingCode: "1" });
  });

  it("unpacks an empty list to no countries", () => {
    expect(unpackPhoneCountries(packPhoneCountries([]))).toEqual([]);
  });
});
