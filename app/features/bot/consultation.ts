/**
 * The two dialogs that end in a contact inquiry: a free-consultation request and a message for a
 * person (handoff). Their slots, how each answer is read and checked, and how the filled slots
 * become the input of the contact feature's submitInquiry.
 *
 * The inquiry needs more than a chat naturally asks. The consultation dialog asks for everything
 * (name, e-mail, phone, services, business type, industry, time zone, preferred time). The handoff
 * asks name, e-mail, phone, services and the message, and files business type, industry and time
 * zone as the lists' neutral value "Other", with a note saying they were not asked.
 */
import * as chrono from "chrono-node";
import { DateTime } from "luxon";
import { z } from "zod";
import { businessTypes, industries, inquiryServices, timeZones } from "~/content/lists";
import { services } from "~/content/services";
import { INQUIRY_LIMITS, PREFERRED_CALL_MAX_DAYS } from "~/features/contact/inquiry-fields";
import { normalizePhone } from "~/features/contact/inquiry-schema";
import { describeWallClock } from "~/lib/dates";
import type { Message, Slot, Slots } from "~/lib/lex-wire";
import { card, plain } from "./answers";
import { INTENT, serviceAliases } from "./catalog";
import { ChoiceMatcher } from "./nlu";
import { words } from "./text";

export interface SlotContext {
  now: Date;
}

/** What reading one answer gave: slots to set, or a problem to tell the visitor (and maybe a partial value). */
export type SlotReading =
  | { ok: true; updates: Record<string, Slot> }
  | { ok: false; problem: string; updates?: Record<string, Slot> };

export interface SlotDefinition {
  name: string;
  /** Whether this slot must be filled, given the others (e.g. "otherBusiness" only for Other). */
  needed(slots: Slots): boolean;
  prompt(slots: Slots, context: SlotContext): Message[];
  read(text: string, slots: Slots, context: SlotContext): SlotReading;
  /** How the value reads in the confirmation summary; undefined leaves the line out. */
  summary?(slots: Slots): string | undefined;
}

export function scalar(interpretedValue: string, originalValue: string, resolvedValues: string[] = []): Slot {
  return { shape: "Scalar", value: { originalValue, interpretedValue, resolvedValues } };
}

export function slotText(slots: Slots, name: string): string | undefined {
  return slots[name]?.value?.interpretedValue;
}

function listValues(slot: Slot | null | undefined): string[] {
  if (!slot) return [];
  if (slot.values && slot.values.length > 0) {
    return slot.values.flatMap((entry) => (entry.value ? [entry.value.interpretedValue] : []));
  }
  return slot.value ? [slot.value.interpretedValue] : [];
}

function listSlot(values: string[], originalValue: string): Slot {
  return {
    shape: "List",
    value: { originalValue, interpretedValue: values.join(", "), resolvedValues: values },
    values: values.map((value) => scalar(value, value, [value])),
  };
}

const singleLine = /^[^\p{Cc}]*$/u;

// ---- Name

const GREETINGS_AND_ANSWERS = new Set(["hi", "hello", "hey", "yes", "no", "ok", "okay", "thanks", "cancel"]);
const NAME_LEAD = /^(?:my name is|my name's|i am|i'm|im|this is|it's|its|call me|name:?)\s+/i;
/** Letters of any script, with the marks, spaces, apostrophes, hyphens and dots names are written with. */
const NAME_CHARACTERS = /^[\p{L}\p{M}][\p{L}\p{M} '’.-]*$/u;
/** A name rarely has more words than this ("Maria de los Angeles Garcia"). */
const MAX_NAME_WORDS = 6;
/** Words that make a sentence of what was typed: a name has at most one of them ("Dan the Man" has one). */
const SENTENCE_WORDS = new Set(
  (
    "what whats who whos where when why how which is are was were do does did can could would should will " +
    "the a an to in on at for from with about my your our you we it this that there weather tomorrow today " +
    "want need please not dont"
  ).split(" "),
);
/** Particles of family names, which are not sentence words here. */
const NAME_PARTICLES = new Set([
  "de",
  "da",
  "del",
  "der",
  "den",
  "van",
  "von",
  "bin",
  "al",
  "la",
  "le",
  "di",
  "du",
]);

function readName(text: string): SlotReading {
  const ask = (why: string): SlotReading => ({ ok: false, problem: `${why} What's your name?` });
  const name = text
    .trim()
    .replace(NAME_LEAD, "")
    .replace(/[.!]+$/, "")
    .trim();
  if (/\d/.test(name)) return ask("A name has no digits in it.");
  if (name === "" || !/\p{L}/u.test(name)) return ask("I didn't catch a name there.");
  if (GREETINGS_AND_ANSWERS.has(words(name).join(" "))) return ask("I didn't catch a name there.");
  if (name.length > INQUIRY_LIMITS.name || !singleLine.test(name)) {
    return { ok: false, problem: `Please keep your name to ${INQUIRY_LIMITS.name} characters, on one line.` };
  }
  if (name.includes("?")) return ask("That sounds like a question rather than a name.");
  if (name.includes("@") || /\bhttps?:/i.test(name))
    return ask("That looks like an address rather than a name.");
  const nameWords = words(name);
  const sentenceWords = nameWords.filter((word) => SENTENCE_WORDS.has(word) && !NAME_PARTICLES.has(word));
  if (!NAME_CHARACTERS.test(name) || nameWords.length > MAX_NAME_WORDS || sentenceWords.length >= 2) {
    return ask("That reads like a sentence rather than a name.");
  }
  return { ok: true, updates: { name: scalar(name, text) } };
}

// ---- E-mail

const EMAIL_IN_TEXT = /[^\s<>()[\]{},;:"]+@[^\s<>()[\]{},;:"]+\.[^\s<>()[\]{},;:"]+/;
const emailSchema = z.email().max(INQUIRY_LIMITS.email);

export function findEmail(text: string): string | undefined {
  const candidate = EMAIL_IN_TEXT.exec(text)?.[0]?.replace(/[.!?]+$/, "");
  return candidate && emailSchema.safeParse(candidate).success ? candidate : undefined;
}

function readEmail(text: string): SlotReading {
  const email = findEmail(text);
  if (!email) {
    return {
      ok: false,
      problem: "That doesn't look like an e-mail address. Please type it like name@example.com.",
    };
  }
  return { ok: true, updates: { email: scalar(email, text) } };
}

// ---- Phone

function readPhone(text: string): SlotReading {
  const typed = text.trim();
  if (typed.length > INQUIRY_LIMITS.phone || !singleLine.test(typed)) {
    return { ok: false, problem: "Please type just the phone number, e.g. +1 202 555 0143." };
  }
  const phone = normalizePhone(typed, "US", false);
  if (!phone) {
    return {
      ok: false,
      problem:
        "We need a phone number to arrange the call, and that one doesn't look valid. Please include the country code if you're outside the US, e.g. +44 20 7946 0958.",
    };
  }
  return { ok: true, updates: { phone: scalar(phone.e164, text, [phone.e164, phone.country]) } };
}

// ---- Services

const inquiryServiceSet = new Set<string>(inquiryServices);
const serviceMatcher = new ChoiceMatcher(
  services.map((service) => ({
    value: service.title,
    aliases: [...(serviceAliases[service.slug] ?? []), ...service.subServices.map((sub) => sub.title)],
  })),
  0.6,
);

/** Services named as whole words in a sentence, for filling the slot from the first message. */
export function servicesMentioned(text: string): string[] {
  const haystack = ` ${words(text).join(" ")} `;
  const found: string[] = [];
  for (const service of services) {
    const names = [service.title, ...(serviceAliases[service.slug] ?? [])];
    if (
      names.some((name) => haystack.includes(` ${words(name).join(" ")} `)) &&
      !found.includes(service.title)
    ) {
      found.push(service.title);
    }
  }
  return found;
}

function servicesReading(values: string[], original: string): SlotReading {
  return { ok: true, updates: { services: listSlot(values, original) } };
}

function readServices(text: string, slots: Slots): SlotReading {
  const { values } = serviceMatcher.matchMany(text);
  if (values.length === 0) {
    return { ok: false, problem: "Please pick one or more of the services below, or type their names." };
  }
  const merged = [...new Set([...listValues(slots.services), ...values])];
  return servicesReading(merged, text);
}

// ---- Business type, industry, time zone

const businessMatcher = new ChoiceMatcher(
  [
    { value: "Entrepreneur", aliases: ["self employed", "solo", "freelancer", "sole trader", "founder"] },
    { value: "Professional", aliases: ["consultant", "lawyer", "doctor", "accountant", "coach", "practice"] },
    { value: "Startup", aliases: ["start up", "new company", "early stage"] },
    {
      value: "Small/Medium-Sized Business",
      aliases: ["small business", "medium business", "smb", "sme", "small company"],
    },
    { value: "Other" },
  ],
  0.75,
);

const industryMatcher = new ChoiceMatcher(
  [
    {
      value: "E-Commerce",
      aliases: ["ecommerce", "online store", "online shop", "shopify", "retail online"],
    },
    { value: "Education", aliases: ["school", "teaching", "training", "courses", "tutoring", "edtech"] },
    { value: "Fashion", aliases: ["clothing", "apparel", "design"] },
    {
      value: "Finance",
      aliases: ["financial", "fintech", "banking", "insurance", "accounting", "investment"],
    },
    {
      value: "Marketing/Advertising",
      aliases: ["marketing", "advertising", "agency", "pr", "public relations"],
    },
    { value: "Media", aliases: ["publishing", "film", "video", "podcast", "news", "entertainment"] },
    { value: "Non-Profit", aliases: ["nonprofit", "not for profit", "charity", "ngo", "foundation"] },
    { value: "Real Estate", aliases: ["property", "realtor", "real estate agent", "housing"] },
    { value: "Tech", aliases: ["technology", "software", "saas", "it", "startup tech", "app"] },
    { value: "Other" },
  ],
  0.75,
);

const timeZoneMatcher = new ChoiceMatcher([
  { value: "EST", aliases: ["eastern", "et", "edt", "new york", "east coast", "toronto", "miami"] },
  { value: "CST", aliases: ["central", "ct", "cdt", "chicago", "dallas", "houston", "mexico city"] },
  { value: "PST", aliases: ["pacific", "pt", "pdt", "california", "los angeles", "seattle", "west coast"] },
  { value: "MST", aliases: ["mountain", "mt", "mdt", "denver", "arizona", "phoenix", "utah"] },
  { value: "GMT", aliases: ["utc", "london", "uk", "britain", "greenwich", "lisbon", "dublin"] },
  { value: "Other" },
]);

/**
 * A choice from a list; an answer outside the list is filed as "Other" with the visitor's words in
 * the matching "other" slot (what Other means on the contact form).
 */
function readChoice(
  matcher: ChoiceMatcher,
  slotName: string,
  otherSlotName: string | undefined,
  text: string,
  askAgain: string,
): SlotReading {
  const found = matcher.match(text);
  if (found) return { ok: true, updates: { [slotName]: scalar(found.value, text) } };
  const typed = text.trim();
  if (
    !otherSlotName ||
    typed.length > INQUIRY_LIMITS.other ||
    !singleLine.test(typed) ||
    !/\p{L}/u.test(typed)
  ) {
    return { ok: false, problem: askAgain };
  }
  return { ok: true, updates: { [slotName]: scalar("Other", text), [otherSlotName]: scalar(typed, text) } };
}

function readOther(slotName: string, text: string): SlotReading {
  const typed = text.trim();
  if (typed === "" || typed.length > INQUIRY_LIMITS.other || !singleLine.test(typed)) {
    return {
      ok: false,
      problem: `Please describe it in a few words (up to ${INQUIRY_LIMITS.other} characters).`,
    };
  }
  return { ok: true, updates: { [slotName]: scalar(typed, text) } };
}

// ---- Preferred time

const ZONES: Record<string, string | undefined> = {
  EST: "America/New_York",
  PST: "America/Los_Angeles",
  MST: "America/Denver",
  GMT: "UTC",
  Other: undefined,
};

const WEEKDAYS = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"];
const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];

export type PreferredTime =
  | { kind: "any" }
  | { kind: "time"; wallClock: string }
  | { kind: "text" }
  | { kind: "invalid"; problem: string };

function timeOfDay(text: string): { hour: number; minute: number } | undefined {
  if (/\b(noon|midday)\b/.test(text)) return { hour: 12, minute: 0 };
  const twelveHour = /\b(\d{1,2})(?:[:.](\d{2}))?\s*(am|pm|a\.m\.?|p\.m\.?)(?![a-z])/.exec(text);
  if (twelveHour) {
    const hour = Number(twelveHour[1]);
    const minute = Number(twelveHour[2] ?? 0);
    if (hour < 1 || hour > 12 || minute > 59) return undefined;
    const pm = twelveHour[3]!.startsWith("p");
    return { hour: (hour % 12) + (pm ? 12 : 0), minute };
  }
  // "14:30", "at 14:30" or ISO's "…t14:30" (the text is lower-cased).
  const twentyFourHour = /(?:\bat\s+|\dt|\s|^)([01]?\d|2[0-3]):([0-5]\d)\b/.exec(text);
  if (twentyFourHour) return { hour: Number(twentyFourHour[1]), minute: Number(twentyFourHour[2]) };
  return undefined;
}

function calendarDate(text: string, today: DateTime): DateTime | undefined {
  const iso = /\b(\d{4})-(\d{1,2})-(\d{1,2})(?!\d)/.exec(text);
  if (iso) {
    const date = DateTime.fromObject(
      { year: Number(iso[1]), month: Number(iso[2]), day: Number(iso[3]) },
      { zone: today.zone },
    );
    return date.isValid ? date : undefined;
  }
  if (/\btoday\b/.test(text)) return today;
  if (/\btomorrow\b/.test(text)) return today.plus({ days: 1 });
  const weekday = WEEKDAYS.findIndex((day) => new RegExp(`\\b${day}\\b`).test(text));
  if (weekday >= 0) {
    const ahead = (weekday + 1 - today.weekday + 7) % 7 || 7;
    return today.plus({ days: ahead });
  }
  const monthFirst =
    /\b(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+(\d{1,2})(?:st|nd|rd|th)?\b(?:,?\s+(\d{4}))?/.exec(
      text,
    );
  const dayFirst =
    /\b(\d{1,2})(?:st|nd|rd|th)?\s+(?:of\s+)?(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\b(?:,?\s+(\d{4}))?/.exec(
      text,
    );
  const parts = monthFirst
    ? { month: MONTHS.indexOf(monthFirst[1]!) + 1, day: Number(monthFirst[2]), year: monthFirst[3] }
    : dayFirst
      ? { month: MONTHS.indexOf(dayFirst[2]!) + 1, day: Number(dayFirst[1]), year: dayFirst[3] }
      : undefined;
  if (!parts) return undefined;
  let date = DateTime.fromObject(
    { year: parts.year ? Number(parts.year) : today.year, month: parts.month, day: parts.day },
    { zone: today.zone },
  );
  if (!date.isValid) return undefined;
  if (!parts.year && date < today) date = date.plus({ years: 1 });
  return date;
}

/** A date and clock time chrono finds in the text, as wall-clock time in the zone of `localNow`. */
function chronoMoment(text: string, localNow: DateTime): { moment: DateTime; dayNamed: boolean } | undefined {
  const [found] = chrono.parse(
    text,
    { instant: localNow.toJSDate(), timezone: localNow.offset },
    { forwardDate: true },
  );
  if (!found?.start.isCertain("hour")) return undefined;
  const start = found.start;
  const moment = DateTime.fromObject(
    {
      year: start.get("year") ?? localNow.year,
      month: start.get("month") ?? localNow.month,
      day: start.get("day") ?? localNow.day,
      hour: start.get("hour") ?? 0,
      minute: start.get("minute") ?? 0,
    },
    { zone: localNow.zone },
  );
  if (!moment.isValid) return undefined;
  return { moment, dayNamed: start.isCertain("day") || start.isCertain("weekday") };
}

/**
 * Reads "tomorrow at 2pm", "Friday 10:30", "May 4 at 2:30 PM", "2027-05-04 14:30" or "any time",
 * as wall-clock time in the visitor's time zone. Anything else (e.g. "mornings") is kept as their
 * words, for the team to read.
 */
export function parsePreferredTime(text: string, timeZone: string | undefined, now: Date): PreferredTime {
  const lower = text.toLowerCase().trim();
  if (/\b(any ?time|no preference|whenever|flexible|doesn'?t matter|don'?t mind|not sure)\b/.test(lower)) {
    return { kind: "any" };
  }
  const zone = (timeZone && ZONES[timeZone]) || "UTC";
  const localNow = DateTime.fromJSDate(now, { zone });
  if (/\byesterday\b/.test(lower))
    return { kind: "invalid", problem: "That time has already passed. When would suit you?" };
  const time = timeOfDay(lower);
  const date = calendarDate(lower, localNow.startOf("day"));
  // chrono reads a day and time in words ("the day after tomorrow at 3", "next Tuesday at 3 pm").
  const read = chronoMoment(lower, localNow);
  if (!time && !read) return { kind: "text" };
  let moment: DateTime;
  if (read && (!time || read.dayNamed)) moment = read.moment;
  else {
    moment = (date ?? localNow.startOf("day")).set({ hour: time!.hour, minute: time!.minute });
    if (!date && moment <= localNow) moment = moment.plus({ days: 1 });
  }
  // With a zone we do not know ("Other"), allow for the earliest clock on Earth, as the form does.
  const earliest = timeZone && ZONES[timeZone] ? localNow : localNow.minus({ hours: 12 });
  if (moment <= earliest)
    return { kind: "invalid", problem: "That time has already passed. When would suit you?" };
  if (moment > localNow.plus({ days: PREFERRED_CALL_MAX_DAYS })) {
    return {
      kind: "invalid",
      problem: `Please choose a time within the next ${PREFERRED_CALL_MAX_DAYS} days.`,
    };
  }
  return { kind: "time", wallClock: moment.toFormat("yyyy-MM-dd'T'HH:mm") };
}

function readPreferredTime(text: string, slots: Slots, context: SlotContext): SlotReading {
  const typed = text.trim();
  if (typed.length > 200 || !singleLine.test(typed)) {
    return { ok: false, problem: "Please keep the preferred time short, e.g. 'tomorrow at 2pm'." };
  }
  const parsed = parsePreferredTime(typed, slotText(slots, "timezone"), context.now);
  switch (parsed.kind) {
    case "invalid":
      return { ok: false, problem: parsed.problem };
    case "any":
      return { ok: true, updates: { preferredTime: scalar("any time", text) } };
    case "time":
      return { ok: true, updates: { preferredTime: scalar(parsed.wallClock, text, [parsed.wallClock]) } };
    default:
      return { ok: true, updates: { preferredTime: scalar(typed, text) } };
  }
}

function exampleTime(slots: Slots, now: Date): string {
  const zone = ZONES[slotText(slots, "timezone") ?? ""] ?? "UTC";
  const example = DateTime.fromJSDate(now, { zone }).plus({ days: 7 }).set({ hour: 14, minute: 30 });
  return example.toFormat("yyyy-MM-dd HH:mm");
}

// ---- Handoff message

function readNote(text: string): SlotReading {
  const typed = text.trim();
  if (typed.length < 2) return { ok: false, problem: "What would you like to tell our team?" };
  if (typed.length > 2000) return { ok: false, problem: "Please keep the message to 2,000 characters." };
  return { ok: true, updates: { note: scalar(typed, text) } };
}

// ---- The slots, in the order they are asked

function buttonsFor(values: readonly string[]) {
  return values.map((value) => ({ text: value, value }));
}

function cardsOf(title: string, values: readonly string[]): Message[] {
  const cards: Message[] = [];
  for (let start = 0; start < values.length; start += 5) {
    cards.push(card(start === 0 ? title : `${title} (more)`, buttonsFor(values.slice(start, start + 5))));
  }
  return cards;
}

const always = () => true;

const nameSlot = (firstPrompt: string): SlotDefinition => ({
  name: "name",
  needed: always,
  prompt: () => [plain(firstPrompt)],
  read: (text) => readName(text),
  summary: (slots) => `Name: ${slotText(slots, "name")}`,
});

const emailSlot: SlotDefinition = {
  name: "email",
  needed: always,
  prompt: (slots) => [
    plain(`Thanks, ${slotText(slots, "name") ?? "there"}. What e-mail address should we reply to?`),
  ],
  read: (text) => readEmail(text),
  summary: (slots) => `E-mail: ${slotText(slots, "email")}`,
};

const phoneSlot: SlotDefinition = {
  name: "phone",
  needed: always,
  prompt: () => [
    plain("And a phone number for the call? Please include the country code if you're outside the US."),
  ],
  read: (text) => readPhone(text),
  summary: (slots) => `Phone: ${slots.phone?.value?.originalValue?.trim() || slotText(slots, "phone")}`,
};

const servicesSlot = (question: string): SlotDefinition => ({
  name: "services",
  needed: (slots) => !listValues(slots.services).some((value) => inquiryServiceSet.has(value)),
  prompt: (slots) => {
    const chosen = listValues(slots.services);
    const offered = services.map((service) => service.title).filter((title) => !chosen.includes(title));
    return [plain(question), card("Services", buttonsFor(offered))];
  },
  read: (text, slots) => readServices(text, slots),
  summary: (slots) => `Services: ${listValues(slots.services).join(", ")}`,
});

const businessTypeSlot: SlotDefinition = {
  name: "businessType",
  needed: always,
  prompt: () => [plain("What best describes your business?"), ...cardsOf("Business type", businessTypes)],
  read: (text) =>
    readChoice(
      businessMatcher,
      "businessType",
      "otherBusiness",
      text,
      "Please pick the closest business type below.",
    ),
  summary: (slots) =>
    `Business: ${slotText(slots, "businessType") === "Other" ? `Other (${slotText(slots, "otherBusiness") ?? ""})` : slotText(slots, "businessType")}`,
};

const otherBusinessSlot: SlotDefinition = {
  name: "otherBusiness",
  needed: (slots) => slotText(slots, "businessType") === "Other",
  prompt: () => [plain("What kind of business is it?")],
  read: (text) => readOther("otherBusiness", text),
};

const industrySlot: SlotDefinition = {
  name: "industry",
  needed: always,
  prompt: () => [plain("Which industry are you in?"), ...cardsOf("Industry", industries)],
  read: (text) =>
    readChoice(industryMatcher, "industry", "otherIndustry", text, "Please pick the closest industry below."),
  summary: (slots) =>
    `Industry: ${slotText(slots, "industry") === "Other" ? `Other (${slotText(slots, "otherIndustry") ?? ""})` : slotText(slots, "industry")}`,
};

const otherIndustrySlot: SlotDefinition = {
  name: "otherIndustry",
  needed: (slots) => slotText(slots, "industry") === "Other",
  prompt: () => [plain("Which industry is that?")],
  read: (text) => readOther("otherIndustry", text),
};

const timezoneSlot: SlotDefinition = {
  name: "timezone",
  needed: always,
  prompt: () => [plain("Which time zone are you in?"), ...cardsOf("Time zone", timeZones)],
  // An unlisted zone ("CET") is filed as Other; the visitor's words stay in the slot's originalValue.
  read: (text) => {
    const found = timeZoneMatcher.match(text);
    const typed = text.trim();
    if (found) return { ok: true, updates: { timezone: scalar(found.value, text) } };
    if (typed === "" || typed.length > 60 || !singleLine.test(typed)) {
      return { ok: false, problem: "Please pick your time zone below, or type its name." };
    }
    return { ok: true, updates: { timezone: scalar("Other", text) } };
  },
  summary: (slots) => {
    const zone = slotText(slots, "timezone");
    const typed = slots.timezone?.value?.originalValue?.trim();
    return `Time zone: ${zone === "Other" && typed && typed.toLowerCase() !== "other" ? `Other (${typed})` : zone}`;
  },
};

const preferredTimeSlot: SlotDefinition = {
  name: "preferredTime",
  needed: always,
  prompt: (slots, context) => [
    plain(
      `When would suit you for the call, in your time? For example "tomorrow at 2pm" or "${exampleTime(slots, context.now)}", or say "any time".`,
    ),
  ],
  read: readPreferredTime,
  summary: (slots) => {
    const slot = slots.preferredTime?.value;
    if (!slot) return undefined;
    const wallClock = slot.resolvedValues?.[0];
    const zone = slotText(slots, "timezone");
    const clock = zone && zone !== "Other" ? zone : "your time";
    return `Preferred time: ${wallClock ? `${describeWallClock(wallClock)} (${clock})` : slot.interpretedValue}`;
  },
};

const noteSlot: SlotDefinition = {
  name: "note",
  needed: always,
  prompt: () => [plain("What would you like to tell our team?")],
  read: (text) => readNote(text),
  summary: (slots) => `Message: ${slotText(slots, "note")}`,
};

export const DIALOG_SLOTS: Record<string, SlotDefinition[]> = {
  [INTENT.requestConsultation]: [
    nameSlot("Happy to set up a free consultation. First, what's your name?"),
    emailSlot,
    phoneSlot,
    servicesSlot("Which services would you like to discuss? Pick one or more, or type them."),
    businessTypeSlot,
    otherBusinessSlot,
    industrySlot,
    otherIndustrySlot,
    timezoneSlot,
    preferredTimeSlot,
  ],
  [INTENT.talkToPerson]: [
    nameSlot("I'll pass your message to our team, and a person will reply. First, what's your name?"),
    emailSlot,
    phoneSlot,
    servicesSlot("Which service is it about? Pick one or more."),
    noteSlot,
  ],
};

/** The slot names of a dialog intent, every one present (null when empty), as Lex returns them. */
export function emptySlots(intentName: string): Slots {
  return Object.fromEntries((DIALOG_SLOTS[intentName] ?? []).map((slot) => [slot.name, null]));
}

export function nextMissingSlot(intentName: string, slots: Slots): SlotDefinition | undefined {
  return (DIALOG_SLOTS[intentName] ?? []).find((slot) => slot.needed(slots) && !slots[slot.name]?.value);
}

export function confirmationPrompt(intentName: string, slots: Slots): Message[] {
  const lines = (DIALOG_SLOTS[intentName] ?? [])
    .flatMap((slot) => (slot.needed(slots) || slots[slot.name] ? [slot.summary?.(slots)] : []))
    .filter((line): line is string => Boolean(line))
    .map((line) => `• ${line}`);
  const what = intentName === INTENT.talkToPerson ? "message" : "consultation request";
  return [
    plain(`Please check your ${what}:\n${lines.join("\n")}\nShall I send it?`),
    card("Send it?", [
      { text: "Yes, send it", value: "yes" },
      { text: "No", value: "no" },
    ]),
  ];
}

/**
 * The contact feature's input for a finished dialog. Values the dialog did not ask are the lists'
 * neutral "Other", explained in the message; an unlisted time zone or a preferred time the
 * assistant could not read are written in the message.
 */
export function inquiryInputFrom(intentName: string, slots: Slots): Record<string, unknown> {
  const chosen = listValues(slots.services);
  const requiredServices = chosen.filter((value) => inquiryServiceSet.has(value));
  const phone = slots.phone?.value;
  const notes: string[] = [];
  const handoff = intentName === INTENT.talkToPerson;
  notes.push(
    handoff
      ? "Message left with the site assistant (a person is asked to reply)."
      : "Free consultation requested through the site assistant.",
  );
  const zoneWords = slots.timezone?.value?.originalValue?.trim();
  if (slotText(slots, "timezone") === "Other" && zoneWords && zoneWords.toLowerCase() !== "other") {
    notes.push(`Time zone as written: ${zoneWords}.`);
  }
  const preferred = slots.preferredTime?.value;
  const wallClock = preferred?.resolvedValues?.[0] ?? "";
  if (preferred && !wallClock)
    notes.push(
      `Preferred time as written: ${preferred.originalValue?.trim() || preferred.interpretedValue}.`,
    );
  if (handoff) {
    notes.push("Business type, industry and time zone were not asked.");
    notes.push("", slotText(slots, "note") ?? "");
  }
  return {
    name: slotText(slots, "name"),
    email: slotText(slots, "email"),
    phone: phone?.interpretedValue,
    phoneCountry: phone?.resolvedValues?.[1] ?? "",
    requiredServices,
    businessType: handoff ? "Other" : slotText(slots, "businessType"),
    otherBusiness: handoff
      ? "Not asked (message left with the site assistant)"
      : (slotText(slots, "otherBusiness") ?? ""),
    industry: handoff ? "Other" : slotText(slots, "industry"),
    otherIndustry: handoff
      ? "Not asked (message left with the site assistant)"
      : (slotText(slots, "otherIndustry") ?? ""),
    timezone: handoff ? "Other" : slotText(slots, "timezone"),
    preferredCallTime: wallClock,
    message: notes.join("\n"),
  };
}

/** Which slot to ask again when the contact feature refuses a field. */
export const SLOT_FOR_FIELD: Record<string, string> = {
  name: "name",
  email: "email",
  phone: "phone",
  phoneCountry: "phone",
  requiredServices: "services",
  businessType: "businessType",
  otherBusiness: "otherBusiness",
  industry: "industry",
  otherIndustry: "otherIndustry",
  timezone: "timezone",
  preferredCallTime: "preferredTime",
};
