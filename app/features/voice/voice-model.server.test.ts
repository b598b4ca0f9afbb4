import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { writeVoiceModel } from "./voice-model.server";

/** A stand-in for the pronouncing dictionary: every word but those in `cannotSay`, "either" twice. */
function fakePronounce(cannotSay: readonly string[] = []) {
  const asked: string[][] = [];
  const pronounce = (words: Iterable<string>) => {
    const list = [...words];
    asked.push(list);
    const found = new Map<string, string[]>();
    for (const word of list) {
      if (cannotSay.includes(word)) continue;
      found.set(word, word === "either" ? ["IY DH ER", "AY DH ER"] : [`${word.length % 2 ? "AH" : "IY"} N`]);
    }
    return found;
  };
  return { pronounce, asked };
}

const SENTENCES = [
  ["book", "with", "amelia", "hart"],
  ["is", "marcus", "bell", "free"],
  ["either", "is", "fine"],
  ["book", "with", "xqzt"],
];

/** The words the ARPA file lists as unigrams. */
function modelWords(file: string): string[] {
  const text = readFileSync(file, "utf8");
  const section = text.slice(text.indexOf("\\1-grams:"), text.indexOf("\\2-grams:"));
  return section
    .split("\n")
    .slice(1)
    .filter(Boolean)
    .map((line) => line.split(" ")[1] as string);
}

/** The words the dictionary spells, without their "(2)" alternates. */
function dictionaryWords(file: string): string[] {
  return readFileSync(file, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => (line.split(" ")[0] as string).replace(/\(\d+\)$/, ""));
}

describe("writeVoiceModel", () => {
  let directory: string;
  beforeEach(() => {
    directory = mkdtempSync(path.join(tmpdir(), "voice-model-"));
  });
  afterEach(() => {
    rmSync(directory, { recursive: true, force: true });
  });

  it("writes the language model, the dictionary and its stamp into the directory", () => {
    const { pronounce } = fakePronounce();
    const model = writeVoiceModel(directory, pronounce, SENTENCES);
    expect(model.rebuilt).toBe(true);
    expect(model.languageModelFile).toBe(path.join(directory, "assistant.arpa"));
    expect(model.dictionaryFile).toBe(path.join(directory, "assistant.dict"));
    expect(readFileSync(model.languageModelFile, "utf8")).toMatch(/^\\data\\\n/);
    expect(JSON.parse(readFileSync(path.join(directory, "model.json"), "utf8"))).toMatchObject({
      words: 11,
      unpronounceable: [],
    });
    expect(model.words).toBe(11);
    const words = new Set(SENTENCES.flat());
    expect(new Set(dictionaryWords(model.dictionaryFile))).toEqual(words);
    expect(new Set(modelWords(model.languageModelFile))).toEqual(new Set([...words, "<s>", "</s>"]));
  });

  it("writes each pronunciation of a word, the alternates numbered", () => {
    const { pronounce } = fakePronounce();
    const model = writeVoiceModel(directory, pronounce, SENTENCES);
    const lines = readFileSync(model.dictionaryFile, "utf8").split("\n");
    expect(lines).toContain("either IY DH ER");
    expect(lines).toContain("either(2) AY DH ER");
    expect(lines).toContain("hart IY N");
  });

  it("creates the directory when it is not there yet", () => {
    const { pronounce } = fakePronounce();
    const nested = path.join(directory, "build", "voice");
    const model = writeVoiceModel(nested, pronounce, SENTENCES);
    expect(dictionaryWords(model.dictionaryFile)).toContain("amelia");
  });

  it("leaves out the words nothing can say, and names them", () => {
    const { pronounce } = fakePronounce(["xqzt", "bell"]);
    const model = writeVoiceModel(directory, pronounce, [...SENTENCES, ["xqzt"]]);
    expect(model.unpronounceable).toEqual(["bell", "xqzt"]);
    expect(model.words).toBe(9);
    for (const words of [dictionaryWords(model.dictionaryFile), modelWords(model.languageModelFile)]) {
      expect(words).not.toContain("xqzt");
      expect(words).not.toContain("bell");
      expect(words).toContain("marcus");
    }
    // The sentences keep their other words: "book with" is still a bigram.
    expect(readFileSync(model.languageModelFile, "utf8")).toMatch(/ book with( |\n)/);
  });

  it("does not build again for the same sentences, and says what it built before", () => {
    const first = fakePronounce(["xqzt"]);
    const built = writeVoiceModel(directory, first.pronounce, SENTENCES);
    const files = [built.languageModelFile, built.dictionaryFile].map((file) => readFileSync(file, "utf8"));

    const second = fakePronounce(["xqzt"]);
    const again = writeVoiceModel(
      directory,
      second.pronounce,
      SENTENCES.map((sentence) => [...sentence]),
    );
    expect(again.rebuilt).toBe(false);
    expect(second.asked).toEqual([]);
    expect(again).toMatchObject({
      languageModelFile: built.languageModelFile,
      dictionaryFile: built.dictionaryFile,
      words: built.words,
      unpronounceable: ["xqzt"],
    });
    expect([again.languageModelFile, again.dictionaryFile].map((file) => readFileSync(file, "utf8"))).toEqual(
      files,
    );
  });

  it("builds again when the sentences change, with the new words in both files", () => {
    const { pronounce } = fakePronounce();
    writeVoiceModel(directory, pronounce, SENTENCES);
    const changed = [...SENTENCES, ["book", "with", "zorvella", "quint"]];
    const rebuilt = writeVoiceModel(directory, pronounce, changed);
    expect(rebuilt.rebuilt).toBe(true);
    for (const word of ["zorvella", "quint"]) {
      expect(dictionaryWords(rebuilt.dictionaryFile)).toContain(word);
      expect(modelWords(rebuilt.languageModelFile)).toContain(word);
    }
    expect(writeVoiceModel(directory, pronounce, changed).rebuilt).toBe(false);
    expect(writeVoiceModel(directory, pronounce, SENTENCES).rebuilt).toBe(true);
    expect(dictionaryWords(path.join(directory, "assistant.dict"))).not.toContain("zorvella");
  });

  it("builds again when one of its files is gone", () => {
    const { pronounce } = fakePronounce();
    const built = writeVoiceModel(directory, pronounce, SENTENCES);
    rmSync(built.dictionaryFile);
    expect(writeVoiceModel(directory, pronounce, SENTENCES).rebuilt).toBe(true);
    expect(dictionaryWords(built.dictionaryFile)).toContain("hart");
  });

  it("leaves only its three files in the directory", () => {
    const { pronounce } = fakePronounce();
    writeVoiceModel(directory, pronounce, SENTENCES);
    writeVoiceModel(directory, pronounce, [...SENTENCES, ["cancel"]]);
    expect(readdirSync(directory).sort()).toEqual(["assistant.arpa", "assistant.dict", "model.json"]);
  });
});
