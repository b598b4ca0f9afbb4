import { userRoles } from "@db/schema";
import { z } from "zod";

/** Roles staff may invite someone to; customers sign up themselves. */
const invitableRoles = ["admin", "consultant"] as const;

/** An empty form field means "not given". */
const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined));

const consultantId = optionalText.pipe(z.uuid("Please choose a consultant profile.").optional());

const staffEmail = z
  .string({ error: "Please enter the person's e-mail address." })
  .trim()
  .min(1, "Please enter the person's e-mail address.")
  .max(254, "That e-mail address is too long.")
  .pipe(z.email("Please enter a valid e-mail address."))
  .transform((value) => value.toLowerCase());

/** The address `npm run create-admin` makes a staff account for. */
export const staffEmailSchema = z.object({ email: staffEmail });

export const inviteSchema = z
  .object({
    name: z
      .string({ error: "Please enter the person's full name." })
      .trim()
      .min(1, "Please enter the person's full name.")
      .max(100, "Please keep the name under 100 characters.")
      .regex(/^\P{Cc}*$/u, "Please enter the name without special characters."),
    email: staffEmail,
    role: z.enum(invitableRoles, { error: "Please choose agency staff or consultant as the role." }),
    consultantId,
  })
  .refine((invite) => invite.role !== "consultant" || invite.consultantId, {
    message: "Please choose the consultant profile this account speaks for.",
    path: ["consultantId"],
  });

const roleField = z.enum(userRoles, { error: "Please choose one of the listed roles." });

/**
 * A change to one account; every field is optional (the JSON API sends only what changes).
 * `version` is the account's last-change time as the form showed it.
 */
export const personChangeSchema = z.object({
  role: roleField.optional(),
  consultantId: z.union([z.null(), consultantId]).optional(),
  disabled: z.boolean({ error: "Please send disabled as true or false." }).optional(),
  version: optionalText,
});

export const peopleFilterSchema = z.object({
  q: optionalText.pipe(z.string().max(200, "Please search with at most 200 characters.").optional()),
  role: z.enum(userRoles).optional().catch(undefined),
  state: z.enum(["active", "disabled", "locked"]).optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});
export type PeopleFilter = z.output<typeof peopleFilterSchema>;
