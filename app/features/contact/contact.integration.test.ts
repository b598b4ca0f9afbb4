import { inquiries, outbox } from "@db/schema";
import { eq, or } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/infra/db.server";
import { HONEYPOT_FIELD } from "~/lib/honeypot";
import { countRows, featureRefusal, nextAddress, uniqueEmail } from "../../../tests/setup/factories";
import { createTestDatabase } from "../../../tests/setup/test-database";
import { type InquiryContext, submitInquiry } from "./contact.server";

let database: DatabaseHandle;
const AGENCY_EMAIL = "team@agency.example";
const AGENCY_PHONE = "+1 (212) 555-0142";
/** Monday 3 May 2027, noon UTC. */
const NOW = new Date("2027-05-03T12:00:00Z");

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

function context(overrides: Partial<InquiryContext> = {}): InquiryContext {
  return {
    clientAddress: nextAddress(),
    perAddressPerMinute: 10,
    agencyEmail: AGENCY_EMAIL,
    contact: { email: AGENCY_EMAIL, phone: AGENCY_PHONE },
    now: NOW,
    ...overrides,
  };
}

function inquiry(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: "Grace Hopper",
    email: uniqueEmail("grace"),
    phone: "020 7946 0958",
    phoneCountry: "GB",
    businessType: "Small/Medium-Sized Business",
    requiredServices: ["Business Data Analysis", "Project Management"],
    industry: "Finance",
    timezone: "GMT",
    message: "Quarterly reports take us a week.\nCan you help?",
    preferredCallTime: "2027-05-10T09:30",
    ...overrides,
  };
}

async function storedFor(email: string) {
  const [row] = await database.db.select().from(inquiries).where(eq(inquiries.email, email));
  return row;
}

async function mailsAbout(email: string) {
  return database.db
    .select()
    .from(outbox)
    .where(or(eq(outbox.recipient, email), eq(outbox.replyTo, email)));
}

describe("submitInquiry", () => {
  it("stores the inquiry with the phone in E.164 and the call time as the sender's wall clock", async () => {
    const sent = inquiry();
    const { id } = await submitInquiry(database.db, sent, context());
    const row = await storedFor(String(sent.email));
    expect(row).toMatchObject({
      id,
      name: "Grace Hopper",
      phone: "+442079460958",
      phoneCountry: "GB",
      businessType: "Small/Medium-Sized Business",
      otherBusiness: "",
      requiredServices: ["Business Data Analysis", "Project Management"],
      industry: "Finance",
      otherIndustry: "",
      timezone: "GMT",
      message: "Quarterly reports take us a week.\nCan you help?",
    });
    expect(row?.preferredCallTime).toMatch(/^2027-05-10[ T]09:30:00/);
    expect(row?.createdAt.getTime()).toBe(NOW.getTime());
  });

  it("queues exactly two e-mails: every field to the agency (reply to the sender), a receipt to the sender", async () => {
    const sent = inquiry({
      businessType: "Other",
      otherBusiness: "Family office",
      industry: "Other",
      otherIndustry: "Shipping",
    });
    const email = String(sent.email);
    await submitInquiry(database.db, sent, context());
    const mails = await mailsAbout(email);
    expect(mails).toHaveLength(2);

    const notification = mails.find((mail) => mail.recipient === AGENCY_EMAIL)!;
    expect(notification).toMatchObject({ kind: "contact-inquiry", replyTo: email, status: "pending" });
    expect(notification.subject).toBe("New inquiry from Grace Hopper");
    for (const line of [
      "Name: Grace Hopper",
      `Email: ${email}`,
      "Phone: +44 20 7946 0958 (United Kingdom)",
      "Business type: Other: Family office",
      "Required services: Business Data Analysis, Project Management",
      "Industry: Other: Shipping",
      "Timezone: GMT",
      "Preferred call time: Monday, May 10, 2027 at 9:30 AM (GMT)",
      "Quarterly reports take us a week.\nCan you help?",
    ]) {
      expect(notification.textBody).toContain(line);
    }

    const receipt = mails.find((mail) => mail.recipient === email)!;
    expect(receipt).toMatchObject({ kind: "contact-acknowledgement", replyTo: AGENCY_EMAIL });
    expect(receipt.textBody).toContain("Business Data Analysis, Project Management");
    expect(receipt.textBody).toContain("Monday, May 10, 2027 at 9:30 AM (GMT)");
    // It closes with the agency's details from the settings.
    expect(receipt.textBody).toContain(`${AGENCY_EMAIL} | ${AGENCY_PHONE}`);
    // The sender's free text, name included, is not mailed back out, so the form cannot send others
    // a message of its sender's making.
    expect(receipt.textBody).not.toContain("Quarterly reports");
    expect(receipt.textBody).not.toContain("Grace");
  });

  it("acknowledges at most 3 inquiries a day to one address, and still stores and forwards every one", async () => {
    const email = uniqueEmail("often");
    // The same mailbox, however it is capitalised.
    for (const typed of [email, email.toUpperCase(), email, email.toUpperCase(), email]) {
      await submitInquiry(database.db, inquiry({ email: typed }), context());
    }
    const mails = [...(await mailsAbout(email)), ...(await mailsAbout(email.toUpperCase()))];
    expect(mails.filter((mail) => mail.kind === "contact-acknowledgement")).toHaveLength(3);
    expect(mails.filter((mail) => mail.kind === "contact-inquiry")).toHaveLength(5);
  });

  it("stores the plan chosen on the pricing page and names it in the agency's e-mail", async () => {
    const sent = inquiry({ plan: "growth" });
    await submitInquiry(database.db, sent, context());
    expect(await storedFor(String(sent.email))).toMatchObject({ plan: "growth" });
    const notification = (await mailsAbout(String(sent.email))).find(
      (mail) => mail.recipient === AGENCY_EMAIL,
    );
    expect(notification?.textBody).toContain("Plan: Growth (60 hours for $1,080 a month)");
  });

  it("keeps the plan empty (null) when none is chosen, and says nothing about a plan in the e-mail", async () => {
    for (const plan of [undefined, "", null]) {
      const sent = inquiry({ plan });
      await submitInquiry(database.db, sent, context());
      expect((await storedFor(String(sent.email)))?.plan, String(plan)).toBeNull();
      const notification = (await mailsAbout(String(sent.email))).find(
        (mail) => mail.recipient === AGENCY_EMAIL,
      );
      expect(notification?.textBody).not.toContain("Plan:");
    }
  });

  it("refuses a plan that is not on the pricing page, storing and mailing nothing", async () => {
    const before = {
      inquiries: await countRows(database.db, inquiries),
      outbox: await countRows(database.db, outbox),
    };
    for (const plan of ["platinum", 3, ["growth"]]) {
      const error = await featureRefusal(submitInquiry(database.db, inquiry({ plan }), context()));
      expect(error.fieldErrors, JSON.stringify(plan)).toEqual({
        plan: "Please choose a plan from the list.",
      });
    }
    expect({
      inquiries: await countRows(database.db, inquiries),
      outbox: await countRows(database.db, outbox),
    }).toEqual(before);
  });

  it("keeps the picked country for a number several countries share, and the number's own when typed with +", async () => {
    const shared = inquiry({ phone: "01481 256789", phoneCountry: "GG" });
    await submitInquiry(database.db, shared, context());
    expect(await storedFor(String(shared.email))).toMatchObject({
      phone: "+441481256789",
      phoneCountry: "GG",
    });

    const typedWithCode = inquiry({ phone: "+33 1 42 68 53 00", phoneCountry: "US" });
    await submitInquiry(database.db, typedWithCode, context());
    expect(await storedFor(String(typedWithCode.email))).toMatchObject({
      phone: "+33142685300",
      phoneCountry: "FR",
    });
  });

  it("drops the Other texts when Other is not chosen, and repeated services", async () => {
    const sent = inquiry({
      otherBusiness: "ignored",
      otherIndustry: "ignored too",
      requiredServices: ["Digital Marketing", "Digital Marketing"],
    });
    await submitInquiry(database.db, sent, context());
    expect(await storedFor(String(sent.email))).toMatchObject({
      otherBusiness: "",
      otherIndustry: "",
      requiredServices: ["Digital Marketing"],
    });
  });

  it("checks the call time against the given clock: the past and more than 180 days ahead are refused", async () => {
    const yesterday = await featureRefusal(
      submitInquiry(database.db, inquiry({ preferredCallTime: "2027-05-02T09:00" }), context()),
    );
    expect(yesterday.fieldErrors.preferredCallTime).toBe(
      "Please choose a preferred call time in the future.",
    );
    const farAhead = await featureRefusal(
      submitInquiry(database.db, inquiry({ preferredCallTime: "2027-12-01T09:00" }), context()),
    );
    expect(farAhead.fieldErrors.preferredCallTime).toBe(
      "Please choose a preferred call time within the next 180 days.",
    );
    // Later today on a clock west of UTC is still fine.
    const sent = inquiry({ preferredCallTime: "2027-05-03T08:00", timezone: "PST" });
    await submitInquiry(database.db, sent, context());
    expect((await storedFor(String(sent.email)))?.preferredCallTime).toMatch(/^2027-05-03[ T]08:00/);
  });

  it("refuses a filled honeypot before reading the form, storing and mailing nothing", async () => {
    const before = {
      inquiries: await countRows(database.db, inquiries),
      outbox: await countRows(database.db, outbox),
    };
    const error = await featureRefusal(
      submitInquiry(database.db, inquiry({ [HONEYPOT_FIELD]: "x" }), context()),
    );
    expect(error.kind).toBe("invalid");
    expect({
      inquiries: await countRows(database.db, inquiries),
      outbox: await countRows(database.db, outbox),
    }).toEqual(before);
  });

  it("counts attempts per client address and refuses past the limit with the seconds to wait", async () => {
    const clientAddress = nextAddress();
    await submitInquiry(database.db, inquiry(), context({ clientAddress, perAddressPerMinute: 1 }));
    const error = await featureRefusal(
      submitInquiry(database.db, inquiry(), context({ clientAddress, perAddressPerMinute: 1 })),
    );
    expect(error.kind).toBe("rate-limited");
    expect(error.retryAfterSeconds).toBe(60);
    await expect(
      submitInquiry(
        database.db,
        inquiry(),
        context({ clientAddress: nextAddress(), perAddressPerMinute: 1 }),
      ),
    ).resolves.toMatchObject({ id: expect.any(String) });
  });
});
