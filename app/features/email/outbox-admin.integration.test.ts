import { outbox } from "@db/schema";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { FeatureError } from "~/lib/errors";
import { appSuite } from "../../../tests/setup/app-suite";
import { auditEntriesOf } from "../../../tests/setup/back-office";
import {
  createUserWithRole,
  expectFailure,
  getWith,
  postJson,
  type RoleUser,
  uniqueEmail,
} from "../../../tests/setup/factories";
import { deliverDueEmails, enqueueEmail } from "./outbox.server";
import { getOutboxMessage, listOutbox, retryOutboxMessage } from "./outbox-admin.server";

const suite = appSuite();
let staff: RoleUser;

beforeAll(async () => {
  staff = await createUserWithRole(suite.db, "admin");
});

async function queued(overrides: Partial<typeof outbox.$inferInsert> = {}) {
  const to = uniqueEmail("reader");
  await enqueueEmail(suite.db, {
    kind: "test",
    to,
    subject: "Your link",
    text: "Open https://x.example/a",
  });
  const [row] = await suite.db
    .update(outbox)
    .set({ kind: "test", ...overrides })
    .where(eq(outbox.recipient, to))
    .returning();
  return row!;
}

describe("the outbox for staff", () => {
  it("lists messages newest first, by status, without their bodies", async () => {
    const older = await queued({ createdAt: new Date("2027-01-01T00:00:00Z"), status: "failed" });
    const newer = await queued({ createdAt: new Date("2027-01-02T00:00:00Z"), status: "failed" });
    const { messages } = await listOutbox(suite.db, { status: "failed" });
    expect(messages.map((message) => message.id)).toEqual([newer.id, older.id]);
    expect(messages[0]).not.toHaveProperty("textBody");
    const sent = await listOutbox(suite.db, { status: "sent" });
    expect(sent.messages).toHaveLength(0);
  });

  it("opens one message with its text and HTML, and says when there is none", async () => {
    const message = await queued();
    expect(await getOutboxMessage(suite.db, message.id)).toMatchObject({
      textBody: "Open https://x.example/a",
    });
    const missing = await getOutboxMessage(suite.db, "00000000-0000-4000-8000-000000000000").catch(
      (error: unknown) => error,
    );
    expect(missing).toBeInstanceOf(FeatureError);
    expect((missing as FeatureError).kind).toBe("not-found");
  });

  it("makes a failed message due again with its attempts kept, audited, and the worker sends it", async () => {
    const now = new Date();
    const message = await queued({
      status: "failed",
      attempts: 8,
      lastError: "connect ECONNREFUSED",
      nextAttemptAt: new Date(now.getTime() + 3_600_000),
    });
    const retried = await retryOutboxMessage(suite.db, staff, message.id, now);
    expect(retried).toMatchObject({ status: "pending", attempts: 8, lastError: "connect ECONNREFUSED" });
    expect(retried.nextAttemptAt.getTime()).toBeLessThanOrEqual(now.getTime());
    expect(await auditEntriesOf(suite.db, message.id)).toMatchObject([
      {
        action: "email.retry",
        actorEmail: staff.email,
        before: { status: "failed" },
        after: { status: "pending" },
      },
    ]);

    const delivered: string[] = [];
    await deliverDueEmails(
      suite.db,
      { sendMail: async (mail) => void delivered.push(mail.to) },
      { from: "team@agency.example", now: new Date(now.getTime() + 1000) },
    );
    expect(delivered).toContain(message.recipient);
    const sent = await getOutboxMessage(suite.db, message.id);
    expect(sent).toMatchObject({ status: "sent", attempts: 9 });

    const again = await retryOutboxMessage(suite.db, staff, message.id, now).catch((error: unknown) => error);
    expect((again as FeatureError).kind).toBe("conflict");
  });
});

describe("the staff API for the outbox", () => {
  it("lists messages in the contract's shape and retries one", async () => {
    const message = await queued({ status: "failed", attempts: 3 });
    const listed = await getWith(suite.app, "/api/admin/outbox?status=failed", { token: staff.token });
    const body = (await listed.json()) as { success: boolean; messages: Record<string, unknown>[] };
    expect(body.success).toBe(true);
    expect(body.messages.find((row) => row._id === message.id)).toMatchObject({
      _id: message.id,
      to: message.recipient,
      subject: "Your link",
      status: "failed",
      attempts: 3,
      createdAt: message.createdAt.toISOString(),
    });
    const retried = await postJson(
      suite.app,
      `/api/admin/outbox/${message.id}/retry`,
      {},
      { token: staff.token },
    );
    expect(retried.status).toBe(200);
    expect(await retried.json()).toEqual({ success: true, message: "The e-mail will be sent again shortly" });
    await expectFailure(
      await postJson(suite.app, "/api/admin/outbox/abc/retry", {}, { token: staff.token }),
      404,
    );
    await expectFailure(
      await getWith(suite.app, "/api/admin/outbox?status=lost", { token: staff.token }),
      400,
    );
  });
});
