import { type DAVCalendar, DAVClient, fetchCalendarObjects, getBasicAuthHeaders, updateObject } from "tsdav";
import { OutboundRequestError } from "~/infra/outbound-fetch.server";

/** Where a connected calendar lives and how to get in, its secret unsealed for this call only. */
export type CalendarSource =
  | { kind: "caldav"; serverUrl: string; username: string; password: string; collectionUrl?: string | null }
  | { kind: "ics"; icsUrl: string };

/** A calendar that could not be reached or read, in a sentence for a person (the calendar's last error). */
export class CalendarAccessError extends Error {}

type Fetch = typeof globalThis.fetch;

/**
 * A fetch that remembers what went wrong: the CalDAV library turns some failed answers into empty
 * results, and a sync that quietly reads nothing is how double bookings happen.
 */
function watchedFetch(fetch: Fetch) {
  const failures: { status: number; method: string }[] = [];
  const watched: Fetch = async (input, init) => {
    const response = await fetch(input, init);
    if (response.status >= 400) failures.push({ status: response.status, method: init?.method ?? "GET" });
    return response;
  };
  return { fetch: watched, failures };
}

function problemOfStatus(status: number): string {
  if (status === 401 || status === 403) {
    return "The calendar server refused the user name or password. Check them (many servers want an app password) and connect again.";
  }
  if (status === 404) return "The calendar server has no calendar at that address.";
  if (status === 429) return "The calendar server asked us to slow down; the next sync will try again.";
  return `The calendar server answered with an error (HTTP ${status}); the next sync will try again.`;
}

/** Turns what a call threw into the sentence people see: ours as they are, the library's reworded. */
function accessProblem(error: unknown, failures: readonly { status: number }[]): CalendarAccessError {
  if (error instanceof CalendarAccessError) return error;
  if (error instanceof OutboundRequestError) return new CalendarAccessError(error.message);
  const refused = failures.find((failure) => failure.status === 401 || failure.status === 403);
  const failed = refused ?? failures.at(-1);
  if (failed) return new CalendarAccessError(problemOfStatus(failed.status));
  const text = error instanceof Error ? error.message : "";
  if (/Invalid credentials/i.test(text)) return new CalendarAccessError(problemOfStatus(401));
  return new CalendarAccessError(
    "No CalDAV calendar was found at that address. Check the address (your calendar provider lists its CalDAV address).",
  );
}

function withTrailingSlash(url: string): string {
  return url.endsWith("/") ? url : `${url}/`;
}

/** Picks the calendar the address names, or else the first that holds events. */
function chosenCalendar(calendars: readonly DAVCalendar[], address: string): DAVCalendar | undefined {
  const named = calendars.find((calendar) => withTrailingSlash(calendar.url) === withTrailingSlash(address));
  const holdsEvents = (calendar: DAVCalendar) =>
    !calendar.components || calendar.components.length === 0 || calendar.components.includes("VEVENT");
  return named ?? calendars.find(holdsEvents);
}

/** Finds the CalDAV calendar behind an address (the server's root or the calendar's own address). */
export async function discoverCalDavCollection(
  source: Extract<CalendarSource, { kind: "caldav" }>,
  fetch: Fetch,
): Promise<string> {
  const watched = watchedFetch(fetch);
  try {
    const client = new DAVClient({
      serverUrl: source.serverUrl,
      credentials: { username: source.username, password: source.password },
      authMethod: "Basic",
      defaultAccountType: "caldav",
      fetch: watched.fetch,
    });
    await client.login();
    const calendar = chosenCalendar(await client.fetchCalendars(), source.serverUrl);
    if (!calendar) throw new CalendarAccessError("The account has no calendar that holds events.");
    return withTrailingSlash(calendar.url);
  } catch (error) {
    // Discovery probes addresses that may not exist (/.well-known/caldav); only a refusal says more.
    throw accessProblem(
      error,
      watched.failures.filter((failure) => failure.status === 401 || failure.status === 403),
    );
  }
}

/**
 * The calendar's events between `from` and `to` as iCalendar texts: for CalDAV the server filters
 * by time (one text per event), for an ICS address the whole file is read.
 */
export async function readCalendarTexts(
  source: CalendarSource,
  window: { from: Date; to: Date },
  fetch: Fetch,
): Promise<string[]> {
  const watched = watchedFetch(fetch);
  try {
    if (source.kind === "ics") return [await readIcsFile(source.icsUrl, watched.fetch)];
    if (!source.collectionUrl) throw new CalendarAccessError("The calendar has not been found yet.");
    const objects = await fetchCalendarObjects({
      calendar: { url: source.collectionUrl },
      timeRange: { start: window.from.toISOString(), end: window.to.toISOString() },
      // tsdav keeps only hrefs ending in .ics by default; servers may name objects otherwise.
      urlFilter: () => true,
      headers: getBasicAuthHeaders({ username: source.username, password: source.password }),
      fetch: watched.fetch,
    });
    if (watched.failures.length > 0) throw accessProblem(undefined, watched.failures);
    return objects.map((object) => (typeof object.data === "string" ? object.data : ""));
  } catch (error) {
    throw accessProblem(error, watched.failures);
  }
}

async function readIcsFile(address: string, fetch: Fetch): Promise<string> {
  const response = await fetch(address, { headers: { Accept: "text/calendar, */*;q=0.5" } });
  if (!response.ok) throw new CalendarAccessError(problemOfStatus(response.status));
  return response.text();
}

/** Writes one event object (PUT, replacing any earlier version) into the CalDAV calendar. */
export async function writeCalendarObject(
  source: Extract<CalendarSource, { kind: "caldav" }>,
  object: { uid: string; text: string },
  fetch: Fetch,
): Promise<void> {
  if (!source.collectionUrl) throw new CalendarAccessError("The calendar has not been found yet.");
  const watched = watchedFetch(fetch);
  try {
    const response = await updateObject({
      url: `${withTrailingSlash(source.collectionUrl)}${encodeURIComponent(object.uid)}.ics`,
      data: object.text,
      headers: {
        ...getBasicAuthHeaders({ username: source.username, password: source.password }),
        "content-type": "text/calendar; charset=utf-8",
      },
      fetch: watched.fetch,
    });
    if (!response.ok) throw new CalendarAccessError(problemOfStatus(response.status));
  } catch (error) {
    throw accessProblem(error, watched.failures);
  }
}
