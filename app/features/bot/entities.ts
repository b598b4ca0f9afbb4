/**
 * The things a sentence names, found apart from its intent: a service or a consultant speciality
 * (by their names in app/content and the other words people use for them), and a date or time in
 * words ("next Tuesday at 3 pm", "tomorrow afternoon"), read in the visitor's time zone.
 */
import * as chrono from "chrono-node";
import { DateTime } from "luxon";
import { serviceAliases, specialityAliases } from "~/content/assistant-vocabulary";
import { services } from "~/content/services";
import { specialities } from "~/content/specialities";
import { ChoiceMatcher } from "./nlu-choices";
import { stem, words } from "./text";

/** Words stemmed and joined by single spaces, padded, so a phrase is found only as whole words. */
function stemmedSentence(text: string): string {
  return ` ${words(text).map(stem).join(" ")} `;
}

interface Phrase {
  stems: string;
  value: string;
}

function phrasesOf(entries: Array<{ value: string; names: string[] }>): Phrase[] {
  return entries
    .flatMap(({ value, names }) => names.map((name) => ({ stems: stemmedSentence(name), value })))
    .sort((a, b) => b.stems.length - a.stems.length);
}

const servicePhrases = phrasesOf(
  services.map((service) => ({
    value: service.slug,
    names: [service.title, ...serviceAliases[service.slug], ...service.subServices.map((s) => s.title)],
  })),
);

const specialityPhrases = phrasesOf(
  specialities.map((speciality) => ({
    value: speciality.slug,
    names: [speciality.name, ...specialityAliases[speciality.slug]],
  })),
);

/** Near misses ("bookeeping", "atorney"), matched only when no name is found whole. */
const serviceTypos = new ChoiceMatcher(
  services.map((service) => ({
    value: service.slug,
    aliases: [service.title, ...serviceAliases[service.slug]],
  })),
  0.6,
);
const specialityTypos = new ChoiceMatcher(
  specialities.map((speciality) => ({
    value: speciality.slug,
    aliases: [speciality.name, ...specialityAliases[speciality.slug]],
  })),
  0.6,
);

/**
 * The values a sentence names, in order of how much of it they explain: the longest name found
 * whole counts first ("legal advice for my startup" is legal, not entrepreneurial).
 */
function namedValues(
  text: string,
  phrases: Phrase[],
  typos: ChoiceMatcher,
  options: NamedOptions = {},
): string[] {
  const sentence = stemmedSentence(text);
  const found: string[] = [];
  let rest = sentence;
  for (const phrase of phrases) {
    if (rest.includes(phrase.stems)) {
      if (!found.includes(phrase.value)) found.push(phrase.value);
      rest = rest.replace(phrase.stems, " ");
    }
  }
  if (found.length > 0 || options.wholeNamesOnly) return found;
  const nearMiss = typos.match(text);
  return nearMiss ? [nearMiss.value] : [];
}

interface NamedOptions {
  /** Names found whole only, no near misses. */
  wholeNamesOnly?: boolean;
}

/** The service slugs a sentence names, most specific first. */
export function servicesNamed(text: string, options?: NamedOptions): string[] {
  return namedValues(text, servicePhrases, serviceTypos, options);
}

/**
 * Whether a sentence writes "IT" in capitals, naming the IT speciality (a lower-case "it" alone is
 * a pronoun, not a name); a message shouted all in capitals says nothing by its capitals.
 */
export function writesCapitalIT(text: string): boolean {
  return /\bIT\b/.test(text) && (/\p{Ll}/u.test(text) || words(text).length <= 2);
}

/** The speciality slugs a sentence names, most specific first. */
export function specialitiesNamed(text: string, options?: NamedOptions): string[] {
  const whole = namedValues(text, specialityPhrases, specialityTypos, { wholeNamesOnly: true });
  if (writesCapitalIT(text) && !whole.includes("it")) whole.push("it");
  if (whole.length > 0 || options?.wholeNamesOnly) return whole;
  return namedValues(text, specialityPhrases, specialityTypos, options);
}

/** A stretch of time a visitor asked about, as instants, with the words they used. */
export interface TimeRange {
  from: Date;
  to: Date;
  words: string;
  /** Whether they named a time of day ("at 3 pm"), not only a day. */
  hasTime: boolean;
}

const PARTS_OF_DAY: Record<string, [number, number]> = {
  morning: [6, 12],
  afternoon: [12, 17],
  evening: [17, 23],
  tonight: [17, 23],
  night: [17, 23],
};

/**
 * The first date or time a sentence names, read by chrono in the visitor's zone: "tomorrow
 * afternoon" is 12:00–17:00 tomorrow there, "Friday" the whole day, "at 3 pm" that half hour.
 */
export function timeRangeIn(text: string, now: Date, zone: string): TimeRange | undefined {
  const reference = { instant: now, timezone: DateTime.fromJSDate(now, { zone }).offset };
  const [result] = chrono.parse(text, reference, { forwardDate: true });
  const lower = text.toLowerCase();
  const partOfDay = Object.keys(PARTS_OF_DAY).find((part) => new RegExp(`\\b${part}\\b`).test(lower));
  if (!result) {
    if (!partOfDay) return undefined;
    const today = DateTime.fromJSDate(now, { zone });
    const [start, end] = PARTS_OF_DAY[partOfDay]!;
    return {
      from: today.set({ hour: start, minute: 0, second: 0, millisecond: 0 }).toJSDate(),
      to: today.set({ hour: end, minute: 0, second: 0, millisecond: 0 }).toJSDate(),
      words: partOfDay,
      hasTime: false,
    };
  }
  const start = result.start;
  const day = DateTime.fromJSDate(start.date(), { zone });
  const hasTime = start.isCertain("hour");
  if (hasTime) {
    const from = day.set({ second: 0, millisecond: 0 });
    const to = result.end ? DateTime.fromJSDate(result.end.date(), { zone }) : from.plus({ minutes: 30 });
    return { from: from.toJSDate(), to: to.toJSDate(), words: result.text, hasTime: true };
  }
  const [startHour, endHour] = partOfDay ? PARTS_OF_DAY[partOfDay]! : [0, 24];
  const from = day.startOf("day").plus({ hours: startHour });
  const to = result.end
    ? DateTime.fromJSDate(result.end.date(), { zone }).endOf("day")
    : day.startOf("day").plus({ hours: endHour });
  return {
    from: from.toJSDate(),
    to: to.toJSDate(),
    words: partOfDay ? `${result.text} ${partOfDay}` : result.text,
    hasTime: false,
  };
}

/** Lengths of time ("30 minutes", "20 hours a month") and a bare "morning" are not dates to mask. */
const NOT_A_DATE =
  /^(?:for\s+)?(?:an?|\d+)\s+(?:minutes?|hours?|days?|weeks?|months?)\b|^(?:morning|afternoon|evening|night)$/i;

/** The sentence with its dates and times replaced by one word, so "friday" and "tomorrow" train alike. */
export function withDatesMasked(text: string, now: Date): string {
  let masked = text;
  const dates = chrono
    .parse(text, now, { forwardDate: true })
    .filter((found) => !NOT_A_DATE.test(found.text));
  for (const found of dates.reverse()) {
    masked = `${masked.slice(0, found.index)} sometime ${masked.slice(found.index + found.text.length)}`;
  }
  return masked;
}
