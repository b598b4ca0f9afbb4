/**
 * Understanding a visitor's words: NLP.js's neural intent classifier (one perceptron per intent over
 * stemmed words, with spelling correction against the words it was trained on), trained from the
 * catalogue at start. Out-of-scope examples train FallbackIntent; a message whose best intent is
 * not likely enough is FallbackIntent too, and two intents close to each other make a question.
 * The service or speciality a message names comes from entities.ts, not from the classifier.
 */
import { createHash } from "node:crypto";
import { containerBootstrap } from "@nlpjs/core";
import { LangEn } from "@nlpjs/lang-en-min";
import { NluNeural } from "@nlpjs/nlu";
import { sameMeaning, samePhrase } from "~/content/assistant-vocabulary";
import { faq } from "~/content/faq";
import {
  DIALOG_INTENTS,
  faqIntentName,
  INTENT,
  SPECIALITY_INTENTS,
  type TrainingExample,
  trainingExamples,
} from "./catalog";
import { servicesNamed, specialitiesNamed, withDatesMasked, writesCapitalIT } from "./entities";
import { isStopWord, words } from "./text";

/** Below this, the assistant says what it can do (FallbackIntent) instead of guessing. */
export const CONFIDENCE_THRESHOLD = 0.5;
/** The runner-up is "close" when it has at least this share of the best one's score: ask which. */
const CLOSE_RATIO = 0.6;
/** Only the first words of a long message are classified (a question rarely needs more). */
const MAX_QUERY_WORDS = 60;
/** Each word of a group of the same meaning, to the group's first word. */
const CANONICAL = new Map(sameMeaning.flatMap(([first, ...others]) => others.map((word) => [word, first!])));
function canonical(word: string): string {
  return CANONICAL.get(word) ?? word;
}

/** A training sentence found whole once a typo is corrected. */
const CORRECTED_WHOLE_CONFIDENCE = 0.95;
/** A message most of whose meaningful words the assistant never saw is about something else. */
const MOST_UNKNOWN = 0.5;
/** Dates are masked against a fixed day, so training and a visitor's message read them alike. */
const MASKING_REFERENCE = new Date("2027-01-04T12:00:00Z");

export interface RankedIntent {
  intent: string;
  /** 0…1, two decimals. */
  confidence: number;
  /** The slot value the message names (service or speciality slug, FAQ id). */
  value?: string;
}

export interface Understanding {
  /** In-scope intents the classifier gave any weight, best first. */
  ranked: RankedIntent[];
  /** The chosen intent: the best one when confident enough, otherwise FallbackIntent. */
  top: RankedIntent;
  /** The two best intents when they are too close to choose between: the assistant asks. */
  unsure?: [RankedIntent, RankedIntent];
}

interface Classifier {
  nlu: InstanceType<typeof NluNeural>;
  /** Every word of the training sentences, to correct a visitor's spelling against. */
  vocabulary: Vocabulary;
  /** The words of in-scope training sentences: what the assistant can talk about. */
  inScopeWords: Set<string>;
  /** Each training sentence by its exact words: said whole, it is its intent without doubt. */
  phrases: Map<string, string>;
  trainingMs: number;
}

/**
 * A trained classifier as JSON. The build saves one (scripts/save-bot-classifier.mjs) so that a
 * start loads it far faster than it could train one (decision 26).
 */
export interface SavedClassifier {
  /** A digest of what it was trained from: a classifier trained from other examples is not used. */
  trainedFrom: string;
  nlu: unknown;
  vocabulary: Array<[word: string, count: number]>;
  inScopeWords: string[];
}

let training: Promise<Classifier> | undefined;

/** The words of a sentence, with its dates as one word and contact details gone. */
function wordsOf(text: string): string[] {
  let kept = ` ${words(withoutContactDetails(text)).slice(0, MAX_QUERY_WORDS).join(" ")} `;
  for (const [word, phrases] of samePhrase) {
    for (const phrase of phrases) kept = kept.replaceAll(` ${phrase} `, ` ${word} `);
  }
  return words(withDatesMasked(kept.trim(), MASKING_REFERENCE));
}

/**
 * What the classifier reads: the words, spelling corrected, and each pair of neighbouring words as
 * one more feature ("how_much", "sign_up"), since a pair often says more than its two words apart.
 */
function featuresOf(words: string[]): string {
  const list = words.map(canonical);
  const pairs = list.slice(1).map((word, index) => `${list[index]}_${word}`);
  return [...list, ...pairs, ...entityMarkers(list.join(" "))].join(" ");
}

/**
 * One feature for "names a service" and one for "names a consultant speciality", so that what any
 * service or speciality is called counts alike ("a tax adviser" and "a lawyer" are both a speciality).
 */
function entityMarkers(text: string): string[] {
  const markers: string[] = [];
  if (servicesNamed(text, { wholeNamesOnly: true }).length > 0) markers.push("namesaservice");
  if (specialitiesNamed(text, { wholeNamesOnly: true }).length > 0) markers.push("namesaspeciality");
  return markers;
}

async function untrainedNlu(): Promise<InstanceType<typeof NluNeural>> {
  const container = await containerBootstrap();
  container.use(LangEn);
  return new NluNeural({ locale: "en", useNoneFeature: true, log: false }, container);
}

/** Each training sentence by its exact words. */
function phrasesOf(examples: TrainingExample[]): Map<string, string> {
  return new Map(examples.map((example) => [words(example.text).join(" "), example.intent]));
}

/** What the classifier learns from: the examples and the words read as one. */
function trainingDigest(examples: TrainingExample[]): string {
  return createHash("sha256")
    .update(JSON.stringify([examples, sameMeaning, samePhrase]))
    .digest("hex");
}

async function train(): Promise<Classifier> {
  const started = performance.now();
  const nlu = await untrainedNlu();
  const examples = trainingExamples();
  const vocabulary = Vocabulary.counting(examples.flatMap((example) => wordsOf(example.text)));
  const inScopeWords = new Set(
    examples
      .filter((example) => example.intent !== INTENT.fallback)
      .flatMap((example) => wordsOf(example.text).map(canonical)),
  );
  const corpus = examples.map((example) => ({
    utterance: featuresOf(wordsOf(example.text)),
    intent: example.intent === INTENT.fallback ? "None" : example.intent,
  }));
  await nlu.train(corpus);
  const phrases = phrasesOf(examples);
  return { nlu, vocabulary, inScopeWords, phrases, trainingMs: performance.now() - started };
}

/** The classifier as JSON, trained first if it was not yet. */
export async function saveClassifier(): Promise<SavedClassifier> {
  const { nlu, vocabulary, inScopeWords } = await classifier();
  return {
    trainedFrom: trainingDigest(trainingExamples()),
    nlu: nlu.toJSON(),
    vocabulary: vocabulary.entries(),
    inScopeWords: [...inScopeWords],
  };
}

/**
 * Uses a saved classifier instead of training one, unless it was trained from other examples (then
 * the classifier is trained as usual). Says whether it was used.
 */
export function restoreClassifier(saved: SavedClassifier): boolean {
  const examples = trainingExamples();
  if (training || saved.trainedFrom !== trainingDigest(examples)) return false;
  const started = performance.now();
  training = untrainedNlu().then((nlu) => {
    nlu.fromJSON(saved.nlu);
    return {
      nlu,
      vocabulary: new Vocabulary(new Map(saved.vocabulary)),
      inScopeWords: new Set(saved.inScopeWords),
      phrases: phrasesOf(examples),
      trainingMs: performance.now() - started,
    };
  });
  return true;
}

/** The trained classifier, trained once per process on first use (or by warmUp at start). */
function classifier(): Promise<Classifier> {
  training ??= train();
  return training;
}

/** Trains the classifier now, so the first visitor does not wait; resolves with the training time in ms. */
export async function warmUp(): Promise<number> {
  return (await classifier()).trainingMs;
}

const LEADING_GREETING =
  /^\s*(?:hi|hello|hey|hiya|good (?:morning|afternoon|evening))\b[\s,.!-]*(?:(?:there|team|everyone|all|folks|guys)\b[\s,.!-]*)?/i;

/** E-mail addresses, web addresses and long numbers say nothing about intent (and would dilute it). */
function withoutContactDetails(text: string): string {
  return text
    .replace(/\S+@\S+/g, " ")
    .replace(/\bhttps?:\/\/\S+/gi, " ")
    .replace(/\+?\d[\d\s().-]{5,}\d/g, " ");
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

/** The slot value a message gives an intent: the service or speciality it names, or the FAQ item. */
function valueFor(intent: string, text: string): string | undefined {
  if (intent === INTENT.serviceDetails) return servicesNamed(text)[0];
  if (SPECIALITY_INTENTS.has(intent)) return specialitiesNamed(text)[0];
  return faq.find((item) => faqIntentName(item.id) === intent)?.id;
}

/** What the visitor most likely wants, the alternatives, and whether to ask between the two best. */
export async function understand(input: string): Promise<Understanding> {
  // "Hello, do you …": the greeting is manners, the rest is the question; a greeting alone is a greeting.
  // A rest of only small words ("good evening to you") is too slight to read alone: the whole is read.
  const rest = input.replace(LEADING_GREETING, "");
  if (rest !== input && words(rest).some((word) => !isStopWord(word))) {
    const question = await classify(rest);
    if (question.top.intent !== INTENT.fallback) return question;
    const greeting = await classify(input.slice(0, input.length - rest.length));
    return {
      ...greeting,
      ranked: [...greeting.ranked, ...question.ranked.filter((entry) => entry.intent !== INTENT.greeting)],
    };
  }
  return classify(input);
}

async function classify(input: string): Promise<Understanding> {
  const { nlu, vocabulary, inScopeWords, phrases } = await classifier();
  const list = wordsOf(input).map((word) => vocabulary.corrected(word));
  const fallback = { intent: INTENT.fallback, confidence: 0 };
  if (list.length === 0) return { ranked: [], top: fallback };

  const said = phrases.get(words(input).join(" "));
  // A training sentence said whole is its intent without doubt; with a typo corrected, nearly so.
  const whole = said ?? phrases.get(list.join(" "));
  const wholeConfidence = said ? 1 : CORRECTED_WHOLE_CONFIDENCE;
  const { classifications } = await nlu.process(featuresOf(list));
  // Values are read from the corrected words too, so "bookeeping" names Bookkeeping; "IT" in
  // capitals is kept, as it names the IT speciality where a lower-case "it" is only a pronoun.
  const corrected = writesCapitalIT(input) ? `${list.join(" ")} IT` : list.join(" ");
  const ranked = withSpecialityRead(
    classifications
      .filter((entry) => entry.intent !== "None" && entry.score > 0.005)
      .map((entry) => ({
        intent: entry.intent,
        confidence: round2(entry.score),
        value: valueFor(entry.intent, corrected),
      })),
    corrected,
  );
  if (whole) {
    if (whole === INTENT.fallback) return { ranked: [], top: fallback };
    const others = ranked.filter((entry) => entry.intent !== whole);
    const top = { intent: whole, confidence: wholeConfidence, value: valueFor(whole, corrected) };
    return { ranked: [top, ...others], top };
  }
  // The classifier's guesses about a message mostly of words it never saw are noise: none are offered.
  const meaningful = list.filter((word) => !isStopWord(word));
  const unknown = meaningful.filter((word) => !inScopeWords.has(canonical(word))).length;
  if (meaningful.length > 0 && unknown / meaningful.length > MOST_UNKNOWN)
    return { ranked: [], top: fallback };
  const [best, second] = ranked;
  const outOfScope = classifications.find((entry) => entry.intent === "None")?.score ?? 0;
  if (!best || best.confidence < CONFIDENCE_THRESHOLD) {
    const unsure = closePair(best, second, outOfScope);
    return { ranked, top: fallback, ...(unsure ? { unsure } : {}) };
  }
  const unsure = closePair(best, second, outOfScope);
  return { ranked, top: best, ...(unsure ? { unsure } : {}) };
}

/**
 * "Help with my taxes" names a speciality and no service: it is about a consultant. Each intent is
 * kept once, at its best.
 */
function withSpecialityRead(ranked: RankedIntent[], input: string): RankedIntent[] {
  const speciality = specialitiesNamed(input)[0];
  const read = ranked.map((entry) =>
    entry.intent === INTENT.serviceDetails && entry.value === undefined && speciality
      ? { intent: INTENT.findConsultant, confidence: entry.confidence, value: speciality }
      : entry,
  );
  return read.filter((entry, index) => read.findIndex((other) => other.intent === entry.intent) === index);
}

/**
 * The best two intents when neither is clearly meant: together they hold most of the weight, and
 * the runner-up is close behind. A dialog's intent never joins a question (it would start asking).
 */
function closePair(
  best: RankedIntent | undefined,
  second: RankedIntent | undefined,
  outOfScope: number,
): [RankedIntent, RankedIntent] | undefined {
  if (!best || !second) return undefined;
  if (DIALOG_INTENTS.has(best.intent) && DIALOG_INTENTS.has(second.intent)) return undefined;
  const together = best.confidence + second.confidence;
  if (together < CONFIDENCE_THRESHOLD || outOfScope > together) return undefined;
  return second.confidence >= best.confidence * CLOSE_RATIO ? [best, second] : undefined;
}

/** Words one typing slip away (two for long words) from a known word are read as that word. */
class Vocabulary {
  constructor(private readonly counts: Map<string, number>) {}

  static counting(list: string[]): Vocabulary {
    const counts = new Map<string, number>();
    for (const word of list) counts.set(word, (counts.get(word) ?? 0) + 1);
    return new Vocabulary(counts);
  }

  entries(): Array<[string, number]> {
    return [...this.counts];
  }

  corrected(word: string): string {
    if (word.length < 5 || this.counts.has(word) || /\d/.test(word)) return word;
    const allowed = word.length >= 8 ? 2 : 1;
    let best = word;
    let bestDistance = allowed + 1;
    let bestCount = 0;
    for (const [known, count] of this.counts) {
      if (Math.abs(known.length - word.length) > allowed) continue;
      const distance = editDistance(word, known, allowed);
      if (distance < bestDistance || (distance === bestDistance && count > bestCount)) {
        best = known;
        bestDistance = distance;
        bestCount = count;
      }
    }
    return bestDistance <= allowed ? best : word;
  }
}

/** Damerau–Levenshtein distance (a swap of neighbours is one slip), giving up past `limit`. */
function editDistance(a: string, b: string, limit: number): number {
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    rows.push([i]);
    let rowMinimum = i;
    for (let j = 1; j <= b.length; j++) {
      if (i === 0) {
        rows[0]![j] = j;
        continue;
      }
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, rows[i - 2]![j - 2]! + 1);
      }
      rows[i]![j] = value;
      rowMinimum = Math.min(rowMinimum, value);
    }
    if (i > 0 && rowMinimum > limit) return limit + 1;
  }
  return rows[a.length]![b.length]!;
}
