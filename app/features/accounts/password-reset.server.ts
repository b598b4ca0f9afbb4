import { and, eq, gt, isNull } from "drizzle-orm";
import type { Database } from "~/infra/db.server";
import { consumeRateLimit } from "~/infra/rate-limit.server";
import { FeatureError, parseInput } from "~/lib/errors";
import { passwordResets, users } from "../../../db/schema";
import { enqueueEmail } from "../email/outbox.server";
import { passwordResetEmail } from "../email/templates/password-reset-email";
import { hashPassword, passwordProblem } from "./password.server";
import { passwordResetRequestSchema, passwordResetSchema } from "./schemas";
import { hashToken, newToken, revokeAllSessions } from "./sessions.server";

export const RESET_LINK_LIFETIME_MS = 60 * 60 * 1000;
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
  const token = newToken();
  const link = `${context.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
  await db.transaction(async (transaction) => {
    await transaction.insert(passwordResets).values({
      tokenHash: hashToken(token),
      userId: user.id,
      expiresAt: new Date(now.getTime() + RESET_LINK_LIFETIME_MS),
    });
    await enqueueEmail(transaction, passwordResetEmail({ customer: user, link }));
  });
}

/** Whether a reset link can still be used (for showing the form or an error first). */
export async function isResetTokenUsable(db: Database, token: string, now = new Date()): Promise<boolean> {
  if (!token || token.length > 200) return false;
  const [row] = await db
    .select({ id: passwordResets.id })
    .from(passwordResets)
    .where(
      and(
        eq(passwordResets.tokenHash, hashToken(token)),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, now),
      ),
    )
    .limit(1);
  return Boolean(row);
}

/** Sets the new password, uses up the link and signs the account out everywhere. */
export async function resetPassword(db: Database, input: unknown, now = new Date()): Promise<void> {
  const { token, password } = parseInput(passwordResetSchema, input);
  await db.transaction(async (transaction) => {
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
      .returning({ userId: passwordResets.userId });
    if (!claimed) throw new FeatureError("invalid", LINK_NOT_VALID, { token: LINK_NOT_VALID });

    const [user] = await transaction.select().from(users).where(eq(users.id, claimed.userId)).limit(1);
    const problem = passwordProblem(password, { email: user?.email, name: user?.name });
    if (problem) throw new FeatureError("invalid", problem, { password: problem });

    await transaction
      .update(users)
      .set({ passwordHash: await hashPassword(password), updatedAt: now })
      .where(eq(users.id, claimed.userId));
    await revokeAllSessions(transaction, claimed.userId, now);
    // Older links of the same account must not undo this change.
    await transaction
      .update(passwordResets)
      .set({ usedAt: now })
      .where(and(eq(passwordResets.userId, claimed.userId), isNull(passwordResets.usedAt)));
  });
}
