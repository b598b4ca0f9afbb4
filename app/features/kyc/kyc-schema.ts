import { isValidPhoneNumber } from "libphonenumber-js/min";
import { z } from "zod";
import { inputTypes } from "~/lib/form-constraints";
import { latestAllowedBirthDate, MINIMUM_AGE_YEARS, normalizeIdNumber } from "./kyc-steps";

function isRealDate(value: string): boolean {
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

const ID_NUMBER_RULE = "Your ID number must be 4 to 30 letters or digits (spaces and hyphens are fine).";

/** Step 1: Basic Information. */
const kycBasicSchema = z.object({
  address: z
    .string({ error: "Please enter your address." })
    .trim()
    .min(5, "Please enter your full address.")
    .max(300, "Please keep the address under 300 characters."),
  phone: z
    .string({ error: "Please enter your phone number." })
    .trim()
    .min(1, "Please enter your phone number.")
    .max(30, "Please enter a valid phone number.")
    .refine((value) => isValidPhoneNumber(value, "US"), {
      message: "Please enter a valid phone number (with the country code if outside the US).",
    })
    .register(inputTypes, { type: "tel" }),
});

/** Step 2: Additional Information. */
const kycAdditionalSchema = z.object({
  dob: z
    .string({ error: "Please enter your date of birth." })
    .trim()
    .min(1, "Please enter your date of birth.")
    .refine((value) => /^\d{4}-\d{2}-\d{2}$/.test(value) && isRealDate(value), {
      message: "Please enter a real date of birth.",
    })
    .refine((value) => value <= latestAllowedBirthDate(), {
      message: `You must be at least ${MINIMUM_AGE_YEARS} years old.`,
    })
    .register(inputTypes, { type: "date" }),
  idNumber: z
    .string({ error: "Please enter your ID number." })
    .trim()
    .min(1, "Please enter your ID number.")
    .min(4, ID_NUMBER_RULE)
    // 4 to 30 letters or digits, grouped by spaces or hyphens as on the document if the person likes.
    // biome-ignore lint/complexity/noUselessEscapeInRegex: the pattern attribute runs it with the v flag, where a bare "-" is an error
    .regex(/^[ \-]*(?:[A-Za-z0-9][ \-]*){4,30}$/u, ID_NUMBER_RULE)
    .transform(normalizeIdNumber),
});

export const kycSubmissionSchema = kycBasicSchema.extend(kycAdditionalSchema.shape);
export type KycSubmissionInput = z.input<typeof kycSubmissionSchema>;

/** The rules each step checks before the form moves on, in step order. */
export const kycStepSchemas = [kycBasicSchema, kycAdditionalSchema, kycSubmissionSchema] as const;
