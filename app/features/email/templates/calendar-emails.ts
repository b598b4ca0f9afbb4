import { site } from "~/content/site";
import type { EmailMessage } from "~/features/email/outbox.server";
import { greeting, link, renderEmail, signature } from "./render";

interface CalendarWithheldData {
  consultant: { name: string; email: string };
  /** Why the last sync failed, in words. */
  lastError: string;
  /** The site's address, for the link to the consultant's schedule. */
  publicUrl: string;
}

/** To the consultant once their calendar has not been read for a while and their slots are withheld. */
export function calendarWithheldEmail(data: CalendarWithheldData): EmailMessage {
  return {
    kind: "calendar-withheld",
    to: data.consultant.email,
    ...renderEmail({
      subject: `Your calendar could not be read: bookings are paused | ${site.name}`,
      paragraphs: [
        greeting(data.consultant.name),
        [
          "We have not been able to read your calendar for a while, so customers cannot book you until we can: we would rather pause than book you at a time you are busy.",
        ],
        ["The last attempt said:", data.lastError],
        ["Check the connection and press Sync now on your schedule:", link(`${data.publicUrl}/my-schedule`)],
        signature,
      ],
    }),
  };
}
