/**
 * How each word sounds, in the acoustic model's phones: from the pronouncing dictionary that comes
 * with pocketsphinx-en-us, and for words it lacks (names) from flite's letter-to-sound rules (its
 * `t2p` tool), at build time only.
 */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { PRONOUNCING_DICTIONARY } from "./native-libraries.server";

/** flite's phones that the acoustic model names otherwise. */
const FLITE_PHONE_NAMES: Record<string, string> = { ax: "AH" };
const ACOUSTIC_PHONES = new Set(
  "AA AE AH AO AW AY B CH D DH EH ER EY F G HH IH IY JH K L M N NG OW OY P R S SH T TH UH UW V W Y Z ZH".split(
    " ",
  ),
);

/** Each word's pronunciations (phones separated by spaces); words that cannot be said are absent. */
export function pronounce(words: Iterable<string>): Map<string, string[]> {
  const wanted = new Set(words);
  const found = new Map<string, string[]>();
  for (const line of readFileSync(PRONOUNCING_DICTIONARY, "utf8").split("\n")) {
    const space = line.indexOf(" ");
    if (space < 0) continue;
    // Alternatives are written "word(2) …".
    const word = line.slice(0, space).replace(/\(\d+\)$/, "");
    if (!wanted.has(word)) continue;
    const phones = line.slice(space + 1).trim();
    found.set(word, [...(found.get(word) ?? []), phones]);
  }
  for (const word of wanted) {
    if (found.has(word)) continue;
    const guessed = letterToSound(word);
    if (guessed) found.set(word, [guessed]);
  }
  return found;
}

function letterToSound(word: string): string | undefined {
  const answer = spawnSync("t2p", [word.replace(/'/g, "")], { encoding: "utf8", timeout: 5_000 });
  if (answer.status !== 0 || typeof answer.stdout !== "string") return undefined;
  const phones = answer.stdout
    .trim()
    .split(/\s+/)
    .filter((phone) => phone !== "pau" && phone !== "")
    .map((phone) => {
      const bare = phone.replace(/\d$/, "");
      return FLITE_PHONE_NAMES[bare] ?? bare.toUpperCase();
    });
  if (phones.length === 0 || !phones.every((phone) => ACOUSTIC_PHONES.has(phone))) return undefined;
  return phones.join(" ");
}
