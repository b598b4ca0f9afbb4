import { z } from "zod";

/** How many days one customer may wait for at once (DESIGN.md §5). */
export const MAX_OPEN_ENTRIES = 3;

export const WAITLIST_HELD_MESSAGE =
  "This time is being held for someone on the waitlist. Please choose another time.";
export const WAITLIST_ENTRY_NOT_FOUND = "We could not find that waitlist entry.";

/** Joining: the consultant and the day (YYYY-MM-DD in the agency's zone). */
export const joinWaitlistSchema = z.object({
  docId: z.string({ error: "Please choose a consultant." }).trim().min(1, "Please choose a consultant."),
  day: z
    .string({ error: "Please choose a day." })
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, "Please choose a day from the list."),
});

/** Staff removing someone from a waitlist say why (kept in the audit log). */
export const staffRemovalSchema = z.object({
  reason: z
    .string({ error: "Please give a reason." })
    .trim()
    .min(3, "Please give a reason.")
    .max(500, "Please keep the reason to 500 characters or fewer."),
});

/** Staff's filter: a consultant and a day, both optional. */
export const staffWaitlistFilterSchema = z.object({
  consultantId: z.uuid().optional().catch(undefined),
  day: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional()
    .catch(undefined),
});
