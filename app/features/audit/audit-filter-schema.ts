import { z } from "zod";

const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .optional()
    .transform((value) => (value ? value : undefined));

const isoDay = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined))
  .pipe(z.iso.date("Please give dates as YYYY-MM-DD.").optional());

/** The audit log's filters, as the page's query string and the API's query carry them. */
export const auditFilterSchema = z
  .object({
    action: optionalText(100, "Please choose an action from the list."),
    targetType: optionalText(100, "Please choose a kind of record from the list."),
    targetId: optionalText(100, "Please give a record id of at most 100 characters."),
    actor: optionalText(254, "Please search for a person with at most 254 characters."),
    /** First and last calendar day included, in the agency's zone. */
    from: isoDay,
    to: isoDay,
    page: z.coerce
      .number({ error: "Please give the page as a number." })
      .int("Please give the page as a whole number.")
      .min(1, "Pages start at 1.")
      .max(10_000, "Please give a page of at most 10000.")
      .default(1),
  })
  .refine((filter) => !filter.from || !filter.to || filter.from <= filter.to, {
    message: "The first day must not be after the last one.",
    path: ["to"],
  });
export type AuditFilterInput = z.output<typeof auditFilterSchema>;
