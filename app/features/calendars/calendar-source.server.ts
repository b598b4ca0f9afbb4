import type { ConsultantCalendar } from "@db/calendar-schema";
import { decryptText, encryptText } from "~/infra/encryption.server";
import type { CalendarSource } from "./calendar-access.server";

/** The secret part of a connection: the CalDAV password, or the ICS address (it often holds a token). */
type CalendarSecret = { password: string } | { icsUrl: string };

export function sealCalendarSecret(key: Buffer, secret: CalendarSecret): string {
  return encryptText(key, JSON.stringify(secret));
}

/** The stored connection as something to call, its secret unsealed for this call only. */
export function calendarSourceOf(
  calendar: Pick<ConsultantCalendar, "kind" | "shownUrl" | "username" | "collectionUrl" | "sealedSecret">,
  key: Buffer,
): CalendarSource {
  const secret = JSON.parse(decryptText(key, calendar.sealedSecret)) as Partial<{
    password: string;
    icsUrl: string;
  }>;
  if (calendar.kind === "ics") return { kind: "ics", icsUrl: secret.icsUrl ?? "" };
  return {
    kind: "caldav",
    serverUrl: calendar.shownUrl,
    username: calendar.username ?? "",
    password: secret.password ?? "",
    collectionUrl: calendar.collectionUrl,
  };
}

/** What the consultant may see of an ICS address: where it is, not its private token. */
export function shownIcsAddress(icsUrl: string): string {
  const url = new URL(icsUrl);
  return `${url.protocol}//${url.host}/…`;
}
