import { outbox, passwordResets, users } from "@db/schema";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/infra/db.server";
import { countRows, GOOD_PASSWORD, nextAddress, uniqueEmail } from "../../../tests/setup/factories";
import { createTestDatabase } from "../../../tests/setup/test-database";
import { type AuthRequest, INVALID_CREDENTIALS, logIn, registerUser } from "./accounts.server";
import {
  isResetTokenUsable,
  RESET_LINK_LIFETIME_MS,
  requestPasswordReset,
  resetPassword,
  resetPasswordFromForm,
} from "./password-reset.server";
import { findSessionUser, hashToken } from "./sessions.server";

let database: DatabaseHandle;
const publicUrl = "https://va.example.com";
const NEW_PASSWORD = "a brand new passphrase";

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

function authRequest(): AuthRequest {
  return {
    clientAddress: nextAddress(),
    sessionDays: 30,
    limits: { perAddressPerMinute: 10, failedLoginsPerAccount: 5 },
  };
}

function resetContext(now?: Date) {
  return { clientAddress: nextAddress(), perAddressPerMinute: 10, publicUrl, now };
}

async function newAccount() {
  const email = uniqueEmail("reset");
  const signedIn = await registerUser(
    database.db,
    { name: "Reset Tester", email, password: GOOD_PASSWORD },
    authRequest(),
  );
  return { email, token: signedIn.token, userId: signedIn.user.id };
}

async function outboxFor(recipient: string) {
  return database.db.select().from(outbox).where(eq(outbox.recipient, recipient));
}

/** Asks for a reset and returns the token from the link in the queued e-mail. */
async function requestLink(email: string, now?: Date): Promise<string> {
  await requestPasswordReset(database.db, { email }, resetContext(now));
  const [message] = (await outboxFor(email)).slice(-1);
  const match = message?.textBody.match(/https:\/\/va\.example\.com\/reset-password\?token=([\w%-]+)/);
  expect(match, "the e-mail holds a reset link").toBeTruthy();
  return decodeURIComponent(match![1]!);
}

async function canLogIn(email: string, password: string): Promise<boolean> {
  try {
    await logIn(database.db, { email, password }, authRequest());
    return true;
  } catch (error) {
    expect(error).toMatchObject({ kind: "unauthenticated", message: INVALID_CREDENTIALS });
    return false;
  }
}

describe("requestPasswordReset", () => {
  it("queues one password-reset e-mail with a link, storing only the token's hash", async () => {
    const account = await newAccount();
    const before = await countRows(database.db, outbox);
    await expect(
      requestPasswordReset(database.db, { email: account.email.toUpperCase() }, resetContext()),
    ).resolves.toBeUndefined();
    expect(await countRows(database.db, outbox)).toBe(before + 1);

    const messages = await outboxFor(account.email);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({ kind: "password-reset", status: "pending", attempts: 0 });
    expect(messages[0]?.subject).toMatch(/password/i);

    const token = await requestLink(account.email);
    const links = await database.db
      .select()
      .from(passwordResets)
      .where(eq(passwordResets.userId, account.userId));
    expect(links).toHaveLength(2);
    expect(links.map((link) => link.tokenHash)).toContain(hashToken(token));
    expect(JSON.stringify(links)).not.toContain(token);
  });

  it("writes nothing and raises nothing for an unknown e-mail", async () => {
    const outboxBefore = await countRows(database.db, outbox);
    const linksBefore = await countRows(database.db, passwordResets);
    await expect(
      requestPasswordReset(database.db, { email: uniqueEmail("nobody") }, resetContext()),
    ).resolves.toBeUndefined();
    expect(await countRows(database.db, outbox)).toBe(outboxBefore);
    expect(await countRows(database.db, passwordResets)).toBe(linksBefore);
  });

  it("refuses a malformed e-mail with a sentence and writes nothing", async () => {
    const outboxBefore = await countRows(database.db, outbox);
    for (const input of [{ email: "not-an-email" }, {}, { email: 5 }]) {
      await expect(requestPasswordReset(database.db, input, resetContext())).rejects.toMatchObject({
        kind: "invalid",
        message: expect.stringMatching(/e-mail/),
      });
    }
    expect(await countRows(database.db, outbox)).toBe(outboxBefore);
  });

  it("refuses the 11th request from one address within a minute", async () => {
    const account = await newAccount();
    const context = { ...resetContext(new Date("2030-06-01T12:00:10Z")) };
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      await requestPasswordReset(database.db, { email: uniqueEmail("probe") }, context);
    }
    const before = await countRows(database.db, outbox);
    await expect(requestPasswordReset(database.db, { email: account.email }, context)).rejects.toMatchObject({
      kind: "rate-limited",
      retryAfterSeconds: 50,
    });
    expect(await countRows(database.db, outbox)).toBe(before);
  });
});

describe("resetPassword", () => {
  it("sets the new password, signs the account out everywhere and works only once", async () => {
    const account = await newAccount();
    const second = await logIn(database.db, { email: account.email, password: GOOD_PASSWORD }, authRequest());
    const token = await requestLink(account.email);
    expect(await isResetTokenUsable(database.db, token)).toBe(true);

    await resetPassword(database.db, { token, password: NEW_PASSWORD });

    expect(await canLogIn(account.email, GOOD_PASSWORD)).toBe(false);
    expect(await canLogIn(account.email, NEW_PASSWORD)).toBe(true);
    expect(await findSessionUser(database.db, account.token)).toBeUndefined();
    expect(await findSessionUser(database.db, second.token)).toBeUndefined();

    expect(await isResetTokenUsable(database.db, token)).toBe(false);
    await expect(
      resetPassword(database.db, { token, password: "yet another passphrase" }),
    ).rejects.toMatchObject({ kind: "invalid", message: expect.stringMatching(/not valid or has expired/) });
    expect(await canLogIn(account.email, "yet another passphrase")).toBe(false);
    expect(await canLogIn(account.email, NEW_PASSWORD)).toBe(true);
  });

  it("expires one hour after the request", async () => {
    const requestedAt = new Date("2031-03-10T09:00:00Z");
    const account = await newAccount();
    const token = await requestLink(account.email, requestedAt);
    const justBefore = new Date(requestedAt.getTime() + RESET_LINK_LIFETIME_MS - 60_000);
    const justAfter = new Date(requestedAt.getTime() + RESET_LINK_LIFETIME_MS + 1000);
    expect(RESET_LINK_LIFETIME_MS).toBe(60 * 60 * 1000);

    expect(await isResetTokenUsable(database.db, token, justBefore)).toBe(true);
    expect(await isResetTokenUsable(database.db, token, justAfter)).toBe(false);
    await expect(
      resetPassword(database.db, { token, password: NEW_PASSWORD }, justAfter),
    ).rejects.toMatchObject({ kind: "invalid" });
    expect(await canLogIn(account.email, GOOD_PASSWORD)).toBe(true);
    expect(await findSessionUser(database.db, account.token)).toBeDefined();

    await resetPassword(database.db, { token, password: NEW_PASSWORD }, justBefore);
    expect(await canLogIn(account.email, NEW_PASSWORD)).toBe(true);
  });

  it("refuses a weak new password and keeps the link usable", async () => {
    const account = await newAccount();
    const token = await requestLink(account.email);
    for (const password of ["password123", "short", account.email]) {
      await expect(resetPassword(database.db, { token, password })).rejects.toMatchObject({
        kind: "invalid",
      });
    }
    expect(await isResetTokenUsable(database.db, token)).toBe(true);
    expect(await canLogIn(account.email, GOOD_PASSWORD)).toBe(true);
    expect(await findSessionUser(database.db, account.token)).toBeDefined();
    await resetPassword(database.db, { token, password: NEW_PASSWORD });
    expect(await canLogIn(account.email, NEW_PASSWORD)).toBe(true);
  });

  it("counts the reset page's tries per address: the 11th in a minute is refused, whatever the token", async () => {
    const now = new Date("2030-06-02T12:00:10Z");
    const context = { clientAddress: nextAddress(), perAddressPerMinute: 10, now };
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      await expect(
        resetPasswordFromForm(database.db, { token: `guess-${attempt}`, password: NEW_PASSWORD }, context),
      ).rejects.toMatchObject({ kind: "invalid" });
    }
    await expect(
      resetPasswordFromForm(database.db, { token: "guess-11", password: NEW_PASSWORD }, context),
    ).rejects.toMatchObject({ kind: "rate-limited", retryAfterSeconds: 50 });
    // Another address is not held back by the first one's tries.
    await expect(
      resetPasswordFromForm(
        database.db,
        { token: "guess-12", password: NEW_PASSWORD },
        { ...context, clientAddress: nextAddress() },
      ),
    ).rejects.toMatchObject({ kind: "invalid" });
  });

  it("refuses unknown, empty and oversized tokens", async () => {
    const usersBefore = await database.db.select({ hash: users.passwordHash }).from(users);
    for (const token of ["made-up-token", "", "t".repeat(500)]) {
      await expect(resetPassword(database.db, { token, password: NEW_PASSWORD })).rejects.toMatchObject({
        kind: "invalid",
      });
      expect(await isResetTokenUsable(database.db, token)).toBe(false);
    }
    expect(await database.db.select({ hash: users.passwordHash }).from(users)).toEqual(usersBefore);
  });

  it("uses up the account's other outstanding links too", async () => {
    const account = await newAccount();
    const older = await requestLink(account.email);
    const newer = await requestLink(account.email);
    await resetPassword(database.db, { token: newer, password: NEW_PASSWORD });
    expect(await isResetTokenUsable(database.db, older)).toBe(false);
    await expect(
      resetPassword(database.db, { token: older, password: "someone else's choice" }),
    ).rejects.toMatchObject({ kind: "invalid" });
    expect(await canLogIn(account.email, NEW_PASSWORD)).toBe(true);
  });
});
