import { createHash, randomBytes } from "node:crypto";
import { calendarBusyTimes, calendarFeeds, calendarWrites, consultantCalendars } from "@db/calendar-schema";
import { and, count, eq, isNotNull, sql } from "drizzle-orm";
import { type Actor, recordAudit } from "~/features/audit/audit.server";
import type { Database, Transaction } from "~/infra/db.server";
import { decryptText, encryptText } from "~/infra/encryption.server";
import { consumeRateLimit } from "~/infra/rate-limit.server";
import { describeTime } from "~/lib/dates";
import { FeatureError } from "~/lib/errors";
import { CalendarDataError } from "./busy-times";
import { busyTimesInThread } from "./busy-times-in-thread.server";
import { CalendarAccessError, discoverCalDavCollection, readCalendarTexts } from "./calendar-access.server";
import { startsFreedBetween } from "./calendar-blocks.server";
import type { CalendarContext } from "./calendar-context.server";
import type { CalendarPanelData } from "./calendar-panel-data";
import { type CalendarConnection, parseCalendarSettings } from "./calendar-schema";
import { sealCalendarSecret, shownIcsAddress } from "./calendar-source.server";
import { syncCalendar } from "./calendar-sync.server";
import { queueWritesForNewCalendar, writesStillWaiting } from "./calendar-writes.server";

/** Connection attempts a minute per consultant: each one calls an address someone typed. */
const CONNECTS_PER_MINUTE = 10;

/** What the consultant and staff see of a calendar connection (never its secret), with its times as instants. */
export type CalendarView = Omit<CalendarPanelData, "lastSynced"> & {
  lastSyncedAt: Date | null;
  /** When the syncs began to fail; null while they succeed. */
  failingSince: Date | null;
};

function feedTokenDigest(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** A new feed token and the row that keeps it (sealed, and as the digest it is found by). */
function freshFeedToken(key: Buffer) {
  const token = randomBytes(24).toString("base64url");
  return {
    token,
    stored: {
      tokenDigest: feedTokenDigest(token),
      sealedToken: encryptText(key, token),
      createdAt: new Date(),
    },
  };
}

/** Replaces the consultant's feed token: the old address stops working at once. */
async function newFeedToken(db: Database | Transaction, consultantId: string, key: Buffer): Promise<string> {
  const { token, stored } = freshFeedToken(key);
  await db
    .insert(calendarFeeds)
    .values({ consultantId, ...stored })
    .onConflictDoUpdate({ target: calendarFeeds.consultantId, set: stored });
  return token;
}

/** The consultant's feed token, made on first ask (two first asks at once agree on one token). */
async function feedToken(db: Database, consultantId: string, key: Buffer): Promise<string> {
  const stored = () => db.select().from(calendarFeeds).where(eq(calendarFeeds.consultantId, consultantId));
  let [feed] = await stored();
  if (!feed) {
    await db
      .insert(calendarFeeds)
      .values({ consultantId, ...freshFeedToken(key).stored })
      .onConflictDoNothing({ target: calendarFeeds.consultantId });
    [feed] = await stored();
  }
  return decryptText(key, feed!.sealedToken);
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
    await db.transaction(async (transaction) => {
      await newFeedToken(transaction, consultantId, context.encryptionKey);
      if (staff)
        await auditCalendarChange(
          transaction,
          staff,
          consultantId,
          "calendar.rotate-feed",
          "New feed address",
          now,
        );
    });
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
    // Replacing a calendar hands the old one's busy times to the new one until its first sync just
    // below replaces them, so the slots that sync frees are offered to the waitlist like any other
    // sync's; what the old one had still to write, and the upcoming bookings, are written to the
    // new one (a CalDAV one).
    const stillWaiting = await writesStillWaiting(transaction, consultantId);
    const previousBusy = await busyTimesOf(transaction, consultantId);
    await transaction.delete(consultantCalendars).where(eq(consultantCalendars.consultantId, consultantId));
    const [created] = await transaction
      .insert(consultantCalendars)
      // Read just below; the periodic sync takes over after CALENDAR_SYNC_MINUTES.
      .values({
        consultantId,
        ...values,
        nextSyncAt: new Date(now.getTime() + context.syncMinutes * 60_000),
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    for (let first = 0; first < previousBusy.length; first += BUSY_COPY_BATCH) {
      await transaction
        .insert(calendarBusyTimes)
        .values(
          previousBusy
            .slice(first, first + BUSY_COPY_BATCH)
            .map((time) => ({ calendarId: created!.id, consultantId, ...time })),
        );
    }
    if (created!.kind === "caldav") await queueWritesForNewCalendar(transaction, created!, stillWaiting, now);
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
    await busyTimesInThread({ texts, ...window, zone: context.zone, skipOwnEvents: false });
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
  const texts = await readCalendarTexts({ ...source, collectionUrl }, window, context.fetch);
  await busyTimesInThread({ texts, ...window, zone: context.zone, skipOwnEvents: true });
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
  const now = context.now ?? new Date();
  await db.transaction(async (transaction) => {
    const previousBusy = await busyTimesOf(transaction, consultantId);
    const [removed] = await transaction
      .delete(consultantCalendars)
      .where(eq(consultantCalendars.consultantId, consultantId))
      .returning({ shownUrl: consultantCalendars.shownUrl });
    // Its busy times no longer block anything: the slots they held are free, for the waitlist first.
    const freed = startsFreedBetween(previousBusy, [], now);
    if (freed.length > 0 && context.onBusyTimesFreed) {
      await context.onBusyTimesFreed(transaction, consultantId, freed, now);
    }
    if (staff && removed) {
      const summary = `Disconnected calendar ${removed.shownUrl}`;
      await auditCalendarChange(
        transaction,
        staff,
        consultantId,
        "calendar.disconnect",
        summary,
        context.now,
      );
    }
  });
  return calendarView(db, consultantId, context);
}

const BUSY_COPY_BATCH = 1_000;

/** The consultant's busy times as their calendar last said them. */
function busyTimesOf(transaction: Transaction, consultantId: string) {
  return transaction
    .select({ startsAt: calendarBusyTimes.startsAt, endsAt: calendarBusyTimes.endsAt })
    .from(calendarBusyTimes)
    .where(eq(calendarBusyTimes.consultantId, consultantId));
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
export function calendarViewForPage(view: CalendarView, zone: string): CalendarPanelData {
  const { lastSyncedAt, failingSince, ...rest } = view;
  return { ...rest, lastSynced: lastSyncedAt ? describeTime(lastSyncedAt, zone) : null };
}
