import { randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { consultantCalendars } from "@db/calendar-schema";
import { consultants } from "@db/schema";
import { eq } from "drizzle-orm";
import { saveCalendarSettings } from "~/features/calendars/calendar-connections.server";
import type { CalendarContext } from "~/features/calendars/calendar-context.server";
import { syncCalendar } from "~/features/calendars/calendar-sync.server";
import { openDatabase } from "~/infra/db.server";
import { createOutboundFetch } from "~/infra/outbound-fetch.server";
import { startRadicale } from "../../tests/setup/radicale";
import { createServerDatabase } from "../../tests/setup/test-database";
import { callJson } from "../lib/api";
import { integer, met, percentile, table } from "../lib/format";
import type { BenchSection } from "../lib/section";
import { startProductionServer } from "../lib/server";

const EVENTS = 2_000;
const RECURRING = 500;
const SYNC_RUNS = 5;
const CONNECTED_CONSULTANTS = 50;
const EVENTS_PER_CONNECTED_CALENDAR = 40;
const SLOT_REQUESTS = 2_000;
const SLOT_CONNECTIONS = 4;
const ALLOWED_P99_GROWTH = 0.2;
const ZONE = "America/New_York";
const DAY_MS = 86_400_000;

const VTIMEZONE_BERLIN = [
  "BEGIN:VTIMEZONE",
  "TZID:Europe/Berlin",
  "BEGIN:STANDARD",
  "DTSTART:19701025T030000",
  "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU",
  "TZOFFSETFROM:+0200",
  "TZOFFSETTO:+0100",
  "END:STANDARD",
  "BEGIN:DAYLIGHT",
  "DTSTART:19700329T020000",
  "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU",
  "TZOFFSETFROM:+0100",
  "TZOFFSETTO:+0200",
  "END:DAYLIGHT",
  "END:VTIMEZONE",
];

const utc = (instant: Date) => `${instant.toISOString().replace(/[-:]/g, "").slice(0, 15)}Z`;
const localOf = (instant: Date) => instant.toISOString().replace(/[-:]/g, "").slice(0, 15);
const dateOf = (instant: Date) => instant.toISOString().slice(0, 10).replace(/-/g, "");

/**
 * One VEVENT (with its overrides) of a busy consultant's calendar over the next 60 days: of every
 * four events one recurs (weekly or daily, some with EXDATEs and a moved occurrence); of the rest
 * some are all-day, some in Berlin time, some transparent or cancelled (which block nothing).
 */
function eventLines(index: number, today: Date): string[] {
  const recurring = index < RECURRING;
  const start = new Date(today.getTime() + (index % 60) * DAY_MS + (8 + (index % 10)) * 3_600_000);
  const end = new Date(start.getTime() + (30 + (index % 3) * 30) * 60_000);
  const uid = `bench-${index}@calendar.example`;
  const common = [`UID:${uid}`, `DTSTAMP:${utc(today)}`, `SUMMARY:Event ${index}`];
  if (recurring) {
    const weekly = index % 2 === 0;
    const lines = [
      "BEGIN:VEVENT",
      ...common,
      `DTSTART;TZID=Europe/Berlin:${localOf(start)}`,
      `DTEND;TZID=Europe/Berlin:${localOf(end)}`,
      weekly ? "RRULE:FREQ=WEEKLY;COUNT=9" : "RRULE:FREQ=DAILY;INTERVAL=3;COUNT=20",
    ];
    const skipped = new Date(start.getTime() + (weekly ? 7 : 3) * DAY_MS);
    if (index % 5 === 0) lines.push(`EXDATE;TZID=Europe/Berlin:${localOf(skipped)}`);
    lines.push("END:VEVENT");
    if (index % 7 === 0) {
      const moved = new Date(start.getTime() + (weekly ? 14 : 6) * DAY_MS);
      lines.push(
        "BEGIN:VEVENT",
        ...common,
        `RECURRENCE-ID;TZID=Europe/Berlin:${localOf(moved)}`,
        `DTSTART;TZID=Europe/Berlin:${localOf(new Date(moved.getTime() + 3_600_000))}`,
        `DTEND;TZID=Europe/Berlin:${localOf(new Date(end.getTime() + 14 * DAY_MS + 3_600_000))}`,
        "END:VEVENT",
      );
    }
    return lines;
  }
  if (index % 9 === 0) {
    return [
      "BEGIN:VEVENT",
      ...common,
      `DTSTART;VALUE=DATE:${dateOf(start)}`,
      `DTEND;VALUE=DATE:${dateOf(new Date(start.getTime() + DAY_MS))}`,
      "END:VEVENT",
    ];
  }
  return [
    "BEGIN:VEVENT",
    ...common,
    `DTSTART:${utc(start)}`,
    `DTEND:${utc(end)}`,
    ...(index % 11 === 0 ? ["TRANSP:TRANSPARENT"] : []),
    ...(index % 13 === 0 ? ["STATUS:CANCELLED"] : []),
    "END:VEVENT",
  ];
}

function calendarText(eventIndexes: Iterable<number>, today: Date): string {
  const lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Bench//Calendar//EN", ...VTIMEZONE_BERLIN];
  for (const index of eventIndexes) lines.push(...eventLines(index, today));
  lines.push("END:VCALENDAR", "");
  return lines.join("\r\n");
}

/** Serves calendar texts by path over HTTP on a loopback port (an ICS address for the app). */
async function serveCalendars(texts: Map<string, string>): Promise<{ url: string; server: Server }> {
  const server = createServer((request, response) => {
    const text = texts.get(request.url ?? "");
    response.writeHead(text ? 200 : 404, { "content-type": "text/calendar; charset=utf-8" });
    response.end(text ?? "");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Runs one sync SYNC_RUNS times (each rewriting every busy time); median time and the worst memory. */
async function measureSync(
  label: string,
  input: Record<string, unknown>,
  context: CalendarContext,
): Promise<string[]> {
  // An embedded database in memory, migrated on opening; or a fresh one on DATABASE_URL's server.
  const created = process.env.DATABASE_URL ? await createServerDatabase(process.env.DATABASE_URL) : undefined;
  const database = await openDatabase({ databaseUrl: created?.url });
  try {
    const { db } = database;
    const [consultant] = await db
      .insert(consultants)
      .values({
        name: "Bench Calendar",
        image: "/images/consultants/placeholder.webp",
        speciality: "IT Consultants",
        degree: "MBA",
        experience: "5 Years",
        about: "Measured, not consulted.",
        feeCents: 4_000,
        addressLine1: "1 Bench Street",
        addressLine2: "Springfield",
      })
      .returning();
    const connected = await saveCalendarSettings(db, consultant!.id, input, context);
    if (connected.lastError) throw new Error(`${label}: ${connected.lastError}`);
    const times: number[] = [];
    let worstRss = 0;
    let worstHeap = 0;
    let busyCount = 0;
    for (let run = 0; run < SYNC_RUNS; run++) {
      // A changed calendar: every busy time is deleted and written again.
      await db
        .update(consultantCalendars)
        .set({ busyFingerprint: null })
        .where(eq(consultantCalendars.consultantId, consultant!.id));
      const [calendar] = await db
        .select()
        .from(consultantCalendars)
        .where(eq(consultantCalendars.consultantId, consultant!.id));
      globalThis.gc?.();
      const before = process.memoryUsage();
      let peakRss = before.rss;
      let peakHeap = before.heapUsed;
      const sampler = setInterval(() => {
        const usage = process.memoryUsage();
        peakRss = Math.max(peakRss, usage.rss);
        peakHeap = Math.max(peakHeap, usage.heapUsed);
      }, 5);
      const started = performance.now();
      const synced = await syncCalendar(db, calendar!, context);
      times.push(performance.now() - started);
      clearInterval(sampler);
      const after = process.memoryUsage();
      peakRss = Math.max(peakRss, after.rss);
      peakHeap = Math.max(peakHeap, after.heapUsed);
      if (synced.lastError) throw new Error(`${label}: ${synced.lastError}`);
      busyCount = synced.busyCount;
      worstRss = Math.max(worstRss, peakRss - before.rss);
      worstHeap = Math.max(worstHeap, peakHeap - before.heapUsed);
    }
    const megabytes = (bytes: number) => (bytes / 1_048_576).toFixed(1);
    return [
      label,
      integer(busyCount),
      integer(median(times)),
      integer(Math.max(...times)),
      megabytes(worstHeap),
      megabytes(worstRss),
    ];
  } finally {
    await database.close();
    await created?.drop();
  }
}

async function syncFigures(today: Date): Promise<void> {
  const context: CalendarContext = {
    encryptionKey: randomBytes(32),
    zone: ZONE,
    staleMinutes: 30,
    syncMinutes: 5,
    fetch: createOutboundFetch({ allowPrivateAddresses: true }),
    publicUrl: "http://127.0.0.1",
  };
  const allEvents = Array.from({ length: EVENTS }, (_, index) => index);
  const ics = await serveCalendars(new Map([["/busy.ics", calendarText(allEvents, today)]]));
  const radicale = await startRadicale();
  try {
    const uploadStarted = performance.now();
    await radicale.replaceCalendar(calendarText(allEvents, today));
    console.log(
      `${integer(EVENTS)} events (${RECURRING} recurring, with EXDATEs, moved occurrences, Berlin time, all-day, transparent and cancelled ones) over 60 days; put into Radicale (one object per event) in ${integer(performance.now() - uploadStarted)} ms.\n`,
    );
    const rows = [
      await measureSync("ICS address (one file)", { icsUrl: `${ics.url}/busy.ics` }, context),
      await measureSync(
        "CalDAV (Radicale, time-range REPORT)",
        { caldavUrl: radicale.rootUrl, username: radicale.username, password: radicale.password },
        context,
      ),
    ];
    console.log(
      table(
        [
          `Sync of ${integer(EVENTS)} events (${SYNC_RUNS} runs)`,
          "busy times",
          "median ms",
          "worst ms",
          "heap MB (worst rise)",
          "RSS MB (worst rise)",
        ],
        rows,
      ),
    );
  } finally {
    ics.server.close();
    await radicale.stop();
  }
}

/** SLOT_REQUESTS slot answers, SLOT_CONNECTIONS at a time, over every consultant in turn. */
async function slotLatencies(baseUrl: string, consultantIds: string[]): Promise<number[]> {
  const latencies: number[] = [];
  let next = 0;
  let failures = 0;
  await Promise.all(
    Array.from({ length: SLOT_CONNECTIONS }, async () => {
      while (next < SLOT_REQUESTS) {
        const id = consultantIds[next++ % consultantIds.length]!;
        const started = performance.now();
        const response = await fetch(`${baseUrl}/api/consultant/${id}/slots`);
        await response.arrayBuffer();
        latencies.push(performance.now() - started);
        if (response.status !== 200) failures += 1;
      }
    }),
  );
  if (failures > 0) throw new Error(`${failures} slot answers were not 200`);
  return latencies.sort((a, b) => a - b);
}

async function slotsFigures(today: Date): Promise<void> {
  const password = "bench staff pass phrase";
  const server = await startProductionServer({
    env: {
      ADMIN_EMAIL: "bench.calendar.staff@example.com",
      ADMIN_PASSWORD: password,
      CALENDAR_ALLOW_PRIVATE_ADDRESSES: "true",
      // Measured with what the last sync stored; no periodic sync runs during the measurement.
      CALENDAR_SYNC_MINUTES: "600",
      CALENDAR_STALE_MINUTES: "1200",
    },
  });
  const texts = new Map<string, string>();
  const ics = await serveCalendars(texts);
  try {
    const login = await callJson(server.url, "/api/user/login", {
      body: { email: "bench.calendar.staff@example.com", password },
    });
    const token = String(login.body.token);
    const consultantIds: string[] = [];
    for (let index = 0; index < CONNECTED_CONSULTANTS; index++) {
      const created = await callJson(server.url, "/api/admin/consultants", {
        token,
        body: {
          name: `Bench Calendar ${index}`,
          speciality: "IT Consultants",
          degree: "MBA",
          experience: "5 Years",
          about: "Measured, not consulted.",
          fees: 40,
          available: true,
          address: { line1: "1 Bench Street", line2: "Springfield" },
        },
      });
      if (created.status !== 201) throw new Error(`adding a consultant: ${JSON.stringify(created.body)}`);
      consultantIds.push(String(created.body.consultantId));
      const first = index * EVENTS_PER_CONNECTED_CALENDAR;
      const events = Array.from({ length: EVENTS_PER_CONNECTED_CALENDAR }, (_, offset) => first + offset);
      texts.set(`/consultant-${index}.ics`, calendarText(events, today));
    }

    await slotLatencies(server.url, consultantIds);
    const before = await slotLatencies(server.url, consultantIds);
    for (const [index, id] of consultantIds.entries()) {
      const connected = await callJson(server.url, `/api/admin/consultants/${id}/calendar`, {
        method: "PUT",
        token,
        body: { icsUrl: `${ics.url}/consultant-${index}.ics` },
      });
      if (connected.status !== 200)
        throw new Error(`connecting a calendar: ${JSON.stringify(connected.body)}`);
    }
    await slotLatencies(server.url, consultantIds);
    const after = await slotLatencies(server.url, consultantIds);

    const p99Before = percentile(before, 0.99);
    const p99After = percentile(after, 0.99);
    const growth = p99After / p99Before - 1;
    const row = (label: string, sorted: number[]) => [
      label,
      percentile(sorted, 0.5).toFixed(1),
      percentile(sorted, 0.95).toFixed(1),
      percentile(sorted, 0.99).toFixed(1),
    ];
    console.log(
      table(
        [
          `GET /api/consultant/{id}/slots, ${CONNECTED_CONSULTANTS} consultants (${integer(SLOT_REQUESTS)} requests, ${SLOT_CONNECTIONS} at a time)`,
          "p50 ms",
          "p95 ms",
          "p99 ms",
        ],
        [
          row("no calendar connected", before),
          row(`each with an ICS calendar (${EVENTS_PER_CONNECTED_CALENDAR} events)`, after),
        ],
      ),
    );
    console.log(
      `\np99 ${growth >= 0 ? "grew" : "fell"} by ${(Math.abs(growth) * 100).toFixed(0)} %; within ${ALLOWED_P99_GROWTH * 100} %: ${met(growth <= ALLOWED_P99_GROWTH)}`,
    );
  } finally {
    ics.server.close();
    await server.stop();
  }
}

/**
 * Issue 41's figures: a sync of a 2,000-event calendar (ICS and CalDAV against Radicale) in time
 * and memory, and the slots API's latency before and after 50 consultants connect a calendar.
 */
export const calendarsSection: BenchSection = {
  name: "calendars",
  title: "Consultants' calendars: a 2,000-event sync, and the slots API with 50 connected calendars",
  async run() {
    const today = new Date(Math.floor(Date.now() / DAY_MS) * DAY_MS);
    await syncFigures(today);
    console.log("");
    await slotsFigures(today);
  },
};
