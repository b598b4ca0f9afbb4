import { type passwordLinkPurposes, passwordResets, users } from "@db/schema";
import { and, eq, gt, isNull } from "drizzle-orm";
import { enqueueEmail } from "~/features/email/outbox.server";
import { passwordResetEmail } from "~/features/email/templates/password-reset-email";
import type { Database, Transaction } from "~/infra/db.server";
import { consumeRateLimit } from "~/infra/rate-limit.server";
import { FeatureError, parseInput } from "~/lib/errors";
import { forgetLoginFailures } from "./login-throttle.server";
import { hashPassword, passwordProblem } from "./password.server";
import { passwordResetRequestSchema, passwordResetSchema } from "./schemas";
import { hashToken, newToken, revokeAllSessions } from "./sessions.server";

export const RESET_LINK_LIFETIME_MS = 60 * 60 * 1000;
/** An invited person may not read their mail the same hour, so their first link lasts a week. */
const INVITE_LINK_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

export type PasswordLinkPurpose = (typeof passwordLinkPurposes)[number];

const linkLifetimes: Record<PasswordLinkPurpose, number> = {
  reset: RESET_LINK_LIFETIME_MS,
  invite: INVITE_LINK_LIFETIME_MS,
};
export const RESET_REQUESTED_MESSAGE =
  "If an account exists for that e-mail address, we have sent it a link to choose a new password. The link works once, for one hour.";
const LINK_NOT_VALID = "This reset link is not valid or has expired. Please ask for a new one.";

export interface ResetRequestContext {
  clientAddress: string;
  perAddressPerMinute: number;
  publicUrl: string;
  now?: Date;
}

/**
 * Mails a single-use reset link when the account exists. The answer is the same either way, so
 * the form does not reveal who has an account.
 */
export async function requestPasswordReset(
  db: Database,
  input: unknown,
  context: ResetRequestContext,
): Promise<void> {
  await consumeRateLimit(
    db,
    {
      key: `password-reset:ip:${context.clientAddress}`,
      limit: context.perAddressPerMinute,
      windowSeconds: 60,
    },
    context.now,
  );
  const { email } = parseInput(passwordResetRequestSchema, input);
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  if (!user) return;

  const now = context.now ?? new Date();
  await db.transaction(async (transaction) => {
    const link = await issuePasswordLink(transaction, user.id, "reset", {
      publicUrl: context.publicUrl,
      now,
    });
    await enqueueEmail(transaction, passwordResetEmail({ customer: user, link }));
  });
}

/**
 * Stores a single-use link to choose the account's password (a reset, or an invited person's
 * first one) and returns its address; only the token's hash is kept.
 */
export async function issuePasswordLink(
  executor: Pick<Transaction, "insert">,
  userId: string,
  purpose: PasswordLinkPurpose,
  options: { publicUrl: string; now: Date },
): Promise<string> {
  const token = newToken();
  await executor.insert(passwordResets).values({
    tokenHash: hashToken(token),
    userId,
    purpose,
    expiresAt: new Date(options.now.getTime() + linkLifetimes[purpose]),
  });
  return `${options.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
}

/** What a link is for and whether it still works (so the page can say which), or undefined if unknown. */
export async function findPasswordLink(
  db: Database,
  token: string,
  now = new Date(),
): Promise<{ purpose: PasswordLinkPurpose; usable: boolean } | undefined> {
  if (!token || token.length > 200) return undefined;
  const [row] = await db
    .select({
      purpose: passwordResets.purpose,
      usedAt: passwordResets.usedAt,
      expiresAt: passwordResets.expiresAt,
    })
    .from(passwordResets)
    .where(eq(passwordResets.tokenHash, hashToken(token)))
    .limit(1);
  if (!row) return undefined;
  return { purpose: row.purpose, usable: row.usedAt === null && row.expiresAt > now };
}

/** Whether a reset link can still be used (for showing the form or an error first). */
export async function isResetTokenUsable(db: Database, token: string, now = new Date()): Promise<boolean> {
  return (await findPasswordLink(db, token, now))?.usable ?? false;
}

/**
 * A new password sent from the reset page: counted per address like the other public forms, so a
 * bot cannot try tokens or hammer the password hashing from one place, then set as resetPassword does.
 */
export async function resetPasswordFromForm(
  db: Database,
  input: unknown,
  context: { clientAddress: string; perAddressPerMinute: number; now: Date },
): Promise<{ purpose: PasswordLinkPurpose }> {
  await consumeRateLimit(
    db,
    {
      key: `password-reset-use:ip:${context.clientAddress}`,
      limit: context.perAddressPerMinute,
      windowSeconds: 60,
    },
    context.now,
  );
  return resetPassword(db, input, context.now);
}

/**
 * Sets the new password, uses up the link and signs the account out everywhere.
 * @returns what the link was for, so the page can word its answer.
 */
export async function resetPassword(
  db: Database,
  input: unknown,
  now = new Date(),
): Promise<{ purpose: PasswordLinkPurpose }> {
  const { token, password } = parseInput(passwordResetSchema, input);
  return db.transaction(async (transaction) => {
    // Claiming the link first makes a second use fail even when two requests race.
    const [claimed] = await transaction
      .update(passwordResets)
      .set({ usedAt: now })
      .where(
        and(
          eq(passwordResets.tokenHash, hashToken(token)),
          isNull(passwordResets.usedAt),
          gt(passwordResets.expiresAt, now),
        ),
      )
      .returning({ userId: passwordResets.userId, purpose: passwordResets.purpose });
    if (!claimed) throw new FeatureError("invalid", LINK_NOT_VALID, { token: LINK_NOT_VALID });

    const [user] = await transaction.select().from(users).where(eq(users.id, claimed.userId)).limit(1);
    const problem = passwordProblem(password, { email: user?.email, name: user?.name });
    if (problem) throw new FeatureError("invalid", problem, { password: problem });

    await transaction
      .update(users)
      .set({ passwordHash: await hashPassword(password), updatedAt: now })
      .where(eq(users.id, claimed.userId));
    await revokeAllSessions(transaction, claimed.userId, now);
    // A new password ends any wait that failed logins put on the account.
    if (user) await forgetLoginFailures(transaction, user.email);
    // Older links of the same account must not undo this change.
    await transaction
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.userId, claimed.userId), isNull(passwordResets.usedAt)));
    return { purpose: claimed.purpose };
  });
}
