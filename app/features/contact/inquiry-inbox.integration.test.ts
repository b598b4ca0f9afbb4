import { inquiries, inquiryNotes } from "@db/schema";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { FeatureError } from "~/lib/errors";
import { appSuite } from "../../../tests/setup/app-suite";
import { auditEntriesOf, insertInquiry, outboxTo } from "../../../tests/setup/back-office";
import {
  accountForFile,
  expectFailure,
  featureRefusal,
  getWith,
  isSentence,
} from "../../../tests/setup/factories";
import {
  getInquiry,
  listInquiries,
  replyToInquiry,
  STALE_RECORD_MESSAGE,
  updateInquiry,
} from "./inquiry-inbox.server";

const suite = appSuite();
const staff = accountForFile(suite, "admin", { name: "Sam Staff" });
const NOW = new Date("2027-05-03T16:00:00Z");
const AGENCY = "team@agency.example";

/** A feature's refusal, which must say why in a sentence. */
async function refusal(promise: Promise<unknown>): Promise<FeatureError> {
  const error = await featureRefusal(promise);
  expect(isSentence(error.message)).toBe(true);
  return error;
}

describe("the inquiry inbox", () => {
  it("lists by status, newest first, finds by words and pages", async () => {
    const older = await insertInquiry(suite.db, {
      name: "Ada Older",
      createdAt: new Date("2027-05-01T10:00:00Z"),
    });
    const newer = await insertInquiry(suite.db, {
      name: "Ada Newer",
      message: "We need a 50% discount",
      createdAt: new Date("2027-05-02T10:00:00Z"),
    });
    const closed = await insertInquiry(suite.db, { name: "Ada Closed", status: "closed" });

    const fresh = await listInquiries(suite.db, { status: "new", search: "ada" });
    expect(fresh.inquiries.map((inquiry) => inquiry.id)).toEqual([newer.id, older.id]);
    expect(fresh.counts.closed).toBeGreaterThanOrEqual(1);

    const byMessage = await listInquiries(suite.db, { search: "50%" });
    expect(byMessage.inquiries.map((inquiry) => inquiry.id)).toEqual([newer.id]);
    const closedOnly = await listInquiries(suite.db, { status: "closed", search: "Ada" });
    expect(closedOnly.inquiries.map((inquiry) => inquiry.id)).toEqual([closed.id]);
  });

  it("pages the list 25 at a time", async () => {
    for (let index = 0; index < 26; index += 1) {
      await insertInquiry(suite.db, { name: `Paged Person ${index}` });
    }
    const first = await listInquiries(suite.db, { search: "Paged Person" }, 1);
    const second = await listInquiries(suite.db, { search: "Paged Person" }, 2);
    expect(first.inquiries).toHaveLength(25);
    expect(first.hasMore).toBe(true);
    expect(second.inquiries).toHaveLength(1);
    expect(second.hasMore).toBe(false);
  });

  it("changes the status with the version the editor saw, once, with an audit entry", async () => {
    const inquiry = await insertInquiry(suite.db);
    const changed = await updateInquiry(
      suite.db,
      staff,
      inquiry.id,
      { status: "contacted", version: 1 },
      NOW,
    );
    expect(changed).toMatchObject({ status: "contacted", version: 2 });

    // A second editor still holding version 1 is told, and nothing changes.
    const stale = await refusal(
      updateInquiry(suite.db, staff, inquiry.id, { status: "closed", version: 1 }, NOW),
    );
    expect(stale.kind).toBe("conflict");
    expect(stale.message).toBe(STALE_RECORD_MESSAGE);
    const [row] = await suite.db.select().from(inquiries).where(eq(inquiries.id, inquiry.id));
    expect(row).toMatchObject({ status: "contacted", version: 2 });

    const audit = await auditEntriesOf(suite.db, inquiry.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: "inquiry.status",
      actorEmail: staff.email,
      before: { status: "new" },
      after: { status: "contacted" },
    });
  });

  it("keeps internal notes with their author, and mails nobody", async () => {
    const inquiry = await insertInquiry(suite.db);
    await updateInquiry(suite.db, staff, inquiry.id, { note: "Called, no answer." }, NOW);
    const { notes } = await getInquiry(suite.db, inquiry.id);
    expect(notes).toMatchObject([{ kind: "note", body: "Called, no answer.", authorName: "Sam Staff" }]);
    expect(await outboxTo(suite.db, inquiry.email)).toHaveLength(0);
    expect((await auditEntriesOf(suite.db, inquiry.id)).map((entry) => entry.action)).toEqual([
      "inquiry.note",
    ]);
  });

  it("refuses an empty note, an unknown status and an unknown inquiry, writing nothing", async () => {
    const inquiry = await insertInquiry(suite.db);
    expect((await refusal(updateInquiry(suite.db, staff, inquiry.id, { note: "   " }, NOW))).kind).toBe(
      "invalid",
    );
    expect((await refusal(updateInquiry(suite.db, staff, inquiry.id, { status: "done" }, NOW))).kind).toBe(
      "invalid",
    );
    expect((await refusal(updateInquiry(suite.db, staff, inquiry.id, {}, NOW))).kind).toBe("invalid");
    expect(
      (
        await refusal(
          updateInquiry(suite.db, staff, "00000000-0000-4000-8000-000000000000", { note: "x" }, NOW),
        )
      ).kind,
    ).toBe("not-found");
    expect((await refusal(getInquiry(suite.db, "not-a-uuid"))).kind).toBe("not-found");
    expect(
      await suite.db.select().from(inquiryNotes).where(eq(inquiryNotes.inquiryId, inquiry.id)),
    ).toHaveLength(0);
  });

  it("replies by e-mail through the outbox, keeps the reply and moves a new inquiry to contacted", async () => {
    const inquiry = await insertInquiry(suite.db, { name: "Grace Hopper" });
    const replied = await replyToInquiry(
      suite.db,
      staff,
      inquiry.id,
      { body: "Thank you! We can help.\nWhen suits you?" },
      { agencyEmail: AGENCY, now: NOW },
    );
    expect(replied).toMatchObject({ status: "contacted", version: 2 });
    const [mail] = await outboxTo(suite.db, inquiry.email);
    expect(mail).toMatchObject({ kind: "inquiry-reply", replyTo: AGENCY, status: "pending" });
    expect(mail!.textBody).toContain("Hello Grace Hopper,\n\nThank you! We can help.\nWhen suits you?");
    const { notes } = await getInquiry(suite.db, inquiry.id);
    expect(notes).toMatchObject([{ kind: "reply", body: "Thank you! We can help.\nWhen suits you?" }]);
    expect((await auditEntriesOf(suite.db, inquiry.id))[0]).toMatchObject({
      action: "inquiry.reply",
      after: { status: "contacted" },
    });

    // A closed inquiry stays closed when staff write once more.
    const closed = await insertInquiry(suite.db, { status: "closed" });
    expect(
      await replyToInquiry(
        suite.db,
        staff,
        closed.id,
        { body: "One more thing." },
        { agencyEmail: AGENCY, now: NOW },
      ),
    ).toMatchObject({ status: "closed", version: 1 });
  });

  it("refuses an empty reply and queues nothing", async () => {
    const inquiry = await insertInquiry(suite.db);
    const error = await refusal(
      replyToInquiry(suite.db, staff, inquiry.id, { body: "" }, { agencyEmail: AGENCY, now: NOW }),
    );
    expect(error.kind).toBe("invalid");
    expect(await outboxTo(suite.db, inquiry.email)).toHaveLength(0);
  });
});

describe("the staff API for inquiries", () => {
  it("lists inquiries with every field and `_id`, and updates them with PATCH", async () => {
    const inquiry = await insertInquiry(suite.db, { name: "Api Person" });
    const listed = await getWith(suite.app, "/api/admin/inquiries?status=new&q=Api%20Person", {
      token: staff.token,
    });
    expect(listed.status).toBe(200);
    const body = (await listed.json()) as { success: boolean; inquiries: Record<string, unknown>[] };
    expect(body.success).toBe(true);
    expect(body.inquiries).toEqual([
      expect.objectContaining({
        _id: inquiry.id,
        name: "Api Person",
        email: inquiry.email,
        phone: inquiry.phone,
        requiredServices: ["Business Data Analysis"],
        status: "new",
        version: 1,
      }),
    ]);

    const patched = await suite.app.request(`/api/admin/inquiries/${inquiry.id}`, {
      method: "PATCH",
      headers: { "Content-Type": "application/json", token: staff.token, "X-Forwarded-For": "10.1.1.1" },
      body: JSON.stringify({ status: "closed", note: "Not a fit." }),
    });
    expect(patched.status).toBe(200);
    expect(await patched.json()).toEqual({ success: true, message: "Inquiry updated" });
    const { inquiry: stored, notes } = await getInquiry(suite.db, inquiry.id);
    expect(stored.status).toBe("closed");
    expect(notes.map((note) => note.body)).toEqual(["Not a fit."]);
  });

  it("answers bad input with 400 and a sentence, a stale version with 409", async () => {
    const inquiry = await insertInquiry(suite.db);
    const patch = (body: unknown) =>
      suite.app.request(`/api/admin/inquiries/${inquiry.id}`, {
        method: "PATCH",
        headers: { "Content-Type": "application/json", token: staff.token, "X-Forwarded-For": "10.1.1.1" },
        body: JSON.stringify(body),
      });
    await expectFailure(await patch({ status: "archived" }), 400);
    await expectFailure(await patch({ status: "closed", version: 7 }), 409);
    await expectFailure(
      await getWith(suite.app, "/api/admin/inquiries?status=old", { token: staff.token }),
      400,
    );
  });
});
