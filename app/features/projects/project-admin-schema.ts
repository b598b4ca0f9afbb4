import { z } from "zod";
import { inputTypes } from "~/lib/form-constraints";
import { multiLineText, singleLineText } from "~/lib/plain-text";

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined));

/** A project as staff write it; the return is a percentage with at most two decimals. */
export const projectFieldsSchema = z.object({
  name: z
    .string({ error: "Please enter the project's name." })
    .trim()
    .min(1, "Please enter the project's name.")
    .max(120, "Please keep the name under 120 characters.")
    .regex(singleLineText, "Please enter the name without special characters."),
  summary: z
    .string({ error: "Please describe the project in a sentence or two." })
    .trim()
    .min(1, "Please describe the project in a sentence or two.")
    .max(1000, "Please keep the summary under 1000 characters.")
    .regex(multiLineText, "Please enter the summary without special characters."),
  status: z.enum(["active", "inactive"], { error: "Please choose Active or Inactive." }),
  type: z
    .string({ error: "Please choose the project's type." })
    .trim()
    .min(1, "Please choose the project's type."),
  roiPercent: z
    .string({ error: "Please enter the return on investment as a percentage, e.g. 8.5." })
    .trim()
    .regex(/^-?\d{1,4}(?:\.\d{1,2})?$/, "Please enter the return on investment as a percentage, e.g. 8.5.")
    .transform((value) => Math.round(Number(value) * 100))
    .refine((basisPoints) => basisPoints >= -10_000 && basisPoints <= 100_000, {
      message: "Please enter a return between -100 % and 1000 %.",
    }),
  /** The version the form was filled in on; absent when creating. */
  version: z.preprocess(
    (value) => (value === "" || value === null ? undefined : value),
    z.coerce.number().int().min(1, "Please reload the page and try again.").optional(),
  ),
});

export const projectTypeSchema = z.object({
  type: z
    .string({ error: "Please give the type a short code, e.g. real-estate." })
    .trim()
    .toLowerCase()
    .regex(
      /^[a-z0-9]+(?:-[a-z0-9]+)*$/,
      "Please give the type a short code of lower-case letters, digits and dashes, e.g. real-estate.",
    )
    .max(40, "Please keep the code under 40 characters."),
  label: z
    .string({ error: "Please enter the type's name, e.g. Real Estate." })
    .trim()
    .min(1, "Please enter the type's name, e.g. Real Estate.")
    .max(60, "Please keep the name under 60 characters.")
    .regex(singleLineText, "Please enter the name without special characters."),
  sortOrder: z.coerce
    .number({ error: "Please give the position as a whole number." })
    .int("Please give the position as a whole number.")
    .min(0, "Please give a position from 0 to 1000.")
    .max(1000, "Please give a position from 0 to 1000.")
    .default(0)
    .register(inputTypes, { type: "number" }),
});

export const adminProjectFilterSchema = z.object({
  q: optionalText.pipe(z.string().max(200).optional()).catch(undefined),
  show: z.enum(["current", "archived", "all"]).catch("current"),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});
export type AdminProjectFilter = z.output<typeof adminProjectFilterSchema>;
