import { createHash, randomBytes } from "node:crypto";
import {
  type ConsultantCalendar,
  calendarFeeds,
  calendarWrites,
  consultantCalendars,
} from "@db/calendar-schema";
import { and, count, eq, isNotNull, sql } from "drizzle-orm";
import { type Actor, recordAudit } from "~/features/audit/audit.server";
import type { Database, Transaction } from "~/infra/db.server";
import { decryptText, encryptText } from "~/infra/encryption.server";
import { consumeRateLimit } from "~/infra/rate-limit.server";
import { describeTime } from "~/lib/dates";
import { FeatureError } from "~/lib/errors";
import { busyTimesOf, CalendarDataError } from "./busy-times";
import { CalendarAccessError, discoverCalDavCollection, readCalendarTexts } from "./calendar-access.server";
import type { CalendarContext } from "./calendar-context.server";
import { type CalendarConnection, parseCalendarSettings } from "./calendar-schema";
import { sealCalendarSecret, shownIcsAddress } from "./calendar-source.server";
import { syncCalendar } from "./calendar-sync.server";

/** Connection attempts a minute per consultant: each one calls an address someone typed. */
const CONNECTS_PER_MINUTE = 10;

/** What the consultant and staff see of a calendar connection (never its secret). */
export interface CalendarView {
  kind: ConsultantCalendar["kind"] | null;
  url: string | null;
  username: string | null;
  lastSyncedAt: Date | null;
  lastError: string | null;
  /** When the syncs began to fail; null while they succeed. */
  failingSince: Date | null;
  busyCount: number;
  /** No good sync within CALENDAR_STALE_MINUTES: the consultant's slots are withheld. */
  withheld: boolean;
  /** Bookings waiting to be written to the calendar, and those whose last attempt failed. */
  pendingWrites: number;
  failedWrites: number;
  lastWriteError: string | null;
  feedUrl: string;
}

function feedTokenDigest(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

async function newFeedToken(db: Database, consultantId: string, key: Buffer): Promise<string> {
  const token = randomBytes(24).toString("base64url");
  const values = {
    tokenDigest: feedTokenDigest(token),
    sealedToken: encryptText(key, token),
    createdAt: new Date(),
  };
  await db
    .insert(calendarFeeds)
    .values({ consultantId, ...values })
    .onConflictDoUpdate({ target: calendarFeeds.consultantId, set: values });
  return token;
}

/** The consultant's feed token, made on first ask. */
async function feedToken(db: Database, consultantId: string, key: Buffer): Promise<string> {
  const [feed] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.consultantId, consultantId));
  return feed ? decryptText(key, feed.sealedToken) : newFeedToken(db, consultantId, key);
}

/** The consultant a feed address belongs to, if it is a current one (a rotated token finds nobody). */
export async function consultantOfFeedToken(db: Database, token: string): Promise<string | undefined> {
  if (!/^[A-Za-z0-9_-]{20,64}$/.test(token)) return undefined;
  const [feed] = await db
    .select({ consultantId: calendarFeeds.consultantId })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.tokenDigest, feedTokenDigest(token)));
  return feed?.consultantId;
}

export async function calendarView(
  db: Database,
  consultantId: string,
  context: CalendarContext,
): Promise<CalendarView> {
  const now = context.now ?? new Date();
  const [[calendar], token] = await Promise.all([
    db.select().from(consultantCalendars).where(eq(consultantCalendars.consultantId, consultantId)),
    feedToken(db, consultantId, context.encryptionKey),
  ]);
  const writes = calendar ? await writeCounts(db, calendar.id) : undefined;
  return {
    kind: calendar?.kind ?? null,
    url: calendar?.shownUrl ?? null,
    username: calendar?.username ?? null,
    lastSyncedAt: calendar?.lastSyncedAt ?? null,
    lastError: calendar?.lastError ?? null,
    failingSince: calendar?.failingSince ?? null,
    busyCount: calendar?.busyCount ?? 0,
    withheld: calendar ? calendar.trustedUntil === null || calendar.trustedUntil <= now : false,
    pendingWrites: writes?.pending ?? 0,
    failedWrites: writes?.failed ?? 0,
    lastWriteError: writes?.lastError ?? null,
    feedUrl: `${context.publicUrl}/calendar/${token}.ics`,
  };
}

async function writeCounts(db: Database, calendarId: string) {
  const [counts] = await db
    .select({
      pending: count(),
      failed: sql<number>`count(*) filter (where ${calendarWrites.lastError} is not null)`.mapWith(Number),
      lastError: sql<string | null>`max(${calendarWrites.lastError})`,
    })
    .from(calendarWrites)
    .where(and(eq(calendarWrites.calendarId, calendarId), isNotNull(calendarWrites.dueAt)));
  return counts;
}

/** Sentences from the calendar's side become the form's error, beside the address. */
function refusedConnection(error: unknown, field: string): never {
  if (error instanceof CalendarAccessError || error instanceof CalendarDataError) {
    throw new FeatureError("invalid", error.message, { [field]: error.message });
  }
  throw error;
}

/**
 * Connects (or replaces) the consultant's calendar once it has been reached and read, so a wrong
 * address or password is told at once and nothing half-connected is kept. PUT `{rotateFeed: true}`
 * makes a new feed address instead (the old one stops working).
 */
export async function saveCalendarSettings(
  db: Database,
  consultantId: string,
  input: unknown,
  context: CalendarContext,
  /** A member of staff acting for the consultant: the change goes to the audit trail. */
  staff?: Actor,
): Promise<CalendarView> {
  const settings = parseCalendarSettings(input);
  const now = context.now ?? new Date();
  if ("rotateFeed" in settings) {
    await newFeedToken(db, consultantId, context.encryptionKey);
    if (staff)
      await auditCalendarChange(db, staff, consultantId, "calendar.rotate-feed", "New feed address", now);
    return calendarView(db, consultantId, context);
  }
  await consumeRateLimit(
    db,
    { key: `calendar-connect:${consultantId}`, limit: CONNECTS_PER_MINUTE, windowSeconds: 60 },
    now,
  );
  const values = await checkedConnection(settings, context, now).catch((error: unknown) =>
    refusedConnection(error, "caldavUrl" in settings ? "caldavUrl" : "icsUrl"),
  );
  const calendar = await db.transaction(async (transaction) => {
    // Replacing a calendar forgets the old one's busy times and pending writes with it.
    await transaction.delete(consultantCalendars).where(eq(consultantCalendars.consultantId, consultantId));
    const [created] = await transaction
      .insert(consultantCalendars)
      .values({ consultantId, ...values, createdAt: now, updatedAt: now })
      .returning();
    if (staff) {
      await auditCalendarChange(
        transaction,
        staff,
        consultantId,
        "calendar.connect",
        `Connected ${values.kind === "caldav" ? "CalDAV" : "ICS"} calendar ${values.shownUrl}`,
        now,
      );
    }
    return created!;
  });
  await syncCalendar(db, calendar, context);
  return calendarView(db, consultantId, context);
}

/** The row to store for a connection that has just been reached and read. */
async function checkedConnection(connection: CalendarConnection, context: CalendarContext, now: Date) {
  const window = { from: now, to: new Date(now.getTime() + 24 * 60 * 60_000) };
  if ("icsUrl" in connection) {
    const texts = await readCalendarTexts({ kind: "ics", icsUrl: connection.icsUrl }, window, context.fetch);
    busyTimesOf(texts, { ...window, zone: context.zone });
    return {
      kind: "ics" as const,
      shownUrl: shownIcsAddress(connection.icsUrl),
      username: null,
      collectionUrl: null,
      sealedSecret: sealCalendarSecret(context.encryptionKey, { icsUrl: connection.icsUrl }),
    };
  }
  const source = { kind: "caldav" as const, serverUrl: connection.caldavUrl, ...connection };
  const collectionUrl = await discoverCalDavCollection(source, context.fetch);
  await readCalendarTexts({ ...source, collectionUrl }, window, context.fetch);
  return {
    kind: "caldav" as const,
    shownUrl: connection.caldavUrl,
    username: connection.username,
    collectionUrl,
    sealedSecret: sealCalendarSecret(context.encryptionKey, { password: connection.password }),
  };
}

/** Disconnects the consultant's calendar: its busy times no longer count, nothing more is written. */
export async function disconnectCalendar(
  db: Database,
  consultantId: string,
  context: CalendarContext,
  staff?: Actor,
): Promise<CalendarView> {
  const removed = await db
    .delete(consultantCalendars)
    .where(eq(consultantCalendars.consultantId, consultantId))
    .returning({ shownUrl: consultantCalendars.shownUrl });
  if (staff && removed[0]) {
    const summary = `Disconnected calendar ${removed[0].shownUrl}`;
    await auditCalendarChange(db, staff, consultantId, "calendar.disconnect", summary, context.now);
  }
  return calendarView(db, consultantId, context);
}

function auditCalendarChange(
  executor: Pick<Database | Transaction, "insert">,
  staff: Actor,
  consultantId: string,
  action: string,
  summary: string,
  now = new Date(),
): Promise<void> {
  return recordAudit(
    executor,
    staff,
    { action, targetType: "consultant", targetId: consultantId, summary },
    now,
  );
}

/** The view as a page shows it: times written for people in the agency's zone. */
export function calendarViewForPage(view: CalendarView, zone: string) {
  const { lastSyncedAt, failingSince, ...rest } = view;
  return { ...rest, lastSynced: lastSyncedAt ? describeTime(lastSyncedAt, zone) : null };
}
