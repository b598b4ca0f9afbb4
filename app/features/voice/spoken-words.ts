/**
 * Text as a recognizer hears it and a synthesizer reads it: lower-case words, numbers and the few
 * symbols the assistant writes ($, %, &, 24/7) spelled out.
 */

const ONES = [
  "zero",
  "one",
  "two",
  "three",
  "four",
  "five",
  "six",
  "seven",
  "eight",
  "nine",
  "ten",
  "eleven",
  "twelve",
  "thirteen",
  "fourteen",
  "fifteen",
  "sixteen",
  "seventeen",
  "eighteen",
  "nineteen",
];
const TENS = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"];

/** A whole number below a million in words ("one hundred twenty"). */
export function numberInWords(value: number): string {
  if (!Number.isInteger(value) || value < 0 || value >= 1_000_000) return String(value);
  if (value < 20) return ONES[value] as string;
  if (value < 100) {
    const rest = value % 10;
    return `${TENS[Math.floor(value / 10)]}${rest ? ` ${ONES[rest]}` : ""}`;
  }
  if (value < 1000) {
    const rest = value % 100;
    return `${ONES[Math.floor(value / 100)]} hundred${rest ? ` ${numberInWords(rest)}` : ""}`;
  }
  const rest = value % 1000;
  return `${numberInWords(Math.floor(value / 1000))} thousand${rest ? ` ${numberInWords(rest)}` : ""}`;
}

function amountInWords(whole: string, cents: string | undefined, unit: string): string {
  const dollars = Number(whole.replace(/,/g, ""));
  const spoken = `${numberInWords(dollars)} ${unit}${dollars === 1 ? "" : "s"}`;
  const centValue = cents ? Number(cents) : 0;
  return centValue ? `${spoken} and ${numberInWords(centValue)} cents` : spoken;
}

/**
 * The sentence with its symbols and figures as words, still cased and punctuated for reading aloud.
 * A full stop after a link or after "PM" still ends the sentence; "am" and "pm" are spelled only
 * after a figure ("9am", "1:30 PM", "5 p.m."), so the word "am" stays a word.
 */
export function spellOut(text: string): string {
  return text
    .replace(/\[([^\]]+)\]\([^)\s]*\)/g, "$1")
    .replace(/https?:\/\/\S*[^\s.,!?;:)"']/g, "the link")
    .replace(
      /(\d)\s?([AaPp])(?:\.[Mm]\.(?=\s+[a-z0-9])|\.?[Mm])(?=[\s,.!?\-–]|$)/g,
      (_match, digit: string, half: string) => `${digit} ${half.toLowerCase()} m`,
    )
    .replace(/\b24\s*\/\s*7\b/g, "twenty four seven")
    .replace(/\$\s?(\d+(?:,\d{3})*)(?:\.(\d{2}))?/g, (_match, whole: string, cents?: string) =>
      amountInWords(whole, cents, "dollar"),
    )
    .replace(/(\d+(?:,\d{3})*)(?:\.(\d{2}))?\s?USD\b/g, (_match, whole: string, cents?: string) =>
      amountInWords(whole, cents, "dollar"),
    )
    .replace(/(\d+)\s?%/g, (_match, value: string) => `${numberInWords(Number(value))} percent`)
    .replace(/\b(\d{1,2}):(\d{2})\b/g, (_match, hours: string, minutes: string) =>
      minutes === "00"
        ? numberInWords(Number(hours))
        : `${numberInWords(Number(hours))} ${Number(minutes) < 10 ? "oh " : ""}${numberInWords(Number(minutes))}`,
    )
    .replace(/\b(\d+)(st|nd|rd|th)\b/g, (_match, value: string) => ordinalInWords(Number(value)))
    .replace(/\d+(?:,\d{3})*/g, (value) => numberInWords(Number(value.replace(/,/g, ""))))
    .replace(/&/g, " and ")
    .replace(/\s+/g, " ")
    .trim();
}

const ORDINAL_ENDINGS: Record<string, string> = {
  one: "first",
  two: "second",
  three: "third",
  five: "fifth",
  eight: "eighth",
  nine: "ninth",
  twelve: "twelfth",
};

/** An ordinal in words ("twenty first"). */
export function ordinalInWords(value: number): string {
  const words = numberInWords(value).split(" ");
  const last = words.pop() ?? "";
  const ordinal = ORDINAL_ENDINGS[last] ?? (last.endsWith("y") ? `${last.slice(0, -1)}ieth` : `${last}th`);
  return [...words, ordinal].join(" ");
}

/** The sentence's words as a recognizer takes them: lower case, apostrophes kept ("don't"). */
export function spokenWords(text: string): string[] {
  return spellOut(text)
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .replace(/[^a-z' ]+/g, " ")
    .split(" ")
    .map((word) => word.replace(/^'+|'+$/g, ""))
    .filter((word) => word !== "");
}
