import type { CountryCode } from "libphonenumber-js/max";
import { getCountries, getCountryCallingCode, parsePhoneNumberFromString } from "libphonenumber-js/max";
import { z } from "zod";
import { businessTypes, industries, inquiryServices, timeZones } from "~/content/lists";
import { type PlanSlug, planSlugs } from "~/content/plans";
import { parseInput } from "~/lib/errors";
import { inputTypes } from "~/lib/form-constraints";
import { multiLineText, singleLineText } from "~/lib/plain-text";
import {
  DEFAULT_PHONE_COUNTRY,
  INQUIRY_LIMITS,
  inquiryMessages as messages,
  PREFERRED_CALL_MAX_DAYS,
} from "./inquiry-fields";

const knownCountries = new Set<string>(getCountries());

/** Missing and null mean the same as an empty field. */
function blankWhenAbsent(value: unknown): unknown {
  return value === undefined || value === null ? "" : value;
}

function characters(limit: number): string {
  return `${limit.toLocaleString("en-US")} characters`;
}

function requiredText(label: string, required: string, limit: number, tooLong: string) {
  return z.preprocess(
    blankWhenAbsent,
    z
      .string({ error: `Please enter the ${label} as text.` })
      .trim()
      .min(1, required)
      .max(limit, tooLong)
      .regex(singleLineText, `Please enter the ${label} without control characters.`),
  );
}

function optionalText(label: string, limit: number, pattern = singleLineText) {
  return z.preprocess(
    blankWhenAbsent,
    z
      .string({ error: `Please enter the ${label} as text.` })
      .trim()
      .max(limit, `Please keep the ${label} to ${characters(limit)} or fewer.`)
      .regex(pattern, `Please enter the ${label} without control characters.`),
  );
}

function choice<const T extends readonly [string, ...string[]]>(options: T, required: string, label: string) {
  const unknown = `Please choose a ${label} from the list.`;
  return z.preprocess(
    blankWhenAbsent,
    z
      .string({ error: unknown })
      .trim()
      .min(1, required)
      .pipe(z.enum(options, { error: unknown })),
  );
}

type Service = (typeof inquiryServices)[number];
const knownServices = new Set<string>(inquiryServices);

/** A list of services; one service sent alone (a form with one box ticked) counts as a list. */
const requiredServices = z.preprocess(
  (value) => (value === undefined || value === null || value === "" ? [] : value),
  z
    .union([z.string(), z.array(z.unknown())], { error: "Please choose the services from the list." })
    .transform((value) => (Array.isArray(value) ? value : [value]))
    .refine((list) => list.length <= inquiryServices.length * 2, "Please choose the services from the list.")
    .refine(
      (list) => list.every((service) => typeof service === "string" && knownServices.has(service)),
      "Please choose the services from the list.",
    )
    .refine((list) => list.length > 0, messages.servicesRequired)
    .transform((list) => [...new Set(list as Service[])]),
);

const knownPlans = new Set<string>(planSlugs);
const unknownPlan = "Please choose a plan from the list.";

/** Optional: the plan picked on the pricing page; empty ("Not sure yet") is stored as null. */
const plan = z.preprocess(
  blankWhenAbsent,
  z
    .string({ error: unknownPlan })
    .trim()
    .toLowerCase()
    .refine((slug) => slug === "" || knownPlans.has(slug), unknownPlan)
    .transform((slug) => (slug === "" ? null : (slug as PlanSlug))),
);

const phoneCountry = z.preprocess(
  (value) => (value === undefined || value === null || value === "" ? DEFAULT_PHONE_COUNTRY : value),
  z
    .string({ error: "Please choose the phone number's country from the list." })
    .trim()
    .toUpperCase()
    .refine((code) => knownCountries.has(code), "Please choose the phone number's country from the list.")
    .transform((code) => code as CountryCode),
);

/** `2027-05-04T14:30` as a date-time-local field sends it (seconds and a space also accepted). */
const localDateTime = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2}))?$/;

/** A wall-clock time read as if it were UTC: a number to compare, not an instant. */
function wallClockMs(value: string): number | undefined {
  const match = localDateTime.exec(value);
  if (!match) return undefined;
  const [year, month, day, hour, minute, second = 0] = match.slice(1).map((part) => Number(part ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number?,
  ];
  const ms = Date.UTC(year, month - 1, day, hour, minute, second);
  const date = new Date(ms);
  const real =
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    hour < 24 &&
    minute < 60 &&
    second < 60;
  return real ? ms : undefined;
}

/** UTC−12 is the earliest clock on Earth: a time earlier than now there is past everywhere. */
const EARLIEST_OFFSET_MS = 12 * 3_600_000;

function preferredCallTime(now: Date) {
  const latest = now.getTime() + PREFERRED_CALL_MAX_DAYS * 86_400_000;
  return z.preprocess(
    blankWhenAbsent,
    z
      .string({ error: "Please enter the preferred call time as a date and time." })
      .trim()
      .max(40, "Please enter the preferred call time as a date and time.")
      .refine(
        (value) => value === "" || wallClockMs(value) !== undefined,
        "Please enter the preferred call time as a date and time, e.g. 2027-05-04T14:30.",
      )
      .refine((value) => {
        const ms = value === "" ? undefined : wallClockMs(value);
        return ms === undefined || ms >= now.getTime() - EARLIEST_OFFSET_MS;
      }, "Please choose a preferred call time in the future.")
      .refine((value) => {
        const ms = value === "" ? undefined : wallClockMs(value);
        return ms === undefined || ms <= latest;
      }, `Please choose a preferred call time within the next ${PREFERRED_CALL_MAX_DAYS} days.`)
      .transform((value) => {
        const ms = value === "" ? undefined : wallClockMs(value);
        // Stored as `timestamp without time zone`: the sender's own clock (see decision 0004).
        return ms === undefined ? null : new Date(ms).toISOString().slice(0, 19).replace("T", " ");
      }),
  );
}

/**
 * The phone number in E.164 and its country, or undefined when it is not a real number. A number
 * typed with its + code wins over the picked country. Old API clients sent the international
 * digits without a plus (e.g. 447911123456) and no country: those are tried with a plus too.
 */
export function normalizePhone(
  phone: string,
  country: CountryCode,
  countryWasChosen: boolean,
): { e164: string; country: CountryCode } | undefined {
  const attempts = [parsePhoneNumberFromString(phone, country)];
  if (!countryWasChosen && /^[\d\s().-]+$/.test(phone)) {
    attempts.push(parsePhoneNumberFromString(`+${phone.replace(/\D/g, "")}`));
  }
  for (const number of attempts) {
    if (!number?.isValid()) continue;
    // Numbers shared by several countries (+44 for GB, GG, JE, IM) keep the country picked.
    const sameCode = number.countryCallingCode === getCountryCallingCode(country);
    return { e164: number.number, country: sameCode ? country : (number.country ?? country) };
  }
  return undefined;
}

export interface InquiryRules {
  /** The clock the preferred call time is checked against. */
  now?: Date;
  /** Whether the sender picked the phone's country (the form always does; old API clients did not). */
  phoneCountryChosen?: boolean;
}

/**
 * The inquiry form's rules, shared by the contact page and POST /api/contact. Each field reports
 * its own problem, so a form shows every message at once; the seed's messages are used word for word.
 */
export function inquirySchema({ now = new Date(), phoneCountryChosen = true }: InquiryRules = {}) {
  return z
    .object({
      name: requiredText(
        "name",
        messages.nameRequired,
        INQUIRY_LIMITS.name,
        `Please keep the name to ${characters(INQUIRY_LIMITS.name)} or fewer.`,
      ),
      email: z.preprocess(
        blankWhenAbsent,
        z
          .string({ error: "Please enter the email as text." })
          .trim()
          .min(1, messages.emailRequired)
          .max(INQUIRY_LIMITS.email, `Please keep the email to ${characters(INQUIRY_LIMITS.email)} or fewer.`)
          .pipe(z.email(messages.emailInvalid)),
      ),
      phone: requiredText(
        "phone number",
        messages.phoneRequired,
        INQUIRY_LIMITS.phone,
        messages.phoneInvalid,
      ).register(inputTypes, { type: "tel" }),
      phoneCountry,
      businessType: choice(businessTypes, messages.businessTypeRequired, "business type"),
      otherBusiness: optionalText("business type", INQUIRY_LIMITS.other),
      requiredServices,
      plan,
      industry: choice(industries, messages.industryRequired, "industry"),
      otherIndustry: optionalText("industry", INQUIRY_LIMITS.other),
      timezone: choice(timeZones, messages.timezoneRequired, "time zone"),
      message: optionalText("message", INQUIRY_LIMITS.message, multiLineText),
      preferredCallTime: preferredCallTime(now).register(inputTypes, { type: "datetime-local" }),
    })
    .superRefine((inquiry, context) => {
      // This runs even when some fields failed, so every message shows at once: check each value
      // is what its own rule allows before using it.
      const { phone } = inquiry;
      if (
        typeof phone === "string" &&
        phone !== "" &&
        phone.length <= INQUIRY_LIMITS.phone &&
        singleLineText.test(phone) &&
        knownCountries.has(inquiry.phoneCountry) &&
        !normalizePhone(phone, inquiry.phoneCountry, phoneCountryChosen)
      ) {
        context.addIssue({ code: "custom", path: ["phone"], message: messages.phoneInvalid });
      }
      if (inquiry.businessType === "Other" && inquiry.otherBusiness === "") {
        context.addIssue({
          code: "custom",
          path: ["otherBusiness"],
          message: "Please tell us your business type.",
        });
      }
      if (inquiry.industry === "Other" && inquiry.otherIndustry === "") {
        context.addIssue({
          code: "custom",
          path: ["otherIndustry"],
          message: "Please tell us your industry.",
        });
      }
    })
    .transform((inquiry) => {
      const phone = normalizePhone(inquiry.phone, inquiry.phoneCountry, phoneCountryChosen)!;
      return {
        ...inquiry,
        phone: phone.e164,
        phoneCountry: phone.country,
        // The "Other" texts mean something only with Other chosen.
        otherBusiness: inquiry.businessType === "Other" ? inquiry.otherBusiness : "",
        otherIndustry: inquiry.industry === "Other" ? inquiry.otherIndustry : "",
      };
    });
}

export type ValidInquiry = z.output<ReturnType<typeof inquirySchema>>;

/**
 * Checks an inquiry from the form or the API and returns it ready to store, or throws a FeatureError
 * with a message per field. The seed's name for the preferred call time, `calendly`, is accepted too.
 */
export function parseInquiry(input: unknown, now: Date = new Date()): ValidInquiry {
  const raw: Record<string, unknown> =
    typeof input === "object" && input !== null && !Array.isArray(input) ? { ...input } : {};
  if ((raw.preferredCallTime === undefined || raw.preferredCallTime === "") && raw.calendly !== undefined) {
    raw.preferredCallTime = raw.calendly;
  }
  const phoneCountryChosen = typeof raw.phoneCountry === "string" && raw.phoneCountry.trim() !== "";
  return parseInput(inquirySchema({ now, phoneCountryChosen }), raw);
}
