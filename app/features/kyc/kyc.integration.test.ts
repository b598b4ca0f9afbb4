import { rm } from "node:fs/promises";
import { kycSubmissions, users } from "@db/schema";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "~/infra/db.server";
import { decryptText } from "~/infra/encryption.server";
import type { Environment } from "~/infra/env.server";
import type { AppSecrets } from "~/infra/secrets.server";
import {
  countRows,
  expectFailure,
  nextAddress,
  postJson,
  type RequestTarget,
  type SignedUpUser,
  signUp,
} from "../../../tests/setup/factories";
import { createTestApp } from "../../../tests/setup/test-app";
import { createTestDatabase } from "../../../tests/setup/test-database";
import { getKycSummary, submitKyc } from "./kyc.server";

let database: DatabaseHandle;
let app: RequestTarget;
let env: Environment;
let secrets: AppSecrets;

beforeAll(async () => {
  database = await createTestDatabase();
  ({ app, env, secrets } = createTestApp(database));
});
afterAll(async () => {
  await database.close();
  await rm(env.dataDirectory, { recursive: true, force: true });
});

const details = {
  address: "221B Baker Street, London NW1 6XE",
  phone: "+44 20 7946 0958",
  dob: "1985-07-14",
  idNumber: "XK93817265",
};

async function userIdOf(email: string): Promise<string> {
  const [row] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return row!.id;
}

async function submissionOf(userId: string) {
  const rows = await database.db.select().from(kycSubmissions).where(eq(kycSubmissions.userId, userId));
  expect(rows.length).toBeLessThanOrEqual(1);
  return rows[0];
}

describe("POST /api/user/kyc", () => {
  it("stores the details encrypted, with only the last 4 of the ID in clear", async () => {
    const account = await signUp(app);
    const response = await postJson(app, "/api/user/kyc", details, { token: account.token });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      success: true,
      message: "KYC information submitted successfully",
    });

    const row = await submissionOf(await userIdOf(account.email));
    expect(row).toMatchObject({ status: "pending", idNumberLast4: "7265" });
    const stored = JSON.stringify(row);
    for (const secret of [
      details.idNumber,
      "XK938172",
      details.phone,
      "7946 0958",
      "Baker Street",
      details.dob,
    ]) {
      expect(stored).not.toContain(secret);
    }
    // The ciphertexts open with the app's key to what was sent.
    expect(decryptText(secrets.encryptionKey, row!.idNumberEncrypted)).toBe(details.idNumber);
    expect(decryptText(secrets.encryptionKey, row!.phoneEncrypted)).toBe(details.phone);
    expect(decryptText(secrets.encryptionKey, row!.addressEncrypted)).toBe(details.address);
    expect(decryptText(secrets.encryptionKey, row!.dateOfBirthEncrypted)).toBe(details.dob);
    // The same value encrypts differently each time (a fresh IV), so equal IDs cannot be matched.
    expect(row!.idNumberEncrypted).not.toBe(row!.phoneEncrypted);

    expect(await getKycSummary(database.db, row!.userId)).toEqual({
      status: "pending",
      idNumberLast4: "7265",
      submittedAt: row!.submittedAt,
      rejectionReason: null,
    });
  });

  it("accepts an ID written in groups and keeps only its letters and digits, in capitals", async () => {
    const account = await signUp(app);
    const response = await postJson(
      app,
      "/api/user/kyc",
      { ...details, idNumber: " xk-938 172-65 " },
      { token: account.token },
    );
    expect(response.status).toBe(200);
    const row = await submissionOf(await userIdOf(account.email));
    expect(row?.idNumberLast4).toBe("7265");
    expect(decryptText(secrets.encryptionKey, row!.idNumberEncrypted)).toBe("XK93817265");
  });

  it("accepts the token as Authorization: Bearer, as the old onboarding form sends it", async () => {
    const account = await signUp(app);
    const response = await postJson(app, "/api/user/kyc", details, {
      headers: { Authorization: `Bearer ${account.token}` },
    });
    expect(response.status).toBe(200);
    expect(await submissionOf(await userIdOf(account.email))).toBeDefined();
  });

  it("takes the user from the token: a userId in the body naming another user is ignored", async () => {
    const victim = await signUp(app);
    const victimId = await userIdOf(victim.email);
    const attacker = await signUp(app);
    const response = await postJson(
      app,
      "/api/user/kyc",
      { ...details, idNumber: "ATTACK0001", userId: victimId },
      { token: attacker.token },
    );
    expect(response.status).toBe(200);
    expect(await submissionOf(victimId)).toBeUndefined();
    expect((await submissionOf(await userIdOf(attacker.email)))?.idNumberLast4).toBe("0001");
  });

  it("replaces a pending submission on resubmission, keeping one row", async () => {
    const account = await signUp(app);
    const userId = await userIdOf(account.email);
    await postJson(app, "/api/user/kyc", details, { token: account.token });
    const first = await submissionOf(userId);

    const response = await postJson(
      app,
      "/api/user/kyc",
      { ...details, idNumber: "NEWID4321", address: "1 New Road, Springfield" },
      { token: account.token },
    );
    expect(response.status).toBe(200);
    const second = await submissionOf(userId);
    expect(second?.id).toBe(first?.id);
    expect(second).toMatchObject({ status: "pending", idNumberLast4: "4321" });
    expect(decryptText(secrets.encryptionKey, second!.addressEncrypted)).toBe("1 New Road, Springfield");
  });

  it("lets a rejected submission be sent again, but leaves an approved one as it is (409)", async () => {
    const account = await signUp(app);
    const userId = await userIdOf(account.email);
    await postJson(app, "/api/user/kyc", details, { token: account.token });

    await database.db
      .update(kycSubmissions)
      .set({ status: "rejected" })
      .where(eq(kycSubmissions.userId, userId));
    const again = await postJson(
      app,
      "/api/user/kyc",
      { ...details, idNumber: "RETRY5555" },
      { token: account.token },
    );
    expect(again.status).toBe(200);
    expect(await submissionOf(userId)).toMatchObject({ status: "pending", idNumberLast4: "5555" });

    await database.db
      .update(kycSubmissions)
      .set({ status: "approved" })
      .where(eq(kycSubmissions.userId, userId));
    const approved = await submissionOf(userId);
    const late = await postJson(
      app,
      "/api/user/kyc",
      { ...details, idNumber: "LATE99990" },
      { token: account.token },
    );
    await expectFailure(late, 409);
    expect(await submissionOf(userId)).toEqual(approved);
  });

  it("refuses a request without a live token with 401 and writes nothing", async () => {
    const before = await countRows(database.db, kycSubmissions);
    await expectFailure(await postJson(app, "/api/user/kyc", details), 401);
    await expectFailure(await postJson(app, "/api/user/kyc", details, { token: "forged-token" }), 401);
    const account = await signUp(app);
    await postJson(app, "/api/user/logout", {}, { token: account.token });
    await expectFailure(await postJson(app, "/api/user/kyc", details, { token: account.token }), 401);
    expect(await countRows(database.db, kycSubmissions)).toBe(before);
  });

  const tenYearsAgo = `${new Date().getUTCFullYear() - 10}-01-01`;
  const invalidSubmissions: [string, Record<string, unknown>][] = [
    ["an empty object", {}],
    ["no address", { ...details, address: undefined }],
    ["a blank address", { ...details, address: "    " }],
    ["an address too short to be one", { ...details, address: "abc" }],
    ["an address over 300 characters", { ...details, address: "a".repeat(301) }],
    ["an address that is not text", { ...details, address: { line1: "221B Baker Street" } }],
    ["no phone", { ...details, phone: undefined }],
    ["a phone that is not a number", { ...details, phone: "call me" }],
    ["a phone too short", { ...details, phone: "12345" }],
    ["a phone sent as a number", { ...details, phone: 2025550143 }],
    ["no date of birth", { ...details, dob: undefined }],
    ["a date of birth that does not exist", { ...details, dob: "1990-02-30" }],
    ["a date of birth in another format", { ...details, dob: "14/07/1985" }],
    ["a date of birth under 18 years ago", { ...details, dob: tenYearsAgo }],
    ["no ID number", { ...details, idNumber: undefined }],
    ["an ID number under 4 characters", { ...details, idNumber: "123" }],
    ["an ID number with symbols", { ...details, idNumber: "12_34/56" }],
    [
      "an ID number of under 4 letters and digits once its hyphens are dropped",
      { ...details, idNumber: "1-2-3" },
    ],
    ["an ID number over 30 characters", { ...details, idNumber: "9".repeat(31) }],
    ["an ID number sent as a number", { ...details, idNumber: 12345678 }],
  ];
  // One account serves every refused submission: each case checks that it still has none.
  let refusedAccount: Promise<SignedUpUser> | undefined;
  it.each(invalidSubmissions)("answers %s with 400 and writes nothing", async (_label, body) => {
    refusedAccount ??= signUp(app);
    const account = await refusedAccount;
    const before = await countRows(database.db, kycSubmissions);
    await expectFailure(await postJson(app, "/api/user/kyc", body, { token: account.token }), 400);
    expect(await countRows(database.db, kycSubmissions)).toBe(before);
    expect(await submissionOf(await userIdOf(account.email))).toBeUndefined();
  });

  it.each([
    ["malformed JSON", '{"address": "221B Baker'],
    ["a JSON array", "[]"],
    ["a JSON string", '"hello"'],
  ])("answers %s with 400 and writes nothing", async (_label, raw) => {
    refusedAccount ??= signUp(app);
    const account = await refusedAccount;
    const before = await countRows(database.db, kycSubmissions);
    await expectFailure(await postJson(app, "/api/user/kyc", raw, { token: account.token }), 400);
    expect(await countRows(database.db, kycSubmissions)).toBe(before);
    expect(await submissionOf(await userIdOf(account.email))).toBeUndefined();
  });
});

describe("KYC rate limit", () => {
  // Limits count in fixed one-minute windows; a frozen clock keeps the burst inside one window.
  beforeEach(() => {
    const now = new Date();
    now.setUTCSeconds(20, 0);
    vi.useFakeTimers({ toFake: ["Date"], now });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("refuses the 11th submission from one address within a minute, not another address's", async () => {
    const account = await signUp(app);
    const userId = await userIdOf(account.email);
    const address = nextAddress();
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      const response = await postJson(
        app,
        "/api/user/kyc",
        { ...details, idNumber: `BURST${String(attempt).padStart(4, "0")}` },
        { token: account.token, address },
      );
      expect(response.status, `attempt ${attempt}`).toBe(200);
    }
    const eleventh = await postJson(
      app,
      "/api/user/kyc",
      { ...details, idNumber: "BURST0011" },
      { token: account.token, address },
    );
    await expectFailure(eleventh, 429);
    expect(Number(eleventh.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect((await submissionOf(userId))?.idNumberLast4).toBe("0010");

    const elsewhere = await postJson(
      app,
      "/api/user/kyc",
      { ...details, idNumber: "OTHER0012" },
      { token: account.token, address: nextAddress() },
    );
    expect(elsewhere.status).toBe(200);
    expect((await submissionOf(userId))?.idNumberLast4).toBe("0012");
  });

  it("counts with the time it is given, so a new minute starts afresh", async () => {
    const account = await signUp(app);
    const userId = await userIdOf(account.email);
    const context = {
      encryptionKey: secrets.encryptionKey,
      clientAddress: nextAddress(),
      perAddressPerMinute: 2,
      now: new Date("2030-01-01T10:00:05Z"),
    };
    await submitKyc(database.db, userId, details, context);
    await submitKyc(database.db, userId, details, context);
    await expect(submitKyc(database.db, userId, details, context)).rejects.toMatchObject({
      kind: "rate-limited",
      retryAfterSeconds: 55,
    });
    await submitKyc(database.db, userId, details, { ...context, now: new Date("2030-01-01T10:01:00Z") });
  });
});
