import { inquiries, outbox } from "@db/schema";
import { eq, or } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { inquiryMessages } from "~/features/contact/inquiry-fields";
import { HONEYPOT_FIELD } from "~/lib/honeypot";
import { appSuite } from "../../tests/setup/app-suite";
import {
  countRows,
  expectFailure,
  isSentence,
  nextAddress,
  postJson,
  sampleInquiry,
  uniqueEmail,
} from "../../tests/setup/factories";

const AGENCY_EMAIL = "inquiries@agency.example";

const suite = appSuite({ settings: { AGENCY_EMAIL } });

/** A complete, valid inquiry as the old app's clients send it; each test breaks one thing. */
function validInquiry(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    ...sampleInquiry(uniqueEmail("inquirer")),
    requiredServices: ["Administrative Support", "Digital Marketing"],
    ...overrides,
  };
}

function without(field: string): Record<string, unknown> {
  const inquiry = validInquiry();
  delete inquiry[field];
  return inquiry;
}

async function counts() {
  return { inquiries: await countRows(suite.db, inquiries), outbox: await countRows(suite.db, outbox) };
}

interface FieldFailure {
  success: boolean;
  message: string;
  errors: Record<string, string>;
}

/** Posts an inquiry that must be refused with 400, storing and mailing nothing; `check` reads the refusal. */
async function postRefused(body: unknown, check: (answer: FieldFailure) => void): Promise<FieldFailure> {
  const before = await counts();
  const response = await postJson(suite.app, "/api/contact", body);
  const answer = (await response.json()) as FieldFailure;
  expect({ status: response.status, success: answer.success }, JSON.stringify(answer)).toEqual({
    status: 400,
    success: false,
  });
  check(answer);
  expect(await counts()).toEqual(before);
  return answer;
}

/** Posts an inquiry that must be refused with 400 for `field`, storing and mailing nothing. */
function expectRefused(body: unknown, field: string, message: string): Promise<FieldFailure> {
  return postRefused(body, (answer) => {
    expect(answer.errors[field], JSON.stringify(answer.errors)).toBe(message);
    expect(answer.message).toBe(message);
  });
}

describe("POST /api/contact accepts an inquiry", () => {
  it("answers 201 {success, message}, stores it and queues exactly two e-mails", async () => {
    const inquiry = validInquiry();
    const before = await counts();
    const response = await postJson(suite.app, "/api/contact", inquiry);
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ success: true, message: "Form submitted successfully!" });

    const rows = await suite.db
      .select()
      .from(inquiries)
      .where(eq(inquiries.email, String(inquiry.email)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: "Ada Lovelace",
      phone: "+12025550143",
      phoneCountry: "US",
      businessType: "Startup",
      requiredServices: ["Administrative Support", "Digital Marketing"],
      industry: "Tech",
      timezone: "EST",
      message: "We need help with our inbox and calendar.",
      preferredCallTime: null,
      plan: null,
    });

    expect(await counts()).toEqual({ inquiries: before.inquiries + 1, outbox: before.outbox + 2 });
    const sender = String(inquiry.email);
    const mails = await suite.db
      .select()
      .from(outbox)
      .where(or(eq(outbox.recipient, sender), eq(outbox.replyTo, sender)));
    expect(
      mails
        .map(({ kind, recipient, replyTo }) => ({ kind, recipient, replyTo }))
        .sort((a, b) => a.kind.localeCompare(b.kind)),
    ).toEqual([
      { kind: "contact-acknowledgement", recipient: sender, replyTo: AGENCY_EMAIL },
      { kind: "contact-inquiry", recipient: AGENCY_EMAIL, replyTo: sender },
    ]);
  });

  it("takes the old app's fields: one service as a string, `calendly` for the call time, null for blanks", async () => {
    const email = uniqueEmail("old-client");
    const inThirtyDays = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const response = await postJson(
      suite.app,
      "/api/contact",
      validInquiry({
        email,
        requiredServices: "Project Management",
        calendly: `${inThirtyDays}T10:30`,
        message: null,
        otherBusiness: null,
      }),
    );
    expect(response.status).toBe(201);
    const [row] = await suite.db.select().from(inquiries).where(eq(inquiries.email, email));
    expect(row).toMatchObject({
      requiredServices: ["Project Management"],
      message: "",
      otherBusiness: "",
    });
    expect(row?.preferredCallTime).toMatch(new RegExp(`^${inThirtyDays}[ T]10:30:00`));
  });

  it("accepts an international number without a country, as old clients sent it", async () => {
    const email = uniqueEmail("digits");
    const response = await postJson(
      suite.app,
      "/api/contact",
      validInquiry({ email, phone: "442079460958", phoneCountry: undefined }),
    );
    expect(response.status).toBe(201);
    const [row] = await suite.db.select().from(inquiries).where(eq(inquiries.email, email));
    expect(row).toMatchObject({ phone: "+442079460958", phoneCountry: "GB" });
  });
});

describe("POST /api/contact checks every rule, each on its own", () => {
  const cases: [string, Record<string, unknown>, string, string][] = [
    ["a missing name", without("name"), "name", inquiryMessages.nameRequired],
    ["a blank name", validInquiry({ name: "   " }), "name", "Name is required"],
    ["a missing e-mail", without("email"), "email", "Email is required"],
    ["an empty e-mail", validInquiry({ email: "" }), "email", "Email is required"],
    ["a malformed e-mail", validInquiry({ email: "ada.example.com" }), "email", "Invalid email format"],
    ["an e-mail with no domain", validInquiry({ email: "ada@" }), "email", "Invalid email format"],
    ["a missing phone", without("phone"), "phone", "Phone number is required"],
    ["a blank phone", validInquiry({ phone: " " }), "phone", "Phone number is required"],
    ["a short phone", validInquiry({ phone: "555 0100" }), "phone", "Please enter a valid phone number"],
    [
      "letters for a phone",
      validInquiry({ phone: "call me maybe" }),
      "phone",
      "Please enter a valid phone number",
    ],
    [
      "a number that is not one of the chosen country",
      validInquiry({ phone: "07911 123456", phoneCountry: "US" }),
      "phone",
      "Please enter a valid phone number",
    ],
    ["a missing business type", without("businessType"), "businessType", "Business type is required"],
    [
      "an empty business type",
      validInquiry({ businessType: "" }),
      "businessType",
      "Business type is required",
    ],
    ["a missing industry", without("industry"), "industry", "Industry is required"],
    ["an empty industry", validInquiry({ industry: "" }), "industry", "Industry is required"],
    [
      "no services",
      validInquiry({ requiredServices: [] }),
      "requiredServices",
      "At least one service is required",
    ],
    ["missing services", without("requiredServices"), "requiredServices", "At least one service is required"],
    ["a missing time zone", without("timezone"), "timezone", "Timezone is required"],
    ["an empty time zone", validInquiry({ timezone: "" }), "timezone", "Timezone is required"],
  ];

  for (const [label, body, field, message] of cases) {
    it(`refuses ${label} with "${message}"`, async () => {
      await expectRefused(body, field, message);
    });
  }

  it("reports every problem of an empty form at once, field by field", async () => {
    const response = await postJson(suite.app, "/api/contact", {});
    expect(response.status).toBe(400);
    const answer = (await response.json()) as FieldFailure;
    expect(answer.errors).toEqual({
      name: "Name is required",
      email: "Email is required",
      phone: "Phone number is required",
      businessType: "Business type is required",
      requiredServices: "At least one service is required",
      industry: "Industry is required",
      timezone: "Timezone is required",
    });
  });

  it("leaves the message optional", async () => {
    expect((await postJson(suite.app, "/api/contact", without("message"))).status).toBe(201);
    expect((await postJson(suite.app, "/api/contact", validInquiry({ message: "" }))).status).toBe(201);
  });

  it("asks what 'Other' means when Other is chosen", async () => {
    await expectRefused(
      validInquiry({ businessType: "Other" }),
      "otherBusiness",
      "Please tell us your business type.",
    );
    await expectRefused(
      validInquiry({ industry: "Other" }),
      "otherIndustry",
      "Please tell us your industry.",
    );
  });
});

describe("POST /api/contact refuses what does not belong, never with a 5xx", () => {
  const tooLong: [string, string, unknown][] = [
    ["name", "name", "N".repeat(101)],
    ["e-mail", "email", `${"a".repeat(250)}@example.com`],
    ["phone", "phone", "2".repeat(31)],
    ["other business type", "otherBusiness", "B".repeat(101)],
    ["other industry", "otherIndustry", "I".repeat(101)],
    ["message", "message", "M".repeat(5001)],
  ];
  for (const [label, field, value] of tooLong) {
    it(`refuses an over-long ${label} with a sentence`, async () => {
      const body = validInquiry({
        businessType: "Other",
        otherBusiness: "Consultancy",
        industry: "Other",
        otherIndustry: "Logistics",
        [field]: value,
      });
      const answer = await expectRefusedWithSentence(body, field);
      expect(answer.errors[field]).toMatch(/^Please /);
    });
  }

  const unknownValues: [string, string, unknown][] = [
    ["business type", "businessType", "Pirate"],
    ["industry", "industry", "Space Travel"],
    ["service", "requiredServices", ["Administrative Support", "Tarot Reading"]],
    ["time zone", "timezone", "CET"],
    ["phone country", "phoneCountry", "ZZ"],
  ];
  for (const [label, field, value] of unknownValues) {
    it(`refuses an unknown ${label} with a sentence`, async () => {
      const answer = await expectRefusedWithSentence(validInquiry({ [field]: value }), field);
      expect(answer.errors[field]).toMatch(/^Please choose .* from the list\.$/);
    });
  }

  it("refuses values of the wrong type with a sentence", async () => {
    await expectRefusedWithSentence(validInquiry({ name: 42 }), "name");
    await expectRefusedWithSentence(
      validInquiry({ requiredServices: { 0: "Digital Marketing" } }),
      "requiredServices",
    );
    await expectRefusedWithSentence(validInquiry({ requiredServices: [7] }), "requiredServices");
    await expectRefusedWithSentence(validInquiry({ timezone: ["EST"] }), "timezone");
  });

  it("refuses control characters (a NUL cannot even be stored) with a sentence", async () => {
    await expectRefusedWithSentence(validInquiry({ name: "Ada\u0000Lovelace" }), "name");
    await expectRefusedWithSentence(validInquiry({ message: "Hello\u0007" }), "message");
  });

  it("refuses a preferred call time that is not a date, in the past or too far ahead", async () => {
    for (const value of ["next Tuesday", "2027-02-30T10:00", "2001-01-01T10:00", "2999-01-01T10:00"]) {
      await expectRefusedWithSentence(validInquiry({ preferredCallTime: value }), "preferredCallTime");
    }
  });

  it("stores a <script> as the text it is", async () => {
    const email = uniqueEmail("script");
    const script = "<script>alert('hi')</script>";
    const response = await postJson(
      suite.app,
      "/api/contact",
      validInquiry({ email, name: `Eve ${script}`, message: `Hello ${script}` }),
    );
    expect(response.status).toBe(201);
    const [row] = await suite.db.select().from(inquiries).where(eq(inquiries.email, email));
    expect(row?.name).toBe(`Eve ${script}`);
    expect(row?.message).toBe(`Hello ${script}`);
  });

  it("refuses a filled honeypot with a 400 and stores nothing", async () => {
    const before = await counts();
    const response = await postJson(
      suite.app,
      "/api/contact",
      validInquiry({ [HONEYPOT_FIELD]: "https://spam.example" }),
    );
    await expectFailure(response, 400);
    expect(await counts()).toEqual(before);
  });

  it("answers a 1 MB body with 413 and a sentence, storing nothing", async () => {
    const before = await counts();
    const response = await postJson(
      suite.app,
      "/api/contact",
      validInquiry({ message: "x".repeat(1024 * 1024) }),
    );
    await expectFailure(response, 413);
    expect(await counts()).toEqual(before);
  });

  it("answers a 1 MB form posted to the contact page with 413, storing nothing", async () => {
    const before = await counts();
    const form = new URLSearchParams({ name: "Big", message: "x".repeat(1024 * 1024) });
    const response = await suite.app.request("/contact", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": nextAddress() },
      body: form.toString(),
    });
    expect(response.status).toBe(413);
    expect(await counts()).toEqual(before);
  });

  it("answers malformed JSON and a JSON array with 400 and a sentence", async () => {
    await expectFailure(await postJson(suite.app, "/api/contact", "{not json"), 400);
    await expectFailure(await postJson(suite.app, "/api/contact", "[1, 2]"), 400);
  });

  function expectRefusedWithSentence(body: unknown, field: string): Promise<FieldFailure> {
    return postRefused(body, (answer) => {
      expect(isSentence(answer.errors[field]), JSON.stringify(answer.errors)).toBe(true);
      expect(isSentence(answer.message)).toBe(true);
    });
  }
});

describe("POST /api/contact rate limit", () => {
  // Limits count in fixed windows; a frozen clock keeps the burst inside one window.
  beforeEach(() => {
    const now = new Date();
    now.setUTCSeconds(5, 0);
    vi.useFakeTimers({ toFake: ["Date"], now });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("refuses the 11th inquiry from one address within a minute with 429, Retry-After and a sentence", async () => {
    const address = nextAddress();
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      // Mistakes count too: a bot cannot probe the rules without limit.
      const body = attempt % 2 === 0 ? validInquiry() : without("name");
      const response = await postJson(suite.app, "/api/contact", body, { address });
      expect(response.status, `attempt ${attempt}`).toBe(attempt % 2 === 0 ? 201 : 400);
    }
    const before = await counts();
    const eleventh = await postJson(suite.app, "/api/contact", validInquiry(), { address });
    const answer = await expectFailure(eleventh, 429);
    expect(answer.message).toMatch(/wait \d+ seconds/);
    const retryAfter = Number(eleventh.headers.get("Retry-After"));
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(await counts()).toEqual(before);

    // Another address is not held back.
    expect(
      (await postJson(suite.app, "/api/contact", validInquiry(), { address: nextAddress() })).status,
    ).toBe(201);
  });

  it("follows RATE_LIMIT_FORMS_PER_MINUTE", async () => {
    const strict = suite.appWith({ RATE_LIMIT_FORMS_PER_MINUTE: "2", AGENCY_EMAIL });
    const address = nextAddress();
    expect((await postJson(strict, "/api/contact", validInquiry(), { address })).status).toBe(201);
    expect((await postJson(strict, "/api/contact", validInquiry(), { address })).status).toBe(201);
    await expectFailure(await postJson(strict, "/api/contact", validInquiry(), { address }), 429);
  });
});

describe("POST /api/contact and the plan", () => {
  it("stores a plan when one is sent, and never requires it", async () => {
    const inquiry = validInquiry({ plan: "starter" });
    const response = await postJson(suite.app, "/api/contact", inquiry);
    expect(response.status).toBe(201);
    const [row] = await suite.db
      .select()
      .from(inquiries)
      .where(eq(inquiries.email, String(inquiry.email)));
    expect(row?.plan).toBe("starter");
  });

  it("refuses an unknown plan with 400 and a sentence, storing nothing", async () => {
    await expectRefused(validInquiry({ plan: "enterprise" }), "plan", "Please choose a plan from the list.");
  });
});
