/**
 * How each answer of the contact dialogs is read and checked against the contact feature's limits:
 * a name, an e-mail address, a phone number, services, the inquiry form's choices, a message.
 */
import { z } from "zod";
import {
  businessTypeAliases,
  industryAliases,
  serviceAliases,
  timeZoneAliases,
} from "~/content/assistant-vocabulary";
import { inquiryServices } from "~/content/lists";
import { services } from "~/content/services";
import { INQUIRY_LIMITS } from "~/features/contact/inquiry-fields";
import { normalizePhone } from "~/features/contact/inquiry-schema";
import type { Slots } from "~/lib/lex-wire";
import { listSlot, listValues, type SlotReading, scalar, singleLine } from "./dialog-slot";
import { type Choice, ChoiceMatcher } from "./nlu-choices";
import { words } from "./text";

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

export function readName(text: string): SlotReading {
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

export function readEmail(text: string): SlotReading {
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

export function readPhone(text: string): SlotReading {
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

/** Whether a value is one of the services the inquiry form offers. */
export function isInquiryService(value: string): boolean {
  return inquiryServiceSet.has(value);
}

const serviceMatcher = new ChoiceMatcher(
  services.map((service) => ({
    value: service.title,
    aliases: [...serviceAliases[service.slug], ...service.subServices.map((sub) => sub.title)],
  })),
  0.6,
);

/** Services named as whole words in a sentence, for filling the slot from the first message. */
export function servicesMentioned(text: string): string[] {
  const haystack = ` ${words(text).join(" ")} `;
  const found: string[] = [];
  for (const service of services) {
    const names = [service.title, ...serviceAliases[service.slug]];
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

export function readServices(text: string, slots: Slots): SlotReading {
  const { values } = serviceMatcher.matchMany(text);
  if (values.length === 0) {
    return { ok: false, problem: "Please pick one or more of the services below, or type their names." };
  }
  const merged = [...new Set([...listValues(slots.services), ...values])];
  return servicesReading(merged, text);
}

// ---- Business type, industry, time zone

function choicesOf(aliases: Record<string, string[]>): Choice[] {
  return Object.entries(aliases).map(([value, list]) => ({ value, aliases: list }));
}

const businessMatcher = new ChoiceMatcher(choicesOf(businessTypeAliases), 0.75);
const industryMatcher = new ChoiceMatcher(choicesOf(industryAliases), 0.75);
const timeZoneMatcher = new ChoiceMatcher(choicesOf(timeZoneAliases));

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

export function readBusinessType(text: string): SlotReading {
  return readChoice(
    businessMatcher,
    "businessType",
    "otherBusiness",
    text,
    "Please pick the closest business type below.",
  );
}

export function readIndustry(text: string): SlotReading {
  return readChoice(
    industryMatcher,
    "industry",
    "otherIndustry",
    text,
    "Please pick the closest industry below.",
  );
}

/** An unlisted zone ("CET") is filed as Other; the visitor's words stay in the slot's originalValue. */
export function readTimeZone(text: string): SlotReading {
  const found = timeZoneMatcher.match(text);
  const typed = text.trim();
  if (found) return { ok: true, updates: { timezone: scalar(found.value, text) } };
  if (typed === "" || typed.length > 60 || !singleLine.test(typed)) {
    return { ok: false, problem: "Please pick your time zone below, or type its name." };
  }
  return { ok: true, updates: { timezone: scalar("Other", text) } };
}

export function readOther(slotName: string, text: string): SlotReading {
  const typed = text.trim();
  if (typed === "" || typed.length > INQUIRY_LIMITS.other || !singleLine.test(typed)) {
    return {
      ok: false,
      problem: `Please describe it in a few words (up to ${INQUIRY_LIMITS.other} characters).`,
    };
  }
  return { ok: true, updates: { [slotName]: scalar(typed, text) } };
}

// ---- Handoff message

export function readNote(text: string): SlotReading {
  const typed = text.trim();
  if (typed.length < 2) return { ok: false, problem: "What would you like to tell our team?" };
  if (typed.length > 2000) return { ok: false, problem: "Please keep the message to 2,000 characters." };
  return { ok: true, updates: { note: scalar(typed, text) } };
}
