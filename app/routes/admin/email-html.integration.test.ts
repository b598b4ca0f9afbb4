import { outbox, users } from "@db/schema";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enqueueEmail } from "~/features/email/outbox.server";
import type { DatabaseHandle } from "~/infra/db.server";
import type { RequestContext } from "~/request-context.server";
import { createUserWithRole, uniqueEmail } from "../../../tests/setup/factories";
import { createTestApp } from "../../../tests/setup/test-app";
import { createTestDatabase } from "../../../tests/setup/test-database";
import { loader } from "./email-html";

let database: DatabaseHandle;
let context: RequestContext;

beforeAll(async () => {
  database = await createTestDatabase();
  const { env } = createTestApp(database);
  const staff = await createUserWithRole(database.db, "admin");
  const [user] = await database.db.select().from(users).where(eq(users.id, staff.id));
  context = { db: database.db, env, user, clock: () => new Date() } as unknown as RequestContext;
});
afterAll(async () => {
  await database.close();
});

async function messageWith(html: string | undefined): Promise<string> {
  const to = uniqueEmail("html");
  await enqueueEmail(database.db, { kind: "test", to, subject: "Hello", text: "Hello", html });
  const [row] = await database.db.select({ id: outbox.id }).from(outbox).where(eq(outbox.recipient, to));
  return row!.id;
}

function open(messageId: string) {
  return loader({
    request: new Request(`http://localhost/admin/emails/${messageId}/html`),
    context,
    params: { messageId },
  } as unknown as Parameters<typeof loader>[0]);
}

describe("the HTML part of a message", () => {
  it("is served as stored, sandboxed, and only to our own pages' frames", async () => {
    const html = '<p>Hi</p><script>alert(1)</script><img src="https://tracker.example/p.gif">';
    const response = await open(await messageWith(html));
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(html);
    const policy = response.headers.get("Content-Security-Policy")!;
    expect(policy.split("; ")).toEqual(
      expect.arrayContaining(["sandbox", "default-src 'none'", "img-src data:", "frame-ancestors 'self'"]),
    );
    expect(response.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
  });

  it("answers 404 with a sentence for a message without HTML", async () => {
    const response = await open(await messageWith(undefined));
    expect(response.status).toBe(404);
    expect(await response.text()).toBe("This e-mail has no HTML part.");
  });
});
