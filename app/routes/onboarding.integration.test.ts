import { kycSubmissions } from "@db/schema";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getProfile, updateProfile } from "~/features/accounts/profile.server";
import { getKycSummary } from "~/features/kyc/kyc.server";
import { latestAllowedBirthDate } from "~/features/kyc/kyc-steps";
import { HONEYPOT_FIELD, HONEYPOT_MESSAGE } from "~/lib/honeypot";
import type { RequestContext } from "~/request-context.server";
import { createUserWithSession } from "../../tests/setup/factories";
import { callAction, callLoader, expectRedirectWithToast, routeSuite } from "../../tests/setup/route-calls";
import { action, loader } from "./onboarding";

const suite = routeSuite();

const details = {
  address: "12 Main Street, Springfield",
  phone: "(201) 555-0123",
  dob: "1990-04-02",
  idNumber: "AB1234567",
};

interface StepAnswer {
  step: number;
  values: Record<string, string>;
  fieldErrors: Record<string, string>;
  error?: string;
}

/** A signed-in customer on the onboarding page. */
async function customer() {
  const user = await createUserWithSession(suite.db, "onboarding");
  return { user, context: await suite.pageContext({ token: user.token }) };
}

function send(context: RequestContext, fields: Record<string, string>, path = "/onboarding") {
  return callAction<StepAnswer>(action, context, path, { [HONEYPOT_FIELD]: "", ...fields });
}

describe("onboarding's guard", () => {
  it("sends a visitor who is not signed in to login, to come back here", async () => {
    const context = await suite.pageContext();
    for (const call of [
      () => callLoader(loader, context, "/onboarding"),
      () => callAction(action, context, "/onboarding", details),
    ]) {
      const answer = await call();
      expect({ status: answer.status, location: answer.location }).toEqual({
        status: 302,
        location: "/login?redirectTo=%2Fonboarding",
      });
    }
    expect(await suite.db.select().from(kycSubmissions)).toEqual([]);
  });
});

describe("the onboarding steps", () => {
  it("does not leave step 1 until its fields pass the server's check, and keeps what was typed", async () => {
    const { user, context } = await customer();
    const refused = await send(context, { step: "1", intent: "next", address: details.address, phone: "12" });
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({
      step: 1,
      values: { address: details.address, phone: "12" },
      fieldErrors: { phone: "Please enter a valid phone number (with the country code if outside the US)." },
    });
    const short = await send(context, { step: "1", intent: "next", address: "12", phone: details.phone });
    expect(short.data.fieldErrors).toEqual({ address: "Please enter your full address." });

    const moved = await send(context, {
      step: "1",
      intent: "next",
      address: details.address,
      phone: details.phone,
    });
    expect(moved.status).toBe(200);
    expect(moved.data).toMatchObject({ step: 2, fieldErrors: {} });
    // Nothing is stored before the last step.
    expect(await getKycSummary(suite.db, user.id)).toBeUndefined();
  });

  it("checks step 2 (age and ID number) before the review, and Back keeps the values without checking", async () => {
    const { context } = await customer();
    const underage = await send(context, {
      step: "2",
      intent: "next",
      ...details,
      dob: latestAllowedBirthDate(new Date(Date.now() + 86_400_000)),
      idNumber: "AB1",
    });
    expect(underage.data).toMatchObject({
      step: 2,
      fieldErrors: {
        dob: "You must be at least 18 years old.",
        idNumber: "Your ID number must be 4 to 30 letters or digits (spaces and hyphens are fine).",
      },
    });

    const back = await send(context, { step: "2", intent: "back", ...details, idNumber: "" });
    expect(back.data).toMatchObject({ step: 1, values: { ...details, idNumber: "" }, fieldErrors: {} });

    const review = await send(context, { step: "2", intent: "next", ...details });
    expect(review.data).toMatchObject({ step: 3, values: details });
  });

  it("stores the details on submit and goes on to a same-site redirectTo with the toast", async () => {
    const { user, context } = await customer();
    const answer = await send(
      context,
      { step: "3", intent: "submit", ...details },
      "/onboarding?redirectTo=%2Fdoctors",
    );
    await expectRedirectWithToast(answer, context, "/doctors", {
      kind: "success",
      message: "KYC information submitted successfully",
    });
    expect(await getKycSummary(suite.db, user.id)).toMatchObject({
      status: "pending",
      idNumberLast4: "4567",
    });
  });

  it("shares one record of phone, address and birth date with the profile, both ways", async () => {
    const { user, context } = await customer();
    await updateProfile(suite.db, user.id, {
      name: "Profile First",
      phone: "(201) 555-0199",
      addressLine1: "1 Profile Road",
      addressLine2: "Springfield",
    });
    const page = await callLoader<{ startingValues: Record<string, string> }>(loader, context, "/onboarding");
    expect(page.data.startingValues).toEqual({
      address: "1 Profile Road, Springfield",
      phone: "(201) 555-0199",
      dob: "",
      idNumber: "",
    });

    await send(context, { step: "3", intent: "submit", ...details });
    expect(await getProfile(suite.db, user.id)).toMatchObject({
      phone: details.phone,
      addressLine1: details.address,
      addressLine2: "",
      dateOfBirth: details.dob,
    });
  });

  it("goes home after submit when redirectTo names another site", async () => {
    const { context } = await customer();
    const answer = await send(
      context,
      { step: "3", intent: "submit", ...details },
      `/onboarding?redirectTo=${encodeURIComponent("//evil.example/")}`,
    );
    expect(answer.location).toBe("/");
  });

  it("sends a refused submit back to the first step with a problem, its message beside the field", async () => {
    const { user, context } = await customer();
    const answer = await send(context, { step: "3", intent: "submit", ...details, phone: "12" });
    expect(answer.status).toBe(400);
    expect(answer.data).toMatchObject({ step: 1, values: { ...details, phone: "12" } });
    expect(Object.keys(answer.data.fieldErrors)).toEqual(["phone"]);
    expect(await getKycSummary(suite.db, user.id)).toBeUndefined();
  });

  it("says so when the identity is already verified, on the review step, changing nothing", async () => {
    const { user, context } = await customer();
    await send(context, { step: "3", intent: "submit", ...details });
    await suite.db
      .update(kycSubmissions)
      .set({ status: "approved" })
      .where(eq(kycSubmissions.userId, user.id));
    const answer = await send(context, { step: "3", intent: "submit", ...details, idNumber: "ZZ999999" });
    expect(answer.status).toBe(409);
    expect(answer.data).toMatchObject({
      step: 3,
      error: "Your identity is already verified; there is nothing more to submit.",
      fieldErrors: {},
    });
    expect(await getKycSummary(suite.db, user.id)).toMatchObject({
      status: "approved",
      idNumberLast4: "4567",
    });
  });

  it("refuses a filled honeypot on any step with 400, staying on that step", async () => {
    const { user, context } = await customer();
    for (const [step, intent] of [
      ["1", "next"],
      ["3", "submit"],
    ] as const) {
      const answer = await send(context, {
        step,
        intent,
        ...details,
        [HONEYPOT_FIELD]: "https://spam.example",
      });
      expect(answer.status).toBe(400);
      expect(answer.data).toMatchObject({ step: Number(step), error: HONEYPOT_MESSAGE, values: details });
    }
    expect(await getKycSummary(suite.db, user.id)).toBeUndefined();
  });

  it("gives the form the attributes of the schema the server checks", async () => {
    const { context } = await customer();
    const { data } = await callLoader<Awaited<ReturnType<typeof loader>>>(loader, context, "/onboarding");
    expect(data.previous).toBeNull();
    expect(data.fields).toMatchObject({
      address: { required: true, minLength: 5, maxLength: 300 },
      phone: { required: true, type: "tel", maxLength: 30 },
      dob: { required: true, type: "date" },
      idNumber: { required: true, minLength: 4, pattern: "[ \\-]*(?:[A-Za-z0-9][ \\-]*){4,30}" },
    });
  });
});
