import { randomBytes } from "node:crypto";
import {
  consultants,
  type kycStatuses,
  kycSubmissions,
  sessions,
  type User,
  type UserRole,
  users,
} from "@db/schema";
import { and, asc, desc, eq, isNotNull, isNull, or, type SQL, sql } from "drizzle-orm";
import { type Actor, changedFields, escapeLike, recordAudit } from "~/features/audit/audit.server";
import { enqueueEmail } from "~/features/email/outbox.server";
import { invitationEmail } from "~/features/email/templates/invitation-email";
import type { Database, Transaction } from "~/infra/db.server";
import { readPage } from "~/infra/paging.server";
import { changedBySomeoneElse, FeatureError, parseInput } from "~/lib/errors";
import { isUuid } from "~/lib/record-id";
import { forgetLoginFailures, loginsSlowedDown } from "./login-throttle.server";
import { hashPassword } from "./password.server";
import { issuePasswordLink } from "./password-reset.server";
import { inviteSchema, type PeopleFilter, personChangeSchema } from "./people-schema";
import { roleLabels } from "./roles";
import { revokeAllSessions } from "./sessions.server";

const PEOPLE_PAGE_SIZE = 25;

export const PERSON_NOT_FOUND = "We could not find this account. It may have been removed.";
const NOT_YOURSELF =
  "You cannot remove your own staff role or disable your own account. Ask another member of staff.";
const LAST_ADMIN =
  "The agency needs at least one active staff account: invite or promote another member of staff first.";

/** How the people pages learn whether failed logins are slowing an account's sign-ins down. */
export interface LockSettings {
  failedLoginsPerAccount: number;
  now: Date;
}

export interface PersonSummary {
  id: string;
  name: string;
  email: string;
  role: UserRole;
  kycStatus: (typeof kycStatuses)[number] | null;
  disabledAt: Date | null;
  locked: boolean;
  consultantId: string | null;
  consultantName: string | null;
  createdAt: Date;
}

export interface PersonDetail extends PersonSummary {
  /** The account's last change, sent back by forms so a second editor is told (no version column). */
  version: string;
  activeSessions: number;
  /** An invited person who has not chosen a password yet. */
  invitationPending: boolean;
}

/** Recent failed logins are making some address wait before it may try this account again. */
function lockCondition(settings: LockSettings): SQL {
  return loginsSlowedDown({ freeFailures: settings.failedLoginsPerAccount }, settings.now);
}

function summaryColumns(settings: LockSettings) {
  return {
    id: users.id,
    name: users.name,
    email: users.email,
    role: users.role,
    kycStatus: kycSubmissions.status,
    disabledAt: users.disabledAt,
    locked: lockCondition(settings).mapWith(Boolean),
    consultantId: users.consultantId,
    consultantName: consultants.name,
    createdAt: users.createdAt,
  };
}

/** Accounts whose name or e-mail contains what staff typed, in any case; "%" and "_" are literal. */
export function nameOrEmailContains(query: string): SQL {
  return sql`${users.searchKey} like lower(${`%${escapeLike(query)}%`})`;
}

/** Accounts, newest first, a page at a time; search matches name or e-mail. */
export async function listPeople(
  db: Database,
  filter: PeopleFilter,
  settings: LockSettings,
): Promise<{ people: PersonSummary[]; hasMore: boolean }> {
  const conditions: SQL[] = [];
  if (filter.q) {
    conditions.push(nameOrEmailContains(filter.q));
  }
  if (filter.role) conditions.push(eq(users.role, filter.role));
  if (filter.state === "disabled") conditions.push(isNotNull(users.disabledAt));
  if (filter.state === "active") conditions.push(isNull(users.disabledAt));
  if (filter.state === "locked") conditions.push(lockCondition(settings));
  const { rows, hasMore } = await readPage(
    db
      .select(summaryColumns(settings))
      .from(users)
      .leftJoin(kycSubmissions, eq(kycSubmissions.userId, users.id))
      .leftJoin(consultants, eq(consultants.id, users.consultantId))
      .where(conditions.length ? and(...conditions) : undefined)
      .orderBy(desc(users.createdAt), asc(users.id)),
    filter.page,
    PEOPLE_PAGE_SIZE,
  );
  return { people: rows, hasMore };
}

export async function findPerson(
  db: Database,
  userId: unknown,
  settings: LockSettings,
): Promise<PersonDetail | undefined> {
  if (!isUuid(userId)) return undefined;
  const [row] = await db
    .select({
      ...summaryColumns(settings),
      updatedAt: users.updatedAt,
      activeSessions:
        sql<number>`(select count(*) from ${sessions} where ${sessions.userId} = ${users.id} and ${sessions.revokedAt} is null and ${sessions.expiresAt} > ${settings.now.toISOString()}::timestamptz)`.mapWith(
          Number,
        ),
      invitationPending:
        sql`exists (select 1 from password_resets where password_resets.user_id = ${users.id} and password_resets.purpose = 'invite') and not exists (select 1 from password_resets where password_resets.user_id = ${users.id} and password_resets.used_at is not null)`.mapWith(
          Boolean,
        ),
    })
    .from(users)
    .leftJoin(kycSubmissions, eq(kycSubmissions.userId, users.id))
    .leftJoin(consultants, eq(consultants.id, users.consultantId))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) return undefined;
  const { updatedAt, ...person } = row;
  return { ...person, version: updatedAt.toISOString() };
}

/** Consultant profiles no account speaks for yet (what a consultant account can be linked to). */
export async function listLinkableConsultants(
  db: Database,
  keepLinkedTo?: string | null,
): Promise<{ id: string; name: string }[]> {
  return db
    .select({ id: consultants.id, name: consultants.name })
    .from(consultants)
    .leftJoin(users, eq(users.consultantId, consultants.id))
    .where(
      and(
        isNull(consultants.archivedAt),
        keepLinkedTo ? or(isNull(users.id), eq(consultants.id, keepLinkedTo)) : isNull(users.id),
      ),
    )
    .orderBy(asc(consultants.name));
}

/**
 * Checks a consultant profile can be linked to `userId`'s account: it exists, is not archived and
 * no other account speaks for it. Locks the profile's row so two staff cannot link it twice.
 */
async function checkLinkableConsultant(
  transaction: Transaction,
  consultantId: string,
  userId: string | undefined,
): Promise<void> {
  const [consultant] = await transaction
    .select({ id: consultants.id, archivedAt: consultants.archivedAt })
    .from(consultants)
    .where(eq(consultants.id, consultantId))
    .for("update");
  if (!consultant || consultant.archivedAt) {
    const message = "Please choose an existing consultant profile.";
    throw new FeatureError("invalid", message, { consultantId: message });
  }
  const [linked] = await transaction
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(eq(users.consultantId, consultantId))
    .limit(1);
  if (linked && linked.id !== userId) {
    const message = `This consultant profile is already linked to ${linked.email}.`;
    throw new FeatureError("conflict", message, { consultantId: message });
  }
}

/**
 * Changes an account's role, its consultant link and whether it is disabled, with an audit entry,
 * in one transaction. Disabling ends every session at once. Staff cannot demote or disable
 * themselves, and the last active staff account stays.
 */
export async function updatePerson(
  db: Database,
  actor: Actor,
  userId: unknown,
  input: unknown,
  now: Date,
): Promise<{ message: string }> {
  if (!isUuid(userId)) throw new FeatureError("not-found", PERSON_NOT_FOUND);
  const change = parseInput(personChangeSchema, input);
  if (change.role === undefined && change.consultantId === undefined && change.disabled === undefined) {
    throw new FeatureError("invalid", "Please say what to change: role, disabled or consultantId.");
  }
  return db.transaction(async (transaction) => {
    // Active staff rows first, always in the same order, so two staff changing each other wait
    // for one another instead of deadlocking, and the count below cannot go stale.
    const activeAdmins = await transaction
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.role, "admin"), isNull(users.disabledAt)))
      .orderBy(asc(users.id))
      .for("update");
    const [person] = await transaction.select().from(users).where(eq(users.id, userId)).for("update");
    if (!person) throw new FeatureError("not-found", PERSON_NOT_FOUND);
    if (change.version && change.version !== person.updatedAt.toISOString()) {
      throw changedBySomeoneElse();
    }

    const role = change.role ?? person.role;
    const consultantId =
      role === "consultant"
        ? change.consultantId === undefined
          ? person.consultantId
          : change.consultantId
        : null;
    const disabledAt =
      change.disabled === undefined ? person.disabledAt : change.disabled ? (person.disabledAt ?? now) : null;

    const losesStaffAccess =
      person.role === "admin" && !person.disabledAt && (role !== "admin" || disabledAt);
    if (person.id === actor.id && (role !== "admin" || disabledAt)) {
      throw new FeatureError("conflict", NOT_YOURSELF);
    }
    if (losesStaffAccess && activeAdmins.length <= 1) throw new FeatureError("conflict", LAST_ADMIN);
    if (role === "consultant") {
      if (!consultantId) {
        const message = "Please choose the consultant profile this account speaks for.";
        throw new FeatureError("invalid", message, { consultantId: message });
      }
      if (consultantId !== person.consultantId)
        await checkLinkableConsultant(transaction, consultantId, person.id);
    }

    const before = {
      role: person.role,
      consultantId: person.consultantId,
      disabled: person.disabledAt !== null,
    };
    const after = { role, consultantId, disabled: disabledAt !== null };
    const changed = changedFields(before, after);
    if (Object.keys(changed.after).length === 0) return { message: "Nothing to change." };

    await transaction
      .update(users)
      .set({ role, consultantId, disabledAt, updatedAt: now })
      .where(eq(users.id, person.id));
    if (disabledAt && !person.disabledAt) await revokeAllSessions(transaction, person.id, now);

    const action =
      "disabled" in changed.after && Object.keys(changed.after).length === 1
        ? disabledAt
          ? "user.disable"
          : "user.enable"
        : "user.update";
    await recordAudit(
      transaction,
      actor,
      {
        action,
        targetType: "user",
        targetId: person.id,
        summary: describeChange(person, changed.after),
        ...changed,
      },
      now,
    );
    return { message: `${person.name}'s account has been updated.` };
  });
}

function describeChange(person: User, after: Record<string, unknown>): string {
  const parts: string[] = [];
  if ("role" in after) parts.push(`role ${roleLabels[after.role as UserRole]}`);
  if ("consultantId" in after)
    parts.push(after.consultantId ? "linked to a consultant profile" : "consultant link removed");
  if ("disabled" in after) parts.push(after.disabled ? "disabled" : "enabled again");
  return `${person.email}: ${parts.join(", ")}`;
}

/** Lets every address that failed at this account try again at once. */
export async function liftLoginLock(
  db: Database,
  actor: Actor,
  userId: unknown,
  now: Date,
): Promise<{ message: string }> {
  if (!isUuid(userId)) throw new FeatureError("not-found", PERSON_NOT_FOUND);
  return db.transaction(async (transaction) => {
    const [person] = await transaction.select().from(users).where(eq(users.id, userId)).limit(1);
    if (!person) throw new FeatureError("not-found", PERSON_NOT_FOUND);
    const failures = await forgetLoginFailures(transaction, person.email);
    await recordAudit(
      transaction,
      actor,
      {
        action: "user.unlock",
        targetType: "user",
        targetId: person.id,
        summary: `${person.email}: failed-login waits lifted (${failures} recent failed logins forgotten)`,
      },
      now,
    );
    return { message: `${person.name} can sign in again.` };
  });
}

function roleDescription(role: "admin" | "consultant"): string {
  return role === "admin" ? "a member of the agency's staff" : "a consultant";
}

/**
 * Creates a staff or consultant account with no usable password and e-mails its owner a link to
 * set one (valid for a week), with the audit entry, in one transaction.
 */
export async function invitePerson(
  db: Database,
  actor: Actor,
  input: unknown,
  options: { publicUrl: string; now: Date },
): Promise<{ userId: string; message: string }> {
  const invite = parseInput(inviteSchema, input);
  // Nobody knows this password: the account opens only through the link.
  const passwordHash = await hashPassword(randomBytes(32).toString("base64url"));
  return db.transaction(async (transaction) => {
    if (invite.role === "consultant")
      await checkLinkableConsultant(transaction, invite.consultantId!, undefined);
    const consultantId = invite.role === "consultant" ? invite.consultantId! : null;
    const [created] = await transaction
      .insert(users)
      .values({
        name: invite.name,
        email: invite.email,
        passwordHash,
        role: invite.role,
        consultantId,
        createdAt: options.now,
        updatedAt: options.now,
      })
      .onConflictDoNothing({ target: users.email })
      .returning({ id: users.id });
    if (!created) {
      const message = "An account with this e-mail address already exists. Change its role instead.";
      throw new FeatureError("conflict", message, { email: message });
    }
    const link = await issuePasswordLink(transaction, created.id, "invite", options);
    await enqueueEmail(
      transaction,
      invitationEmail({
        invitee: invite,
        roleDescription: roleDescription(invite.role),
        invitedBy: actor.email,
        link,
      }),
    );
    await recordAudit(
      transaction,
      actor,
      {
        action: "user.invite",
        targetType: "user",
        targetId: created.id,
        summary: `Invited ${invite.email} as ${roleLabels[invite.role]}`,
        after: { name: invite.name, email: invite.email, role: invite.role, consultantId },
      },
      options.now,
    );
    return { userId: created.id, message: `Invitation sent to ${invite.email}.` };
  });
}
