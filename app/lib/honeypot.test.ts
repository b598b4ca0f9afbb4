import { describe, expect, it } from "vitest";
import { FeatureError } from "./errors";
import { HONEYPOT_FIELD, HONEYPOT_MESSAGE, rejectFilledHoneypot } from "./honeypot";

function form(entries: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(entries)) data.append(name, value);
  return data;
}

describe("rejectFilledHoneypot", () => {
  it("lets a form or a JSON body through when the honeypot is missing, empty or blank", () => {
    for (const input of [
      form({ email: "ada@example.com" }),
      form({ [HONEYPOT_FIELD]: "" }),
      form({ [HONEYPOT_FIELD]: "   " }),
      { email: "ada@example.com" },
      { [HONEYPOT_FIELD]: null },
      undefined,
      "a string body",
    ]) {
      expect(() => rejectFilledHoneypot(input)).not.toThrow();
    }
  });

  it("refuses a filled honeypot in a form or a JSON body with a 400-kind sentence", () => {
    for (const input of [
      form({ [HONEYPOT_FIELD]: "https://spam.example" }),
      { [HONEYPOT_FIELD]: "https://spam.example" },
      { [HONEYPOT_FIELD]: 1 },
    ]) {
      let thrown: unknown;
      try {
        rejectFilledHoneypot(input);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(FeatureError);
      expect((thrown as FeatureError).kind).toBe("invalid");
      expect((thrown as FeatureError).message).toBe(HONEYPOT_MESSAGE);
    }
  });
});
