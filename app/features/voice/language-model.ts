/**
 * A trigram language model in ARPA format, from the sentences the assistant knows: the recognizer
 * then expects this agency's words in this agency's order, and hears them far better than with a
 * general model. Witten-Bell discounting with back-off, written out in a fixed order, so the same
 * sentences always give the same file.
 */

const START = "<s>";
const END = "</s>";
const ORDER = 3;

type Counts = Map<string, number>;

interface Histories {
  /** How often the history was followed by anything. */
  total: Map<string, number>;
  /** Which words followed it. */
  followers: Map<string, Set<string>>;
}

function key(words: readonly string[]): string {
  return words.join(" ");
}

function countAll(sentences: readonly (readonly string[])[]): { grams: Counts[]; histories: Histories[] } {
  const grams: Counts[] = Array.from({ length: ORDER + 1 }, () => new Map());
  const histories: Histories[] = Array.from({ length: ORDER + 1 }, () => ({
    total: new Map(),
    followers: new Map(),
  }));
  for (const sentence of sentences) {
    if (sentence.length === 0) continue;
    const words = [START, ...sentence, END];
    for (let order = 1; order <= ORDER; order++) {
      for (let end = order; end <= words.length; end++) {
        const gram = words.slice(end - order, end);
        // <s> is a context only, never a word the model predicts.
        if (gram[gram.length - 1] === START) continue;
        const gramKey = key(gram);
        grams[order]?.set(gramKey, (grams[order]?.get(gramKey) ?? 0) + 1);
        if (order > 1) {
          const history = key(gram.slice(0, -1));
          const level = histories[order] as Histories;
          level.total.set(history, (level.total.get(history) ?? 0) + 1);
          const followers = level.followers.get(history) ?? new Set<string>();
          followers.add(gram[gram.length - 1] as string);
          level.followers.set(history, followers);
        }
      }
    }
  }
  return { grams, histories };
}

function log10(probability: number): string {
  return Math.log10(probability).toFixed(6);
}

/** The model as ARPA text (what pocketsphinx's `-lm` reads). */
export function arpaLanguageModel(sentences: readonly (readonly string[])[]): string {
  const { grams, histories } = countAll(sentences);
  const unigrams = grams[1] as Counts;
  const vocabulary = [...unigrams.keys()].sort();
  const tokens = [...unigrams.values()].reduce((sum, count) => sum + count, 0);
  // Add-one for the words themselves: every word of the vocabulary stays possible anywhere.
  const unigramProbability = new Map(
    vocabulary.map((word) => [word, ((unigrams.get(word) ?? 0) + 1) / (tokens + vocabulary.length)]),
  );

  const probabilities: Map<string, number>[] = [new Map(), unigramProbability];
  const backoffs: Map<string, number>[] = Array.from({ length: ORDER + 1 }, () => new Map());

  /** P(word | history) under the back-off model of `history.length + 1` words. */
  function probability(history: readonly string[], word: string): number {
    if (history.length === 0) return unigramProbability.get(word) ?? 0;
    const order = history.length + 1;
    const seen = probabilities[order]?.get(key([...history, word]));
    if (seen !== undefined) return seen;
    const weight = backoffs[history.length]?.get(key(history)) ?? 1;
    return weight * probability(history.slice(1), word);
  }

  for (let order = 2; order <= ORDER; order++) {
    const level = new Map<string, number>();
    const { total, followers } = histories[order] as Histories;
    for (const [gramKey, count] of grams[order] as Counts) {
      const history = gramKey.slice(0, gramKey.lastIndexOf(" "));
      const seen = total.get(history) ?? 0;
      const types = followers.get(history)?.size ?? 0;
      level.set(gramKey, count / (seen + types));
    }
    probabilities[order] = level;
    // What the history's seen followers leave, spread over the words it was never followed by.
    for (const [history, words] of followers) {
      const seen = total.get(history) ?? 0;
      const left = words.size / (seen + words.size);
      const shorter = history.split(" ").slice(1);
      let lowerSeen = 0;
      for (const word of words) lowerSeen += probability(shorter, word);
      const weight = lowerSeen < 1 ? left / (1 - lowerSeen) : 1;
      backoffs[order - 1]?.set(history, weight);
    }
  }

  const lines: string[] = ["\\data\\"];
  const levels = [1, 2, 3].map((order) =>
    order === 1
      ? [START, ...vocabulary.filter((word) => word !== START)]
      : [...(probabilities[order] as Map<string, number>).keys()].sort(),
  );
  levels.forEach((entries, index) => {
    lines.push(`ngram ${index + 1}=${entries.length}`);
  });
  levels.forEach((entries, index) => {
    const order = index + 1;
    lines.push("", `\\${order}-grams:`);
    for (const entry of entries) {
      const logProbability =
        entry === START ? "-99.000000" : log10((probabilities[order] as Map<string, number>).get(entry) ?? 0);
      const backoff = order < ORDER ? backoffs[order]?.get(entry) : undefined;
      lines.push(
        backoff === undefined ? `${logProbability} ${entry}` : `${logProbability} ${entry} ${log10(backoff)}`,
      );
    }
  });
  lines.push("", "\\end\\", "");
  return lines.join("\n");
}
