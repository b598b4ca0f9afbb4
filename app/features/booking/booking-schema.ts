import { z } from "zod";

/** A start that is no instant (or names no slot at all) gets this sentence. */
const UNREADABLE_SLOT_MESSAGE = "Please choose a day and time from the list of available slots.";

const isoInstant = z.iso.datetime({ offset: true, local: false });

/**
 * A slot's start: a `Date`, or the ISO 8601 instant a form posts (as the loader handed it out,
 * e.g. `2027-05-04T17:30:00.000Z`). Nothing chosen gets `missing`; anything else that is not an
 * instant gets UNREADABLE_SLOT_MESSAGE. Whether the instant is a bookable slot is the feature's check.
 */
export function slotStartSchema(missing: string) {
  return z.preprocess(
    (value) => {
      if (value === undefined || value === null) return undefined;
      if (typeof value !== "string") return value;
      const text = value.trim();
      if (text === "") return undefined;
      return isoInstant.safeParse(text).success ? new Date(text) : text;
    },
    z.date({ error: (issue) => (issue.input === undefined ? missing : UNREADABLE_SLOT_MESSAGE) }),
  );
}

export const bookingRequestSchema = z.object({
  docId: z.string({ error: "Please choose a consultant." }).trim().min(1, "Please choose a consultant."),
  startsAt: slotStartSchema("Please choose a time for your appointment."),
});
export type BookingRequest = z.input<typeof bookingRequestSchema>;

export const appointmentReferenceSchema = z.object({
  appointmentId: z
    .string({ error: "Please name the appointment." })
    .trim()
    .min(1, "Please name the appointment."),
});
