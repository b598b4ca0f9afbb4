import { appointments } from "@db/schema";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { calendarView } from "~/features/calendars/calendar-connections.server";
import { requestCalendarContext } from "~/features/calendars/calendar-context.server";
import type { RequestContext } from "~/request-context.server";
import { callLoader, routeSuite } from "../../tests/setup/route-calls";
import { loader } from "./calendar-feed";

const suite = routeSuite();
const bookedCustomer = suite.bookedCustomers();

const UNKNOWN_FEED = "This calendar feed address is not valid (it may have been replaced by a new one).";
/**
 * One moment for every read, half-way through the current minute (bookings are days ahead of it),
 * so a minute's window never ends part-way through a test.
 */
const AT = new Date(Math.floor(Date.now() / 60_000) * 60_000 + 30_000);

function read(context: RequestContext, feedFile: string) {
  return callLoader<string>(loader, { ...context, clock: () => AT }, `/calendar/${feedFile}`, { feedFile });
}

async function feedFileOfBookedConsultant(label: string) {
  const { customer, appointmentId, context } = await bookedCustomer(label);
  const [booked] = await suite.db
    .select({ consultantId: appointments.consultantId })
    .from(appointments)
    .where(eq(appointments.id, appointmentId));
  const { feedUrl } = await calendarView(suite.db, booked!.consultantId, requestCalendarContext(context));
  return { customer, feedFile: feedUrl.split("/").pop()! };
}

describe("GET /calendar/{token}.ics", () => {
  it("serves the consultant's bookings to a calendar app, and a sentence for an address that is not a feed", async () => {
    const { customer, feedFile } = await feedFileOfBookedConsultant("feed-reader");
    const context = await suite.pageContext();

    const feed = await read(context, feedFile);
    expect(feed.status).toBe(200);
    expect(feed.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
    expect(feed.headers.get("Cache-Control")).toBe("private, no-store");
    expect(feed.data).toContain(`Consultation with ${customer.name}`);
    expect(feed.data).not.toContain(customer.email);

    for (const file of ["not-a-token.ics", feedFile.replace(/\.ics$/, ".txt")]) {
      const unknown = await read(context, file);
      expect(unknown.status, file).toBe(404);
      expect(unknown.data).toBe(UNKNOWN_FEED);
    }
  });

  it("makes one address that reads too often wait, with how long, and leaves every other address be", async () => {
    const { feedFile } = await feedFileOfBookedConsultant("feed-hammered");
    const guesser = await suite.pageContext();
    for (let attempt = 1; attempt <= 60; attempt += 1) {
      const answer = await read(guesser, attempt % 2 ? `guess-${attempt}.ics` : feedFile);
      expect(answer.status, `read ${attempt}`).not.toBe(429);
    }

    const refused = await read(guesser, feedFile);
    expect(refused.status).toBe(429);
    expect(refused.data).toBe("Too many attempts. Please wait 30 seconds and try again.");
    expect(refused.headers.get("Retry-After")).toBe("30");
    expect(refused.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");

    const calendarApp = await suite.pageContext();
    expect((await read(calendarApp, feedFile)).status).toBe(200);
  });
});
