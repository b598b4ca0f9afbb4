import { describe, expect, it } from "vitest";
import { arpaLanguageModel } from "./language-model";
import { voiceCorpus } from "./voice-corpus";

interface Entry {
  logProbability: number;
  backoff?: number;
}

interface ParsedArpa {
  counts: number[];
  /** Per order (1..3): the n-gram's words joined by a space → its entry. */
  grams: Map<string, Entry>[];
  /** Each section's lines as written, per order. */
  sections: string[][];
}

function parseArpa(text: string): ParsedArpa {
  const lines = text.split("\n");
  expect(lines[0]).toBe("\\data\\");
  expect(lines.at(-2)).toBe("\\end\\");
  const counts: number[] = [];
  const grams: Map<string, Entry>[] = [new Map()];
  const sections: string[][] = [[]];
  let order = 0;
  for (const line of lines.slice(1)) {
    const header = /^ngram (\d)=(\d+)$/.exec(line);
    const section = /^\\(\d)-grams:$/.exec(line);
    if (header) counts[Number(header[1])] = Number(header[2]);
    else if (section) {
      order = Number(section[1]);
      grams[order] = new Map();
      sections[order] = [];
    } else if (line === "\\end\\") order = 0;
    else if (line !== "" && order > 0) {
      const fields = line.split(" ");
      expect(fields.length === order + 1 || fields.length === order + 2, line).toBe(true);
      const words = fields.slice(1, order + 1).join(" ");
      expect(grams[order]?.has(words), `${words} listed twice`).toBe(false);
      grams[order]?.set(words, {
        logProbability: Number(fields[0]),
        backoff: fields.length === order + 2 ? Number(fields[order + 1]) : undefined,
      });
      sections[order]?.push(line);
    }
  }
  return { counts, grams, sections };
}

/** The model as the recognizer uses it: P(word | history) with back-off, from the parsed file alone. */
function modelOf(arpa: ParsedArpa) {
  const unigrams = arpa.grams[1] as Map<string, Entry>;
  const predicted = [...unigrams.keys()].filter((word) => word !== "<s>");
  function probability(history: string[], word: string): number {
    const listed = arpa.grams[history.length + 1]?.get([...history, word].join(" "));
    if (listed) return 10 ** listed.logProbability;
    if (history.length === 0) return 0;
    const backoff = arpa.grams[history.length]?.get(history.join(" "))?.backoff ?? 0;
    return 10 ** backoff * probability(history.slice(1), word);
  }
  return { predicted, probability };
}

const SMALL = [
  ["book", "a", "call"],
  ["book", "a", "consultant"],
  ["book", "a", "call", "please"],
  ["a", "call", "please"],
  ["cancel"],
  ["book", "with", "amelia", "hart"],
  ["is", "amelia", "hart", "available"],
  [],
];

describe("arpaLanguageModel", () => {
  const corpus = voiceCorpus();

  it.each([
    ["a few sentences", SMALL],
    ["the assistant's corpus", corpus],
  ])("writes section sizes that match the header (%s)", (_name, sentences) => {
    const arpa = parseArpa(arpaLanguageModel(sentences));
    for (const order of [1, 2, 3]) {
      expect(arpa.sections[order]?.length, `${order}-grams`).toBe(arpa.counts[order]);
      expect(arpa.counts[order]).toBeGreaterThan(0);
    }
  });

  it("lists every word once, <s> and </s> too, and every bigram and trigram of the sentences", () => {
    const arpa = parseArpa(arpaLanguageModel(SMALL));
    expect([...(arpa.grams[1]?.keys() ?? [])].sort()).toEqual(
      [
        "</s>",
        "<s>",
        "a",
        "amelia",
        "available",
        "book",
        "call",
        "cancel",
        "consultant",
        "hart",
        "is",
        "please",
        "with",
      ].sort(),
    );
    for (const gram of ["<s> book", "book a", "a call", "call please", "please </s>", "cancel </s>"]) {
      expect(arpa.grams[2]?.has(gram), gram).toBe(true);
    }
    for (const gram of [
      "<s> book a",
      "book a call",
      "a call please",
      "call please </s>",
      "<s> cancel </s>",
    ]) {
      expect(arpa.grams[3]?.has(gram), gram).toBe(true);
    }
    expect(arpa.grams[2]?.has("call book")).toBe(false);
  });

  it.each([
    ["a few sentences", SMALL],
    ["the assistant's corpus", corpus],
  ])("writes log10 probabilities of at most 0, and -99 for <s> (%s)", (_name, sentences) => {
    const arpa = parseArpa(arpaLanguageModel(sentences));
    expect(arpa.grams[1]?.get("<s>")?.logProbability).toBe(-99);
    for (const order of [1, 2, 3]) {
      for (const [words, entry] of arpa.grams[order] ?? []) {
        expect(Number.isFinite(entry.logProbability), words).toBe(true);
        expect(entry.logProbability, words).toBeLessThanOrEqual(0);
        if (entry.backoff !== undefined) expect(Number.isFinite(entry.backoff), words).toBe(true);
      }
    }
  });

  it.each([
    ["a few sentences", SMALL],
    ["the assistant's corpus", corpus],
  ])("gives each word's probabilities after a one-word history that sum to 1 (%s)", (_name, sentences) => {
    const arpa = parseArpa(arpaLanguageModel(sentences));
    const unigrams = arpa.grams[1] as Map<string, Entry>;
    const { predicted } = modelOf(arpa);
    const followers = new Map<string, string[]>();
    for (const gram of arpa.grams[2]?.keys() ?? []) {
      const [history, word] = gram.split(" ") as [string, string];
      followers.set(history, [...(followers.get(history) ?? []), word]);
    }
    expect(followers.size).toBeGreaterThan(0);
    for (const [history, seen] of followers) {
      const seenSet = new Set(seen);
      let total = 0;
      for (const word of seen) total += 10 ** (arpa.grams[2]?.get(`${history} ${word}`)?.logProbability ?? 0);
      let unseenMass = 0;
      for (const word of predicted) {
        if (!seenSet.has(word)) unseenMass += 10 ** (unigrams.get(word)?.logProbability ?? 0);
      }
      total += 10 ** (unigrams.get(history)?.backoff ?? 0) * unseenMass;
      expect(total, `after '${history}'`).toBeCloseTo(1, 4);
    }
  });

  it.each([
    ["a few sentences", SMALL],
    ["the assistant's corpus", corpus.slice(0, 400)],
  ])("gives each word's probabilities after a two-word history that sum to 1 (%s)", (_name, sentences) => {
    const arpa = parseArpa(arpaLanguageModel(sentences));
    const { predicted, probability } = modelOf(arpa);
    const histories = new Set(
      [...(arpa.grams[3]?.keys() ?? [])].map((gram) => gram.split(" ").slice(0, 2).join(" ")),
    );
    expect(histories.size).toBeGreaterThan(0);
    for (const history of histories) {
      const words = history.split(" ");
      const total = predicted.reduce((sum, word) => sum + probability(words, word), 0);
      expect(total, `after '${history}'`).toBeCloseTo(1, 4);
    }
  });

  it("makes what followed a history more often more likely after it", () => {
    const { probability } = modelOf(parseArpa(arpaLanguageModel(SMALL)));
    // "book" was followed by "a" three times and by "with" once, never by "cancel".
    expect(probability(["book"], "a")).toBeGreaterThan(probability(["book"], "with"));
    expect(probability(["book"], "with")).toBeGreaterThan(probability(["book"], "cancel"));
    expect(probability(["book"], "cancel")).toBeGreaterThan(0);
    expect(probability(["<s>", "book"], "a")).toBeGreaterThan(probability(["<s>", "book"], "hart"));
  });

  it("writes the same file for the same sentences", () => {
    expect(arpaLanguageModel(corpus)).toBe(arpaLanguageModel(corpus.map((sentence) => [...sentence])));
  });

  it("writes the same words with the same numbers whatever the sentences' order", () => {
    const forwards = parseArpa(arpaLanguageModel(SMALL));
    const backwards = parseArpa(arpaLanguageModel([...SMALL].reverse()));
    expect(backwards.sections[1]).toEqual(forwards.sections[1]);
    const shuffled = [...corpus.slice(1000), ...corpus.slice(0, 1000)].reverse();
    expect(parseArpa(arpaLanguageModel(shuffled)).sections[1]).toEqual(
      parseArpa(arpaLanguageModel(corpus)).sections[1],
    );
  });
});
