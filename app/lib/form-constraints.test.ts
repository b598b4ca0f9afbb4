import { describe, expect, it } from "vitest";
import { z } from "zod";
import { loginSchema, profileUpdateSchema, registrationSchema } from "~/features/accounts/schemas";
import { inquirySchema, parseInquiry } from "~/features/contact/inquiry-schema";
import { kycSubmissionSchema } from "~/features/kyc/kyc-schema";
import { FeatureError } from "./errors";
import { type FieldConstraints, formConstraints, inputTypes } from "./form-constraints";

/** The message the server gives for a field, or undefined when it accepts the value. */
function serverMessage(schema: z.ZodType, field: string, value: string, base: Record<string, unknown>) {
  const result = schema.safeParse({ ...base, [field]: value });
  if (result.success) return undefined;
  return result.error.issues.find((issue) => issue.path[0] === field)?.message;
}

describe("formConstraints", () => {
  it("reads required, lengths, e-mail type and patterns from a schema's checks", () => {
    const schema = z.object({
      nickname: z.string().trim().min(2, "Too short").max(20, "Too long"),
      email: z.string().min(1).pipe(z.email()),
      code: z.string().regex(/^[A-Z]{3}$/, "Three capitals"),
      unanchored: z.string().regex(/[A-Z]/, "A capital somewhere"),
      note: z.string().max(200).optional(),
      remark: z.string().min(1).default("none"),
      count: z.number(),
    });
    expect(formConstraints(schema)).toEqual({
      nickname: { name: "nickname", required: true, minLength: 2, maxLength: 20 },
      email: { name: "email", required: true, type: "email" },
      code: { name: "code", pattern: "[A-Z]{3}" },
      unanchored: { name: "unanchored" },
      note: { name: "note", maxLength: 200 },
      remark: { name: "remark" },
      count: { name: "count" },
    });
  });

  it("leaves out a pattern a browser would read differently or refuse", () => {
    const schema = z.object({
      caseless: z.string().regex(/^[a-z]+$/i),
      // Valid with the u flag, a syntax error under the v flag browsers use for `pattern`.
      phone: z.string().regex(/^[+()\d\s.-]*$/),
      singleLine: z.string().regex(/^\P{Cc}*$/u),
    });
    expect(formConstraints(schema)).toEqual({
      caseless: { name: "caseless" },
      phone: { name: "phone" },
      singleLine: { name: "singleLine", pattern: "\\P{Cc}*" },
    });
  });

  it("takes an input type a check cannot say from the inputTypes registry, through wrappers", () => {
    const schema = z.object({
      phone: z.string().max(30).register(inputTypes, { type: "tel" }).default(""),
      born: z.string().min(1).max(10).register(inputTypes, { type: "date" }),
    });
    // Length attributes mean nothing to a date picker.
    expect(formConstraints(schema)).toEqual({
      phone: { name: "phone", type: "tel", maxLength: 30 },
      born: { name: "born", required: true, type: "date" },
    });
  });

  it("reaches the fields of an object refined and transformed as a whole, and of preprocessed fields", () => {
    const fields = formConstraints(inquirySchema());
    expect(fields.name).toEqual({ name: "name", required: true, maxLength: 100, pattern: "\\P{Cc}*" });
    expect(fields.email).toEqual({ name: "email", required: true, type: "email", maxLength: 254 });
    expect(fields.phone).toMatchObject({ required: true, type: "tel", maxLength: 30 });
    expect(fields.businessType).toEqual({ name: "businessType", required: true });
    expect(fields.message).toMatchObject({ maxLength: 5000 });
    expect(fields.message.required).toBeUndefined();
    expect(fields.preferredCallTime).toEqual({ name: "preferredCallTime", type: "datetime-local" });
  });

  it("reads a schema once and hands every caller the same frozen answer", () => {
    const schema = z.object({ nickname: z.string().max(20) });
    const first = formConstraints(schema);
    expect(formConstraints(schema)).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(Object.isFrozen(first.nickname)).toBe(true);
    // An equal schema built again is read on its own.
    expect(formConstraints(z.object({ nickname: z.string().max(10) })).nickname.maxLength).toBe(10);
  });

  it("refuses a schema that is not an object", () => {
    expect(() => formConstraints(z.string() as never)).toThrow(/object schema/);
  });
});

describe("the forms' attributes agree with the server's checks", () => {
  const accountForms = [
    [
      "sign-up",
      registrationSchema,
      { name: "Ada", email: "ada@example.com", password: "a long pass phrase" },
    ],
    ["login", loginSchema, { email: "ada@example.com", password: "secret" }],
    ["profile", profileUpdateSchema, { name: "Ada" }],
    [
      "onboarding",
      kycSubmissionSchema,
      { address: "12 Main Street", phone: "(201) 555-0123", dob: "1990-04-02", idNumber: "AB1234" },
    ],
  ] as const;

  for (const [form, schema, valid] of accountForms) {
    it(`${form}: a value at each limit passes the server, one past it fails with the schema's message`, () => {
      expect(schema.safeParse(valid).success).toBe(true);
      for (const field of Object.values(formConstraints(schema)) as FieldConstraints[]) {
        const base = valid as Record<string, unknown>;
        if (field.maxLength !== undefined && field.type !== "tel") {
          const fits = "x".repeat(field.maxLength);
          // A text field of its longest length is the browser's limit and the server's too.
          if (field.type === "email") {
            const longest = `${"a".repeat(field.maxLength - "@example.com".length)}@example.com`;
            expect(serverMessage(schema, field.name, `${longest}a`, base), field.name).toBeTruthy();
          } else {
            expect(serverMessage(schema, field.name, fits, base), field.name).toBeUndefined();
            expect(serverMessage(schema, field.name, `${fits}x`, base), field.name).toBeTruthy();
          }
        }
        if (field.minLength !== undefined) {
          expect(serverMessage(schema, field.name, "x".repeat(field.minLength - 1), base)).toBeTruthy();
        }
        if (field.required) expect(serverMessage(schema, field.name, "", base), field.name).toBeTruthy();
        // A text field without `required` may be left empty (choices such as role never send "").
        else if (field.maxLength !== undefined || field.type) {
          expect(serverMessage(schema, field.name, "", base), field.name).toBeUndefined();
        }
      }
    });
  }

  it("sign-up: the password's length rule is the schema's, with the sentence the page shows", () => {
    const fields = formConstraints(registrationSchema);
    expect(fields.password).toEqual({ name: "password", required: true, minLength: 8, maxLength: 256 });
    const base = { name: "Ada", email: "ada@example.com" };
    expect(serverMessage(registrationSchema, "password", "short", base)).toBe("Use at least 8 characters.");
    expect(serverMessage(registrationSchema, "password", "x".repeat(257), base)).toBe(
      "Use at most 256 characters.",
    );
    expect(serverMessage(registrationSchema, "password", "", base)).toBe("Please enter a password.");
  });

  it("onboarding: the ID number's limits are the schema's, one sentence for each way to miss them", () => {
    expect(formConstraints(kycSubmissionSchema).idNumber).toEqual({
      name: "idNumber",
      required: true,
      minLength: 4,
      pattern: "[ \\-]*(?:[A-Za-z0-9][ \\-]*){4,30}",
    });
    const pattern = new RegExp(`^(?:${formConstraints(kycSubmissionSchema).idNumber.pattern})$`, "v");
    for (const idNumber of ["AB1", "A".repeat(31), "AB_1234", "A-B-1"]) {
      expect(pattern.test(idNumber)).toBe(false);
      expect(serverMessage(kycSubmissionSchema, "idNumber", idNumber, {})).toBe(
        "Your ID number must be 4 to 30 letters or digits (spaces and hyphens are fine).",
      );
    }
    // Grouped as on the document: accepted, and only the letters and digits are kept.
    expect(pattern.test("ab-12 34")).toBe(true);
    expect(serverMessage(kycSubmissionSchema, "idNumber", "ab-12 34", {})).toBeUndefined();
    expect(serverMessage(kycSubmissionSchema, "idNumber", "1-2-3", {})).toBe(
      "Your ID number must be 4 to 30 letters or digits (spaces and hyphens are fine).",
    );
  });

  it("contact: a name at the input's limit is accepted and one longer is refused", () => {
    const { name } = formConstraints(inquirySchema());
    const inquiry = {
      email: "grace@example.com",
      phone: "(201) 555-0123",
      businessType: "Startup",
      industry: "Education",
      timezone: "EST",
      requiredServices: ["Administrative Support"],
    };
    expect(() => parseInquiry({ ...inquiry, name: "n".repeat(name.maxLength!) })).not.toThrow();
    expect(() => parseInquiry({ ...inquiry, name: "n".repeat(name.maxLength! + 1) })).toThrow(FeatureError);
  });
});
