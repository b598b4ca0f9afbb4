import { kycSubmissions } from "@db/schema";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { appSuite } from "../../../tests/setup/app-suite";
import { auditEntriesOf, insertKycSubmission, outboxTo } from "../../../tests/setup/back-office";
import {
  accountForFile,
  createUserWithRole,
  expectFailure,
  featureRefusal,
  getWith,
  nextAddress,
  postJson,
} from "../../../tests/setup/factories";
import { getKycSummary, submitKyc } from "./kyc.server";
import { decideKyc, listKycSubmissions } from "./kyc-review.server";

const suite = appSuite();
const staff = accountForFile(suite, "admin");
const NOW = new Date("2027-05-03T16:00:00Z");
const PUBLIC_URL = "https://va.example";
const context = { publicUrl: PUBLIC_URL, now: NOW };

async function customerWithSubmission(submittedAt = new Date("2027-05-01T10:00:00Z")) {
  const customer = await createUserWithRole(suite.db, "investor", { name: "Kim Customer" });
  const submission = await insertKycSubmission(suite.db, suite.secrets.encryptionKey, customer.id, {
    submittedAt,
  });
  return { customer, submission };
}

describe("KYC review", () => {
  it("queues pending submissions oldest first, showing only the ID's last 4", async () => {
    const later = await customerWithSubmission(new Date("2027-04-02T10:00:00Z"));
    const earlier = await customerWithSubmission(new Date("2027-04-01T10:00:00Z"));
    const { submissions } = await listKycSubmissions(suite.db, "pending");
    const ids = submissions.map((submission) => submission.id);
    expect(ids.indexOf(earlier.submission.id)).toBeLessThan(ids.indexOf(later.submission.id));
    expect(submissions[0]).toEqual({
      id: earlier.submission.id,
      user: { id: earlier.customer.id, name: "Kim Customer", email: earlier.customer.email },
      status: "pending",
      idNumberLast4: "7265",
      submittedAt: new Date("2027-04-01T10:00:00Z"),
      decidedAt: null,
      rejectionReason: null,
    });
    expect(JSON.stringify(submissions)).not.toContain("XK938");
  });

  it("rejects with a reason: recorded, the customer e-mailed, audited; the customer sees it", async () => {
    const { customer, submission } = await customerWithSubmission();
    await decideKyc(
      suite.db,
      staff,
      submission.id,
      { decision: "rejected", reason: "The ID is expired." },
      context,
    );
    const [row] = await suite.db.select().from(kycSubmissions).where(eq(kycSubmissions.id, submission.id));
    expect(row).toMatchObject({
      status: "rejected",
      decidedAt: NOW,
      decidedBy: staff.id,
      rejectionReason: "The ID is expired.",
    });
    const [mail] = await outboxTo(suite.db, customer.email);
    expect(mail).toMatchObject({ kind: "kyc-rejected" });
    expect(mail!.textBody).toContain("The ID is expired.");
    expect(mail!.textBody).toContain(`${PUBLIC_URL}/onboarding`);
    expect(await auditEntriesOf(suite.db, submission.id)).toMatchObject([
      { action: "kyc.reject", actorEmail: staff.email, after: { status: "rejected" } },
    ]);
    expect(await getKycSummary(suite.db, customer.id)).toMatchObject({
      status: "rejected",
      rejectionReason: "The ID is expired.",
    });
  });

  it("takes a resubmission after a rejection back to pending, the decision cleared", async () => {
    const { customer, submission } = await customerWithSubmission();
    await decideKyc(suite.db, staff, submission.id, { decision: "rejected", reason: "Blurry." }, context);
    await submitKyc(
      suite.db,
      customer.id,
      {
        address: "221B Baker Street, London",
        phone: "+44 20 7946 0958",
        dob: "1985-07-14",
        idNumber: "NEW12345",
      },
      { encryptionKey: suite.secrets.encryptionKey, clientAddress: nextAddress(), perAddressPerMinute: 10 },
    );
    const [row] = await suite.db.select().from(kycSubmissions).where(eq(kycSubmissions.id, submission.id));
    expect(row).toMatchObject({
      status: "pending",
      idNumberLast4: "2345",
      decidedAt: null,
      decidedBy: null,
      rejectionReason: null,
    });
    expect(await getKycSummary(suite.db, customer.id)).toMatchObject({
      status: "pending",
      rejectionReason: null,
    });
  });

  it("approves: the customer is e-mailed and the status stays approved", async () => {
    const { customer, submission } = await customerWithSubmission();
    await decideKyc(suite.db, staff, submission.id, { decision: "approved" }, context);
    expect(await getKycSummary(suite.db, customer.id)).toMatchObject({ status: "approved" });
    expect((await outboxTo(suite.db, customer.email)).map((mail) => mail.kind)).toEqual(["kyc-approved"]);
    const again = await featureRefusal(
      decideKyc(suite.db, staff, submission.id, { decision: "rejected", reason: "Oops." }, context),
    );
    expect(again.kind).toBe("conflict");
  });

  it("refuses a rejection without a reason, and a decision on details resubmitted meanwhile", async () => {
    const { customer, submission } = await customerWithSubmission();
    const noReason = await featureRefusal(
      decideKyc(suite.db, staff, submission.id, { decision: "rejected", reason: " " }, context),
    );
    expect(noReason.kind).toBe("invalid");
    expect(noReason.fieldErrors.reason).toBe(
      "Please give the reason for the rejection; the customer will read it.",
    );
    const stale = await featureRefusal(
      decideKyc(
        suite.db,
        staff,
        submission.id,
        { decision: "approved", submittedAt: "2027-01-01T00:00:00.000Z" },
        context,
      ),
    );
    expect(stale.kind).toBe("conflict");
    expect(await getKycSummary(suite.db, customer.id)).toMatchObject({ status: "pending" });
    expect(await outboxTo(suite.db, customer.email)).toHaveLength(0);
    expect(await auditEntriesOf(suite.db, submission.id)).toHaveLength(0);
  });
});

describe("the staff API for KYC", () => {
  it("lists the queue in the contract's shape and takes decisions", async () => {
    const { customer, submission } = await customerWithSubmission(new Date("2020-01-01T00:00:00Z"));
    const listed = await getWith(suite.app, "/api/admin/kyc", { token: staff.token });
    const body = (await listed.json()) as { success: boolean; submissions: unknown[] };
    expect(body.success).toBe(true);
    expect(body.submissions[0]).toEqual({
      _id: submission.id,
      user: { _id: customer.id, name: "Kim Customer", email: customer.email },
      status: "pending",
      idLast4: "7265",
      submittedAt: "2020-01-01T00:00:00.000Z",
    });

    const decided = await postJson(
      suite.app,
      `/api/admin/kyc/${submission.id}/decision`,
      { decision: "rejected", reason: "Name does not match." },
      { token: staff.token },
    );
    expect(await decided.json()).toEqual({ success: true, message: "KYC rejected" });
    await expectFailure(
      await postJson(
        suite.app,
        `/api/admin/kyc/${submission.id}/decision`,
        { decision: "approved" },
        { token: staff.token },
      ),
      409,
    );
    await expectFailure(
      await postJson(
        suite.app,
        `/api/admin/kyc/${submission.id}/decision`,
        { decision: "maybe" },
        { token: staff.token },
      ),
      400,
    );
    await expectFailure(
      await postJson(
        suite.app,
        "/api/admin/kyc/nope/decision",
        { decision: "approved" },
        { token: staff.token },
      ),
      404,
    );
  });
});
