import { z } from "zod";
import { appointmentStatuses } from "./appointment-status";
import { slotStartSchema } from "./booking-schema";
import { appointmentSorts } from "./staff-appointment-labels";

/** An empty form field means "no filter", as a GET form sends every field. */
function optional<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (value === "" || value === null ? undefined : value), schema.optional());
}

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Please give dates as YYYY-MM-DD, e.g. 2027-05-04.")
  .refine(
    (value) =>
      !Number.isNaN(new Date(`${value}T00:00:00Z`).getTime()) &&
      new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
    "That date does not exist. Please give a real calendar day.",
  );

/**
 * The filters of the staff appointments list, from the page's GET form, the CSV link and the API's
 * query string alike. Dates are calendar days in the agency's zone; `to` includes its whole day.
 */
export const appointmentFiltersSchema = z
  .object({
    status: optional(z.enum(appointmentStatuses, { error: "Please choose a status from the list." })),
    consultantId: optional(z.uuid({ error: "Please choose a consultant from the list." })),
    from: optional(isoDate),
    to: optional(isoDate),
    q: optional(z.string().trim().max(100, "Please search with at most 100 characters.")),
    sort: optional(z.enum(appointmentSorts, { error: "Please choose a sort order from the list." })),
    page: optional(
      z.coerce
        .number({ error: "The page must be a whole number." })
        .int("The page must be a whole number.")
        .min(1, "Pages start at 1.")
        .max(100_000, "There are not that many pages."),
    ),
  })
  .refine((filters) => !filters.from || !filters.to || filters.from <= filters.to, {
    message: "The “from” date must not be after the “to” date.",
    path: ["to"],
  });

export type AppointmentFilters = z.output<typeof appointmentFiltersSchema>;

/** The filters as a query string, without the page (for "Export CSV" and the page links). */
export function filtersQuery(filters: AppointmentFilters, overrides: { page?: number } = {}): string {
  const query = new URLSearchParams();
  for (const key of ["status", "consultantId", "from", "to", "q", "sort"] as const) {
    const value = filters[key];
    if (value) query.set(key, value);
  }
  if (overrides.page && overrides.page > 1) query.set("page", String(overrides.page));
  return query.toString();
}

export const staffCancelSchema = z.object({
  reason: z
    .string({ error: "Please give the reason for cancelling; the customer reads it." })
    .trim()
    .min(3, "Please give the reason for cancelling; the customer reads it.")
    .max(500, "Please keep the reason under 500 characters."),
  /** Give the money back even when the policy would not (less than 24 hours ahead). */
  refundAnyway: z.preprocess(
    (value) => value === true || value === "true" || value === "on" || value === "yes",
    z.boolean(),
  ),
  /** The appointment's calendarSequence the member of staff saw; a change since is a conflict. */
  sequence: optional(z.coerce.number().int().min(0)),
});

export const rescheduleSchema = z.object({
  startsAt: slotStartSchema("Please choose a new time."),
  sequence: optional(z.coerce.number().int().min(0)),
});
