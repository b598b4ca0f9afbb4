import { describe, expect, it } from "vitest";
import { formatMoney } from "./money";

describe("formatMoney", () => {
  it("shows cents as the currency's units, with separators and two decimals", () => {
    expect(formatMoney(123_450, "USD")).toBe("$1,234.50");
    expect(formatMoney(8_000, "USD")).toBe("$80.00");
    expect(formatMoney(4_321, "USD")).toBe("$43.21");
    expect(formatMoney(5, "USD")).toBe("$0.05");
  });

  it("names other currencies by their symbol", () => {
    expect(formatMoney(123_450, "INR")).toBe("₹1,234.50");
    expect(formatMoney(2_500, "EUR")).toBe("€25.00");
  });
});
