import { describe, expect, it } from "vitest";
import { AGENCY_EMAIL_PLACEHOLDER, faq, faqFor } from "./faq";

describe("the FAQ", () => {
  it("names the agency's e-mail from the settings, and shows no placeholder once filled in", () => {
    const shown = faqFor({ email: "team@agency.example" });
    expect(shown.map((item) => item.id)).toEqual(faq.map((item) => item.id));
    expect(shown.find((item) => item.id === "support")?.answer).toBe(
      "E-mail us at team@agency.example and we will get back to you within one business day.",
    );
    for (const item of shown) {
      expect(item.answer).not.toContain(AGENCY_EMAIL_PLACEHOLDER);
      expect(item.answer).not.toMatch(/\{\w+\}/);
    }
  });
});
