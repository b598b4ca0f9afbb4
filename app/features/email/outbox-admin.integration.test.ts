import { outbox } from "@db/schema";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/infra/db.server";
import { FeatureError } from "~/lib/errors";
import { auditEntriesOf } from "../../../tests/setup/back-office";
import {
  createUserWithRole,
  expectFailure,
  getWith,
  postJson,
  type RoleUser,
  uniqueEmail,
} from "../../../tests/setup/factories";
import { createTestApp } from "../../../tests/setup/test-app";
import { createTestDatabase } from "../../../tests/setup/test-database";
import { deliverDueEmails, enqueueEmail } from "./outbox.server";
import { getOutboxMessage, listOutbox, retryOutboxMessage } from "./outbox-admin.server";

let database: DatabaseHandle;
let app: ReturnType<typeof createTestApp>["app"];
let staff: RoleUser;

beforeAll(async () => {
  database = await createTestDatabase();
  ({ app } = createTestApp(database));
  staff = await createUserWithRole(database.db, "admin");
});
afterAll(async () => {
  await database.close();
});

async function queued(overrides: Partial<typeof outbox.$inferInsert> = {}) {
  const to = uniqueEmail("reader");
  await enqueueEmail(database.db, {
    kind: "test",
    to,
    subject: "Your link",
    text: "Open https://x.example/a",
  });
  const [row] = await database.db
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
    const { messages } = await listOutbox(database.db, { status: "failed" });
    expect(messages.map((message) => message.id)).toEqual([newer.id, older.id]);
    expect(messages[0]).not.toHaveProperty("textBody");
    const sent = await listOutbox(database.db, { status: "sent" });
    expect(sent.messages).toHaveLength(0);
  });

  it("opens one message with its text and HTML, and says when there is none", async () => {
    const message = await queued();
    expect(await getOutboxMessage(database.db, message.id)).toMatchObject({
      textBody: "Open https://x.example/a",
    });
    const missing = await getOutboxMessage(database.db, "00000000-0000-4000-8000-000000000000").catch(
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
    const retried = await retryOutboxMessage(database.db, staff, message.id, now);
    expect(retried).toMatchObject({ status: "pending", attempts: 8, lastError: "connect ECONNREFUSED" });
    expect(retried.nextAttemptAt.getTime()).toBeLessThanOrEqual(now.getTime());
    expect(await auditEntriesOf(database.db, message.id)).toMatchObject([
      {
        action: "email.retry",
        actorEmail: staff.email,
        before: { status: "failed" },
        after: { status: "pending" },
      },
    ]);

    const delivered: string[] = [];
    await deliverDueEmails(
      database.db,
      { sendMail: async (mail) => void delivered.push(mail.to) },
      { from: "team@agency.example", now: new Date(now.getTime() + 1000) },
    );
    expect(delivered).toContain(message.recipient);
    const sent = await getOutboxMessage(database.db, message.id);
    expect(sent).toMatchObject({ status: "sent", attempts: 9 });

    const again = await retryOutboxMessage(database.db, staff, message.id, now).catch(
      (error: unknown) => error,
    );
    expect((again as FeatureError).kind).toBe("conflict");
  });
});

describe("the staff API for the outbox", () => {
  it("lists messages in the contract's shape and retries one", async () => {
    const message = await queued({ status: "failed", attempts: 3 });
    const listed = await getWith(app, "/api/admin/outbox?status=failed", { token: staff.token });
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
    const retried = await postJson(app, `/api/admin/outbox/${message.id}/retry`, {}, { token: staff.token });
    expect(retried.status).toBe(200);
    expect(await retried.json()).toEqual({ success: true, message: "The e-mail will be sent again shortly" });
    await expectFailure(await postJson(app, "/api/admin/outbox/abc/retry", {}, { token: staff.token }), 404);
    await expectFailure(await getWith(app, "/api/admin/outbox?status=lost", { token: staff.token }), 400);
  });
});
