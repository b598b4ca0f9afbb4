import { users } from "@db/schema";
import { eq } from "drizzle-orm";
import type { Database } from "~/infra/db.server";
import type { Environment } from "~/infra/env.server";
import { consumeRateLimit, type RateLimitRule } from "~/infra/rate-limit.server";
import { FeatureError, parseInput } from "~/lib/errors";
import {
  forgetLoginFailuresFrom,
  loginWaitError,
  loginWaitSeconds,
  recordLoginFailure,
} from "./login-throttle.server";
import { decoyPasswordHash, hashPassword, passwordProblem, verifyPassword } from "./password.server";
import { type LoginInput, loginSchema, type RegistrationInput, registrationSchema } from "./schemas";
import { createSession, type SessionUser } from "./sessions.server";

export const INVALID_CREDENTIALS = "Invalid email or password";
const ACCOUNT_DISABLED = "This account has been disabled. Please contact us if you think this is a mistake.";

interface AuthLimits {
  /** Attempts a minute from one client address. */
  perAddressPerMinute: number;
  /** Failed logins of one account from one address before that address must wait (login-throttle). */
  failedLoginsPerAccount: number;
}

export interface AuthRequest {
  clientAddress: string;
  sessionDays: number;
  limits: AuthLimits;
  now?: Date;
}

export interface SignedIn {
  user: SessionUser;
  token: string;
  expiresAt: Date;
}

/** The parts of a request that sign-up and login need, from the request context. */
export function authRequestFrom(context: { env: Environment; clientAddress: string }): AuthRequest {
  const { env, clientAddress } = context;
  return {
    clientAddress,
    sessionDays: env.SESSION_DAYS,
    limits: {
      perAddressPerMinute: env.RATE_LIMIT_FORMS_PER_MINUTE,
      failedLoginsPerAccount: env.RATE_LIMIT_FAILED_LOGINS,
    },
  };
}

function perAddress(action: string, request: AuthRequest): RateLimitRule {
  return {
    key: `${action}:ip:${request.clientAddress}`,
    limit: request.limits.perAddressPerMinute,
    windowSeconds: 60,
  };
}

export async function registerUser(
  db: Database,
  input: RegistrationInput | unknown,
  request: AuthRequest,
): Promise<SignedIn> {
  await consumeRateLimit(db, perAddress("register", request), request.now);
  const registration = parseInput(registrationSchema, input);
  const problem = passwordProblem(registration.password, registration);
  if (problem) throw new FeatureError("invalid", problem, { password: problem });

  const passwordHash = await hashPassword(registration.password);
  const [user] = await db
    .insert(users)
    .values({
      name: registration.name,
      email: registration.email,
      passwordHash,
      role: registration.role,
      timeZone: registration.timeZone ?? null,
    })
    .onConflictDoNothing({ target: users.email })
    .returning();
  if (!user) {
    const message = "An account with this e-mail already exists. Please log in instead.";
    throw new FeatureError("conflict", message, { email: message });
  }
  const session = await createSession(db, user.id, request.sessionDays, request.now);
  return { user, ...session };
}

/**
 * Checks e-mail and password. Unknown e-mail and wrong password give the same answer in about
 * the same time. An address that keeps failing for an account waits longer before each new try;
 * nobody else is held up (login-throttle.server.ts).
 */
export async function logIn(
  db: Database,
  input: LoginInput | unknown,
  request: AuthRequest,
): Promise<SignedIn> {
  const now = request.now ?? new Date();
  await consumeRateLimit(db, perAddress("login", request), now);
  const credentials = parseInput(loginSchema, input);
  const throttle = { freeFailures: request.limits.failedLoginsPerAccount };
  const waitSeconds = await loginWaitSeconds(db, credentials.email, request.clientAddress, throttle, now);
  if (waitSeconds > 0) throw loginWaitError(waitSeconds);

  const [user] = await db.select().from(users).where(eq(users.email, credentials.email)).limit(1);
  const valid = await verifyPassword(credentials.password, user?.passwordHash ?? (await decoyPasswordHash()));
  if (!user || !valid) {
    await recordLoginFailure(db, credentials.email, request.clientAddress, now);
    throw new FeatureError("unauthenticated", INVALID_CREDENTIALS);
  }
  if (user.disabledAt) throw new FeatureError("forbidden", ACCOUNT_DISABLED);
  // The owner got it right in the end: their typos no longer slow this address down.
  await forgetLoginFailuresFrom(db, credentials.email, request.clientAddress);
  // An account made before zones were kept learns one from the browser it signs in with; a zone
  // the person chose on their profile is never overwritten.
  if (!user.timeZone && credentials.timeZone) {
    await db.update(users).set({ timeZone: credentials.timeZone }).where(eq(users.id, user.id));
  }
  const session = await createSession(db, user.id, request.sessionDays, now);
  return { user, ...session };
}

/** Creates the staff account named in settings if it does not exist; never changes an existing one. */
export async function ensureAdminAccount(db: Database, email: string, password: string): Promise<boolean> {
  const normalizedEmail = email.trim().toLowerCase();
  // Looked up first: hashing is slow on purpose, and would be paid on every start otherwise.
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, normalizedEmail))
    .limit(1);
  if (existing) return false;
  const passwordHash = await hashPassword(password);
  const created = await db
    .insert(users)
    .values({ name: "Agency staff", email: normalizedEmail, passwordHash, role: "admin" })
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id });
  return created.length > 0;
}
