import { z } from "zod";
import { genders } from "~/content/lists";
import { currentZoneName, isTimeZone } from "~/lib/dates";
import { inputTypes } from "~/lib/form-constraints";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "./account-limits";

const email = z
  .string({ error: "Please enter your e-mail address." })
  .trim()
  .min(1, "Please enter your e-mail address.")
  .max(254, "That e-mail address is too long.")
  .pipe(z.email("Please enter a valid e-mail address."))
  .transform((value) => value.toLowerCase());

/** Control characters (NUL above all, which PostgreSQL cannot store) have no place in these fields. */
const noControlCharacters = /^\P{Cc}*$/u;

const name = z
  .string({ error: "Please enter your full name." })
  .trim()
  .min(1, "Please enter your full name.")
  .max(100, "Please keep your name under 100 characters.")
  .regex(noControlCharacters, "Please enter your name without special characters.");

const password = z.string({ error: "Please enter a password." }).min(1, "Please enter a password.");

/** A password being chosen: its length here, the rest of its rules in `passwordProblem`. */
const newPassword = password
  .min(PASSWORD_MIN_LENGTH, `Use at least ${PASSWORD_MIN_LENGTH} characters.`)
  .max(PASSWORD_MAX_LENGTH, `Use at most ${PASSWORD_MAX_LENGTH} characters.`);

/**
 * The zone the browser reports at sign-up or sign-in (a hidden field its script fills). A missing
 * or unknown one is dropped rather than refused: it must never stand between a person and their account.
 */
const reportedTimeZone = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value && isTimeZone(value) ? currentZoneName(value) : undefined));

/** Public sign-up chooses between the two business roles; staff accounts are made by staff. */
export const publicRoles = ["investor", "borrower"] as const;

export const registrationSchema = z.object({
  name,
  email,
  password: newPassword,
  role: z
    .enum(publicRoles, { error: "Please choose investor or borrower as your role." })
    .optional()
    .default("investor"),
  timeZone: reportedTimeZone,
});
export type RegistrationInput = z.input<typeof registrationSchema>;

export const loginSchema = z.object({ email, password, timeZone: reportedTimeZone });
export type LoginInput = z.input<typeof loginSchema>;

export const passwordResetRequestSchema = z.object({ email });

export const passwordResetSchema = z.object({
  token: z.string().min(1, "This reset link is not valid.").max(200, "This reset link is not valid."),
  password: newPassword,
});

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

function addressLine() {
  return z
    .string()
    .trim()
    .max(200, "Please keep each address line under 200 characters.")
    .regex(noControlCharacters, "Please enter your address without special characters.")
    .default("");
}

export const profileUpdateSchema = z.object({
  name,
  phone: z
    .string()
    .trim()
    .max(30, "Please enter a phone number of at most 30 characters.")
    .regex(/^[+()\d\s.-]*$/, "Please enter a phone number using digits, spaces and + ( ) - only.")
    .register(inputTypes, { type: "tel" })
    .default(""),
  addressLine1: addressLine(),
  addressLine2: addressLine(),
  gender: z.enum(genders, { error: "Please choose Not Selected, Male or Female." }).default("Not Selected"),
  dateOfBirth: z
    .string()
    .trim()
    .default("")
    .refine((value) => value === "" || (isoDate.test(value) && isRealPastDate(value)), {
      message: "Please enter a real date of birth in the past.",
    })
    .register(inputTypes, { type: "date" }),
  /** Chosen on the profile page; the old clients' profile form does not send it (then it stays). */
  timeZone: z
    .string()
    .trim()
    .optional()
    .refine((value) => value === undefined || value === "" || isTimeZone(value), {
      message: "Please choose a time zone from the list.",
    })
    .transform((value) => (value ? currentZoneName(value) : undefined)),
});
export type ProfileUpdateInput = z.input<typeof profileUpdateSchema>;

function isRealPastDate(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value) && date.getTime() < Date.now();
}
