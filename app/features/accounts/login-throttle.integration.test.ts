import { loginFailures, outbox } from "@db/schema";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/infra/db.server";
import { FeatureError } from "~/lib/errors";
import { GOOD_PASSWORD, nextAddress, uniqueEmail } from "../../../tests/setup/factories";
import { createTestDatabase } from "../../../tests/setup/test-database";
import { type AuthRequest, INVALID_CREDENTIALS, logIn, registerUser } from "./accounts.server";
import { LOGIN_FAILURE_MEMORY_SECONDS, pruneLoginFailures } from "./login-throttle.server";
import { requestPasswordReset, resetPassword } from "./password-reset.server";

let database: DatabaseHandle;
const FREE_FAILURES = 5;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

/** A login from `clientAddress` at `now`, with a generous per-address minute limit (tested elsewhere). */
function request(clientAddress: string, now: Date): AuthRequest {
  return {
    clientAddress,
    sessionDays: 30,
    limits: { perAddressPerMinute: 1000, failedLoginsPerAccount: FREE_FAILURES },
    now,
  };
}

async function newAccount() {
  const email = uniqueEmail("throttle");
  await registerUser(
    database.db,
    { name: "Owner Of Account", email, password: GOOD_PASSWORD },
    request(nextAddress(), new Date()),
  );
  return email;
}

type Outcome =
  | { status: "signed-in" }
  | { status: "wrong" }
  | { status: "wait"; seconds: number; message: string };

async function attempt(email: string, password: string, clientAddress: string, now: Date): Promise<Outcome> {
  try {
    await logIn(database.db, { email, password }, request(clientAddress, now));
    return { status: "signed-in" };
  } catch (error) {
    if (!(error instanceof FeatureError)) throw error;
    if (error.kind === "unauthenticated") {
      expect(error.message).toBe(INVALID_CREDENTIALS);
      return { status: "wrong" };
    }
    expect(error.kind).toBe("rate-limited");
    return { status: "wait", seconds: error.retryAfterSeconds ?? 0, message: error.message };
  }
}

/** Guesses from one address as fast as the server lets it, until `failures` wrong guesses were checked. */
async function guessUntil(email: string, attacker: string, failures: number, start: Date) {
  let now = start;
  let checked = 0;
  let refused = 0;
  while (checked < failures) {
    const outcome = await attempt(email, `wrong guess ${checked}`, attacker, now);
    if (outcome.status === "wrong") {
      checked += 1;
    } else {
      expect(outcome.status).toBe("wait");
      if (outcome.status !== "wait") break;
      refused += 1;
      expect(outcome.seconds).toBeGreaterThan(0);
      expect(outcome.seconds).toBeLessThanOrEqual(15 * 60);
      now = new Date(now.getTime() + outcome.seconds * 1000);
    }
  }
  return { now, refused };
}

describe("failed logins slow the guesser down without locking the owner out", () => {
  it("lets the owner in from their own address after an attacker failed 50 times", async () => {
    const email = await newAccount();
    const attacker = nextAddress();
    const { now, refused } = await guessUntil(email, attacker, 50, new Date());
    // The attacker had to wait: 50 guesses took far longer than 50 requests would.
    expect(refused).toBeGreaterThan(0);
    const wait = await attempt(email, "yet another guess", attacker, now);
    expect(wait).toMatchObject({ status: "wait" });
    if (wait.status === "wait") {
      expect(wait.message).toBe(
        `Too many failed logins from here. Please wait ${wait.seconds} seconds and try again, or reset your password.`,
      );
    }

    // The owner, from an address that has not failed, is never held up.
    expect(await attempt(email, GOOD_PASSWORD, nextAddress(), now)).toEqual({ status: "signed-in" });
  });

  it("makes even the right password wait at an address that keeps failing, and a reset lets the owner in there", async () => {
    const email = await newAccount();
    const sharedAddress = nextAddress();
    const { now } = await guessUntil(email, sharedAddress, FREE_FAILURES + 3, new Date());
    // The wait comes before the password is checked, so it tells a guesser nothing.
    expect(await attempt(email, GOOD_PASSWORD, sharedAddress, now)).toMatchObject({ status: "wait" });

    await requestPasswordReset(
      database.db,
      { email },
      { clientAddress: sharedAddress, perAddressPerMinute: 10, publicUrl: "https://va.example.com", now },
    );
    const [message] = (await database.db.select().from(outbox).where(eq(outbox.recipient, email))).slice(-1);
    const token = decodeURIComponent(message!.textBody.match(/reset-password\?token=([\w%-]+)/)![1]!);
    await resetPassword(database.db, { token, password: "a brand new passphrase" }, now);

    expect(await attempt(email, "a brand new passphrase", sharedAddress, now)).toEqual({
      status: "signed-in",
    });
    expect(await database.db.select().from(loginFailures).where(eq(loginFailures.email, email))).toEqual([]);
  });

  it("lets an address try again freely once its failures are 15 minutes old", async () => {
    const email = await newAccount();
    const address = nextAddress();
    const { now } = await guessUntil(email, address, FREE_FAILURES + 2, new Date());
    expect(await attempt(email, GOOD_PASSWORD, address, now)).toMatchObject({ status: "wait" });
    const later = new Date(now.getTime() + (LOGIN_FAILURE_MEMORY_SECONDS + 1) * 1000);
    await pruneLoginFailures(database.db, later);
    expect(await database.db.select().from(loginFailures).where(eq(loginFailures.email, email))).toEqual([]);
    expect(await attempt(email, GOOD_PASSWORD, address, later)).toEqual({ status: "signed-in" });
  });

  it("forgets an address's typos once the owner signs in from there", async () => {
    const email = await newAccount();
    const address = nextAddress();
    const now = new Date();
    for (let typo = 0; typo < FREE_FAILURES - 1; typo += 1) {
      expect(await attempt(email, `typo ${typo}`, address, now)).toEqual({ status: "wrong" });
    }
    expect(await attempt(email, GOOD_PASSWORD, address, now)).toEqual({ status: "signed-in" });
    expect(await attempt(email, "one more typo", address, now)).toEqual({ status: "wrong" });
    // Only the one typo since signing in counts: no wait.
    expect(await attempt(email, GOOD_PASSWORD, address, now)).toEqual({ status: "signed-in" });
  });

  it("holds every failing address of a spread-out attack, and still lets a new address in", async () => {
    const email = await newAccount();
    const now = new Date();
    const bots = Array.from({ length: FREE_FAILURES * FREE_FAILURES }, () => nextAddress());
    for (const bot of bots) {
      expect(await attempt(email, "a bot's guess", bot, now)).toEqual({ status: "wrong" });
    }
    // Each bot already failed once; with so many failures at this account, it must wait.
    expect(await attempt(email, "a second guess", bots[0]!, now)).toMatchObject({ status: "wait" });
    expect(await attempt(email, GOOD_PASSWORD, nextAddress(), now)).toEqual({ status: "signed-in" });
  });

  it("gives an unknown e-mail the same answers as a known one", async () => {
    const address = nextAddress();
    const unknown = uniqueEmail("nobody");
    const { now } = await guessUntil(unknown, address, FREE_FAILURES, new Date());
    expect(await attempt(unknown, "again", address, now)).toMatchObject({ status: "wait", seconds: 1 });
  });
});
