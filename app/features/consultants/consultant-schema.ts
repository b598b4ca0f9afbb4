import type { WeeklyHours } from "@db/schema";
import { z } from "zod";
import { specialityNames } from "~/content/specialities";
import { DAY_END_HOUR, DAY_START_HOUR, SLOT_MINUTES } from "~/features/slot-grid/slots";

/** The staff list's filter: taking bookings, switched off, archived, or every consultant. */
export const consultantStates = ["active", "unavailable", "archived", "all"] as const;
export type ConsultantState = (typeof consultantStates)[number];

/** ISO weekdays, Monday first, as WeeklyHours keys. */
export const weekdays = [
  { key: "1", name: "Monday" },
  { key: "2", name: "Tuesday" },
  { key: "3", name: "Wednesday" },
  { key: "4", name: "Thursday" },
  { key: "5", name: "Friday" },
  { key: "6", name: "Saturday" },
  { key: "7", name: "Sunday" },
] as const;
type WeekdayKey = (typeof weekdays)[number]["key"];

export const GRID_START_MINUTES = DAY_START_HOUR * 60;
export const GRID_END_MINUTES = DAY_END_HOUR * 60;

/** Every half hour from the grid's opening to its close, as "HH:MM" (the hours editor's choices). */
export const gridTimes: string[] = Array.from(
  { length: (GRID_END_MINUTES - GRID_START_MINUTES) / SLOT_MINUTES + 1 },
  (_, index) => clockTime(GRID_START_MINUTES + index * SLOT_MINUTES),
);

/** Minutes after midnight as "HH:MM" (600 → "10:00"). */
export function clockTime(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

const HOURS_MESSAGE =
  "Working hours run on the hour or half hour from 10:00 to 21:00, and must end after they start.";
const FEE_MESSAGE = "Please enter the fee in dollars, for example 50 or 49.50.";
const MAX_FEE_DOLLARS = 10_000;

const requiredText = (message: string, max: number) =>
  z.string({ error: message }).trim().min(1, message).max(max, `Please keep this under ${max} characters.`);

/** A time of day as minutes after midnight, given as minutes or as "HH:MM". */
const minutesOfDay = z.union(
  [
    z.number().int(),
    z
      .string()
      .regex(/^\d{1,2}:\d{2}$/)
      .transform((text) => {
        const [hours, minutes] = text.split(":").map(Number) as [number, number];
        return hours * 60 + minutes;
      }),
  ],
  { error: HOURS_MESSAGE },
);

const dayHours = z
  .object({ start: minutesOfDay, end: minutesOfDay }, { error: HOURS_MESSAGE })
  .refine(
    ({ start, end }) =>
      start >= GRID_START_MINUTES &&
      end <= GRID_END_MINUTES &&
      start < end &&
      start % SLOT_MINUTES === 0 &&
      end % SLOT_MINUTES === 0,
    HOURS_MESSAGE,
  );

/**
 * Hours per weekday inside the booking grid; a weekday left out or null takes no bookings. Seven
 * days of the whole grid are stored as null, the default ("the whole grid every day").
 */
const weeklyHoursSchema = z
  .object(
    Object.fromEntries(weekdays.map(({ key }) => [key, dayHours.nullish()])) as Record<
      WeekdayKey,
      z.ZodOptional<z.ZodNullable<typeof dayHours>>
    >,
    { error: HOURS_MESSAGE },
  )
  .strict()
  .nullable()
  .transform((hours): WeeklyHours | null => {
    if (!hours) return null;
    const stored: WeeklyHours = {};
    for (const { key } of weekdays) {
      const day = hours[key];
      if (day) stored[key] = { start: day.start, end: day.end };
    }
    return isWholeGrid(stored) ? null : stored;
  });

function isWholeGrid(hours: WeeklyHours): boolean {
  return weekdays.every(
    ({ key }) => hours[key]?.start === GRID_START_MINUTES && hours[key]?.end === GRID_END_MINUTES,
  );
}

/** Calendar days as YYYY-MM-DD, real dates, each once, in order. */
const daysOffSchema = z
  .array(
    z
      .string({ error: "Please give days off as dates." })
      .trim()
      .refine(isCalendarDate, "Please give days off as dates (YYYY-MM-DD)."),
    { error: "Please give days off as a list of dates." },
  )
  .max(366, "Please list at most 366 days off.")
  .transform((days) => [...new Set(days)].sort());

function isCalendarDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Dollars as typed ("50", "49.5", 49.5) to cents, exactly. */
const feeCents = z
  .union([z.number(), z.string().trim()], { error: FEE_MESSAGE })
  .transform((value, context) => {
    const text = typeof value === "number" ? String(value) : value.replace(/^\$/, "");
    const match = /^(\d{1,6})(?:\.(\d{1,2}))?$/.exec(text);
    const cents = match ? Number(match[1]) * 100 + Number((match[2] ?? "").padEnd(2, "0")) : Number.NaN;
    if (!(cents > 0 && cents <= MAX_FEE_DOLLARS * 100)) {
      context.addIssue({ code: "custom", message: FEE_MESSAGE });
      return z.NEVER;
    }
    return cents;
  });

/** A form's checkbox ("on"), the API's boolean, or "true"/"false". */
const flag = z.union([z.boolean(), z.enum(["on", "true", "false"]).transform((text) => text !== "false")], {
  error: "Please say yes or no.",
});

/** A picture already served by this site (the seed's portraits or an upload), never another host. */
const sitePicturePath = z
  .string({ error: "Please choose a picture." })
  .trim()
  .regex(
    /^\/(images\/consultants|uploads)\/[A-Za-z0-9._-]+\.(webp|png|jpe?g|svg|avif)$/,
    "The picture must be one already on this site; upload a new one instead.",
  );

/** The fields staff set on a consultant, each required as sent (money as dollars, as typed). */
const consultantFieldShape = {
  name: requiredText("Please enter the consultant's name.", 100),
  speciality: z.enum(specialityNames, { error: "Please choose a speciality." }),
  degree: requiredText("Please enter the consultant's degree.", 100),
  experience: requiredText("Please enter the consultant's experience, for example 4 Years.", 40),
  about: requiredText("Please write a few words about the consultant.", 2000),
  fee: feeCents,
  available: flag,
  addressLine1: requiredText("Please enter the first line of the address.", 120),
  addressLine2: z.string({ error: "Please enter the second line of the address." }).trim().max(120),
  workingHours: weeklyHoursSchema,
  daysOff: daysOffSchema,
  image: sitePicturePath.optional(),
};

/** A new consultant's fields: the hours and days off it leaves out start empty. */
export const consultantFieldsSchema = z.object({
  ...consultantFieldShape,
  workingHours: weeklyHoursSchema.default(null),
  daysOff: daysOffSchema.default([]),
});
export type ConsultantFields = z.output<typeof consultantFieldsSchema>;

const versionField = z.coerce
  .number({ error: "Please reload the page and try again." })
  .int("Please reload the page and try again.")
  .positive("Please reload the page and try again.");

/**
 * A change: any of the fields, and only those sent (no defaults, so a change of the name keeps the
 * hours and days off); `version` (when sent) must still be the record's.
 */
export const consultantChangeSchema = z
  .object(consultantFieldShape)
  .partial()
  .extend({ version: versionField.optional() });

/** Archive or restore: the version the person saw. */
export const consultantVersionSchema = z.object({ version: versionField });

/** What a consultant changes of their own availability in the portal. */
export const ownAvailabilitySchema = z.object({
  available: flag,
  daysOff: daysOffSchema.default([]),
  version: versionField,
});

/** What a consultant changes of their own public profile in the portal. */
export const ownProfileSchema = z.object({
  about: requiredText("Please write a few words about yourself.", 2000),
  version: versionField,
});

/**
 * The staff form as the features read it: the checkbox's absence means "not available", every
 * weekday's hours from its own fields, days off from the kept boxes plus the one added.
 */
export function consultantFormInput(form: FormData): Record<string, unknown> {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : undefined;
  };
  const workingHours: Record<string, { start: string; end: string } | null> = {};
  for (const { key } of weekdays) {
    workingHours[key] = form.has(`works-${key}`)
      ? { start: text(`start-${key}`) ?? "", end: text(`end-${key}`) ?? "" }
      : null;
  }
  return {
    name: text("name"),
    speciality: text("speciality"),
    degree: text("degree"),
    experience: text("experience"),
    about: text("about"),
    fee: text("fee"),
    available: form.has("available"),
    addressLine1: text("addressLine1"),
    addressLine2: text("addressLine2"),
    workingHours,
    daysOff: daysOffFromForm(form),
    ...(form.has("version") ? { version: text("version") } : {}),
  };
}

/** The days off kept (checked boxes) and the one typed into the "add" field, empty ones left out. */
export function daysOffFromForm(form: FormData): string[] {
  return form
    .getAll("daysOff")
    .filter((value): value is string => typeof value === "string" && value.trim() !== "");
}
