/**
 * Matching free text to one value of a fixed list ("ecommerce" → "E-Commerce", "real estat" →
 * "Real Estate"): BM25 full-text matching (MiniSearch) with a light stemmer, typo tolerance and
 * word-start matching. Each match carries a confidence that says how much of what the visitor
 * wrote the value's best name accounts for.
 */
import MiniSearch, { type SearchResult } from "minisearch";
import { isStopWord, meaningfulTerms, stem, words } from "./text";

/** Below this, a choice is not taken. */
const DEFAULT_THRESHOLD = 0.5;
/** How much a typo-tolerant (fuzzy) or word-start (prefix) match counts against an exact one. */
const INEXACT_MATCH_WEIGHT = 0.7;
/** What a value's names explain together counts a little less than one name explaining it. */
const UNION_DISCOUNT = 0.85;
const UNKNOWN_TERM_WEIGHT = 0.35;
/** Only the first words of a long message are matched. */
const MAX_QUERY_WORDS = 60;

function createIndex<T extends { id: string; text: string }>(documents: T[], storeFields: string[]) {
  const index = new MiniSearch<T>({
    fields: ["text"],
    storeFields,
    // Stop words are dropped while tokenizing, so they do not count towards a document's length.
    tokenize: (text) => words(text).filter((word) => !isStopWord(word)),
    processTerm: (term) => stem(term),
    searchOptions: {
      combineWith: "OR",
      fuzzy: (term) => (term.length >= 5 ? 0.2 : false),
      prefix: (term, position, terms) => position === terms.length - 1 && term.length >= 4,
      weights: { fuzzy: 0.6, prefix: 0.7 },
    },
  });
  index.addAll(documents);
  return index;
}

/**
 * How much of the query a result accounts for: its matched query terms (inexact ones counting
 * less) over the query's terms, where a term the index does not know at all (a name, filler, a
 * topic the site says nothing about) counts only a third, so it lowers confidence without sinking it.
 */
function coverage(result: SearchResult, knownTerms: Set<string>, unknownCount: number): number {
  if (knownTerms.size === 0) return 0;
  const exact = new Set(result.terms);
  let matched = 0;
  for (const term of new Set(result.queryTerms)) {
    if (!knownTerms.has(term)) continue;
    matched += exact.has(term) ? 1 : INEXACT_MATCH_WEIGHT;
  }
  return Math.min(1, matched / (knownTerms.size + UNKNOWN_TERM_WEIGHT * unknownCount));
}

function round2(value: number): number {
  return Math.round(value * 100) / 100;
}

/**
 * Ranks documents of an index against a text and groups them by a key (intent or value). A key's
 * coverage is the better of its best single document and, slightly discounted, all its documents
 * with the same value together (so "talk to a real human" is explained by two examples of one
 * intent). Confidence = coverage × √(score ÷ best score).
 */
function rank<T extends { value?: string }>(
  index: MiniSearch<ChoiceDocument>,
  text: string,
  keyOf: (stored: T) => string,
): Array<{ key: string; confidence: number; stored: T }> {
  const query = words(text).slice(0, MAX_QUERY_WORDS).join(" ");
  const terms = new Set(meaningfulTerms(query));
  if (terms.size === 0) return [];
  const results = index.search(query);
  if (results.length === 0) return [];
  const known = new Set(results.flatMap((result) => result.queryTerms));
  const unknownCount = [...terms].filter((term) => !known.has(term)).length;

  interface Group {
    key: string;
    score: number;
    cover: number;
    stored: T;
    exact: Set<string>;
    inexact: Set<string>;
  }
  const groups = new Map<string, Group>();
  for (const result of results) {
    const stored = result as unknown as T;
    const key = keyOf(stored);
    const groupKey = `${key}\u0000${stored.value ?? ""}`;
    const cover = coverage(result, known, unknownCount);
    let group = groups.get(groupKey);
    if (!group) {
      group = { key, score: result.score, cover, stored, exact: new Set(), inexact: new Set() };
      groups.set(groupKey, group);
    } else if (
      cover > group.cover + 1e-9 ||
      (Math.abs(cover - group.cover) <= 1e-9 && result.score > group.score)
    ) {
      Object.assign(group, { score: result.score, cover, stored });
    }
    const exactTerms = new Set(result.terms);
    for (const term of result.queryTerms) (exactTerms.has(term) ? group.exact : group.inexact).add(term);
  }

  const best = new Map<string, { key: string; score: number; cover: number; stored: T }>();
  for (const group of groups.values()) {
    let together = 0;
    for (const term of known) {
      if (group.exact.has(term)) together += 1;
      else if (group.inexact.has(term)) together += INEXACT_MATCH_WEIGHT;
    }
    const cover = Math.max(
      group.cover,
      UNION_DISCOUNT * Math.min(1, together / (known.size + UNKNOWN_TERM_WEIGHT * unknownCount)),
    );
    const previous = best.get(group.key);
    if (!previous || cover > previous.cover || (cover === previous.cover && group.score > previous.score)) {
      best.set(group.key, { key: group.key, score: group.score, cover, stored: group.stored });
    }
  }
  const topScore = Math.max(...[...best.values()].map((entry) => entry.score));
  return [...best.values()]
    .map((entry) => ({
      key: entry.key,
      stored: entry.stored,
      confidence: round2(entry.cover * Math.sqrt(entry.score / topScore)),
    }))
    .sort((a, b) => b.confidence - a.confidence);
}

/** A value of a choice list (a service, a business type…) with the other words people use for it. */
export interface Choice {
  value: string;
  aliases?: string[];
}

interface ChoiceDocument {
  id: string;
  text: string;
  value: string;
}

/** Matches free text to one value of a fixed list, e.g. "ecommerce" → "E-Commerce". */
export class ChoiceMatcher {
  private readonly index: MiniSearch<ChoiceDocument>;
  private readonly exact = new Map<string, string>();

  constructor(
    readonly choices: Choice[],
    private readonly threshold = DEFAULT_THRESHOLD,
  ) {
    const documents: ChoiceDocument[] = [];
    for (const choice of choices) {
      for (const text of [choice.value, ...(choice.aliases ?? [])]) {
        documents.push({ id: `${documents.length}`, text, value: choice.value });
        this.exact.set(words(text).join(" "), choice.value);
      }
    }
    this.index = createIndex(documents, ["value"]);
  }

  /** The best value with its confidence, or undefined when none is convincing. */
  match(text: string): { value: string; confidence: number } | undefined {
    const normalized = words(text).join(" ");
    const exact = this.exact.get(normalized);
    if (exact) return { value: exact, confidence: 1 };
    const [best] = rank<ChoiceDocument>(this.index, text, (stored) => stored.value);
    if (!best || best.confidence < this.threshold) return undefined;
    return { value: best.key, confidence: best.confidence };
  }

  /**
   * Several values named in one answer ("admin and marketing"): each part between commas, "and",
   * "&", "+" or "/" is matched on its own. Parts that match nothing are returned as leftovers.
   */
  matchMany(text: string): { values: string[]; leftovers: string[] } {
    const whole = this.match(text);
    if (whole && whole.confidence === 1) return { values: [whole.value], leftovers: [] };
    const values: string[] = [];
    const leftovers: string[] = [];
    for (const part of text.split(/,|;|&|\+|\band\b|\bplus\b|\balso\b/i)) {
      const trimmed = part.trim();
      if (trimmed === "") continue;
      const found = this.match(trimmed);
      if (found) {
        if (!values.includes(found.value)) values.push(found.value);
      } else if (meaningfulTerms(trimmed).length > 0) {
        leftovers.push(trimmed);
      }
    }
    return { values, leftovers };
  }
}
