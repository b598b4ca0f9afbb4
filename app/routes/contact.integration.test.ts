import { inquiries, outbox } from "@db/schema";
import { eq, or } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { unpackPhoneCountries } from "~/features/contact/inquiry-fields";
import type { FormFailure } from "~/infra/form-failure.server";
import { HONEYPOT_FIELD, HONEYPOT_MESSAGE } from "~/lib/honeypot";
import { contactPageForm, countRows } from "../../tests/setup/factories";
import { callAction, callLoader, expectRedirectWithToast, routeSuite } from "../../tests/setup/route-calls";
import { action, loader } from "./contact";

const suite = routeSuite();

async function submit(fields: Record<string, string | string[]>) {
  const context = await suite.pageContext();
  const answer = await callAction<FormFailure>(action, context, "/contact", fields);
  return { answer, context };
}

async function inquiriesFrom(email: string) {
  return suite.db.select().from(inquiries).where(eq(inquiries.email, email));
}

async function mailsAbout(email: string) {
  return suite.db
    .select()
    .from(outbox)
    .where(or(eq(outbox.recipient, email), eq(outbox.replyTo, email)));
}

describe("the contact page's action", () => {
  it("stores a valid inquiry, queues both e-mails and redirects to the sent notice with the seed's toast", async () => {
    const fields = contactPageForm();
    const { answer, context } = await submit(fields);
    await expectRedirectWithToast(answer, context, "/contact?sent=1", {
      kind: "success",
      message: "Form submitted successfully!",
    });
    const [stored] = await inquiriesFrom(String(fields.email));
    expect(stored).toMatchObject({
      name: "Grace Hopper",
      phone: "+442079460958",
      requiredServices: ["Business Data Analysis", "Project Management"],
    });
    expect(await mailsAbout(String(fields.email))).toHaveLength(2);
  });

  it("answers a form with problems with 400, the seed's message beside each field, and every value kept", async () => {
    const before = await countRows(suite.db, inquiries);
    const fields = contactPageForm({
      name: "",
      email: "not-an-email",
      phone: "12",
      industry: "",
      requiredServices: [],
      message: "Still typed",
    });
    const { answer } = await submit(fields);
    expect(answer.status).toBe(400);
    expect(answer.data.fieldErrors).toEqual({
      name: "Name is required",
      email: "Invalid email format",
      phone: "Please enter a valid phone number",
      industry: "Industry is required",
      requiredServices: "At least one service is required",
    });
    expect(answer.data.values).toMatchObject({
      email: "not-an-email",
      phone: "12",
      phoneCountry: "GB",
      businessType: "Small/Medium-Sized Business",
      message: "Still typed",
      requiredServices: "",
    });
    expect(await countRows(suite.db, inquiries)).toBe(before);
  });

  it("gives the ticked services back in one value, so the boxes stay ticked", async () => {
    const { answer } = await submit(
      contactPageForm({ name: "", requiredServices: ["Digital Marketing", "Project Management"] }),
    );
    expect(answer.status).toBe(400);
    expect(answer.data.values.requiredServices?.split("\n")).toEqual([
      "Digital Marketing",
      "Project Management",
    ]);
  });

  it("stores the plan picked in the Plan field, and refuses an unknown one with 400 beside the field", async () => {
    const chosen = contactPageForm({ plan: "dedicated" });
    const { answer, context } = await submit(chosen);
    await expectRedirectWithToast(answer, context, "/contact?sent=1", {
      kind: "success",
      message: "Form submitted successfully!",
    });
    expect((await inquiriesFrom(String(chosen.email)))[0]?.plan).toBe("dedicated");

    const notSure = contactPageForm({ plan: "" });
    await submit(notSure);
    expect((await inquiriesFrom(String(notSure.email)))[0]?.plan).toBeNull();

    const unknown = contactPageForm({ plan: "platinum" });
    const refused = await submit(unknown);
    expect(refused.answer.status).toBe(400);
    expect(refused.answer.data.fieldErrors).toEqual({ plan: "Please choose a plan from the list." });
    expect(refused.answer.data.values.plan).toBe("platinum");
    expect(await inquiriesFrom(String(unknown.email))).toEqual([]);
  });

  it("refuses a filled honeypot with 400 and the honeypot's sentence, storing and mailing nothing", async () => {
    const fields = contactPageForm({ [HONEYPOT_FIELD]: "https://spam.example" });
    const { answer } = await submit(fields);
    expect(answer.status).toBe(400);
    expect(answer.data.error).toBe(HONEYPOT_MESSAGE);
    expect(answer.data.values.name).toBe("Grace Hopper");
    expect(await inquiriesFrom(String(fields.email))).toEqual([]);
    expect(await mailsAbout(String(fields.email))).toEqual([]);
  });
});

describe("the contact page's loader", () => {
  it("shows the sent notice only after a redirect with sent=1, and hands the form its field attributes", async () => {
    const context = await suite.pageContext();
    const page = async (path: string) =>
      (await callLoader<Awaited<ReturnType<typeof loader>>>(loader, context, path)).data;
    expect((await page("/contact")).sent).toBe(false);
    const sent = await page("/contact?sent=1");
    expect(sent.sent).toBe(true);
    expect(sent.fields.message).toMatchObject({ name: "message", maxLength: 5000 });
    expect(sent.fields.phone).toMatchObject({ name: "phone", required: true, type: "tel", maxLength: 30 });
    expect(unpackPhoneCountries(sent.countries)).toContainEqual({
      code: "GB",
      name: "United Kingdom",
      callingCode: "44",
    });
  });

  it("preselects the plan a pricing page link names, and nothing for a plan it does not know", async () => {
    const context = await suite.pageContext();
    const planOf = async (path: string) =>
      (await callLoader<Awaited<ReturnType<typeof loader>>>(loader, context, path)).data.plan;
    expect(await planOf("/contact?plan=growth")).toBe("growth");
    expect(await planOf("/contact?plan=platinum")).toBe("");
    expect(await planOf("/contact")).toBe("");
  });
});
