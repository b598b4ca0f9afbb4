import { describe, expect, it } from "vitest";
import { billingDetailsSchema, taxIdFitsCountry } from "./billing-schema";

describe("a tax ID against its country", () => {
  it("checks EU, UK and Swiss VAT numbers' digits, with or without the country's letters and spacing", () => {
    expect(taxIdFitsCountry("DE136695976", "DE")).toBe(true);
    expect(taxIdFitsCountry("136 695 976", "DE")).toBe(true);
    expect(taxIdFitsCountry("DE136695977", "DE")).toBe(false);
    expect(taxIdFitsCountry("094259216", "GR")).toBe(true);
    expect(taxIdFitsCountry("GB980780684", "GB")).toBe(true);
    expect(taxIdFitsCountry("CHE-123.456.788", "CH")).toBe(true);
    // A German number given for France is not a French one.
    expect(taxIdFitsCountry("DE136695976", "FR")).toBe(false);
  });

  it("leaves countries it has no rules for to the general shape", () => {
    expect(taxIdFitsCountry("27AAPFU0939F1ZV", "IN")).toBeUndefined();
    expect(billingDetailsSchema.safeParse({ country: "IN", taxId: "27AAPFU0939F1ZV" }).success).toBe(true);
  });

  it("trims, upper-cases the country, and treats missing fields as empty", () => {
    expect(billingDetailsSchema.parse({ name: "  Ada  ", country: "de" })).toEqual({
      name: "Ada",
      company: "",
      address: "",
      country: "DE",
      taxId: "",
    });
  });
});
