/**
 * The recognizer's language model and dictionary, built from the voice corpus: by `npm run build`
 * beside the server bundle, and again at start wherever the sentences changed since (a fresh
 * checkout in development, a test). A fingerprint of the sentences says whether the files are
 * current.
 */
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { arpaLanguageModel } from "./language-model";
import { voiceCorpus } from "./voice-corpus";

/** Bumped when the way the files are made changes, so older files are rebuilt. */
const MODEL_FORMAT = 1;

interface VoiceModelFiles {
  languageModelFile: string;
  dictionaryFile: string;
}

export interface BuiltVoiceModel extends VoiceModelFiles {
  /** False when the files were already current. */
  rebuilt: boolean;
  words: number;
  /** Words of the sentences that nothing could pronounce, left out of the model. */
  unpronounceable: string[];
}

type Pronounce = (words: Iterable<string>) => Map<string, string[]>;

function fingerprintOf(sentences: readonly (readonly string[])[]): string {
  return createHash("sha256")
    .update(JSON.stringify({ format: MODEL_FORMAT, sentences }))
    .digest("hex");
}

function dictionaryText(pronunciations: Map<string, string[]>): string {
  const lines: string[] = [];
  for (const word of [...pronunciations.keys()].sort()) {
    (pronunciations.get(word) ?? []).forEach((phones, index) => {
      lines.push(`${index === 0 ? word : `${word}(${index + 1})`} ${phones}`);
    });
  }
  return `${lines.join("\n")}\n`;
}

/** Writes a file whole or not at all, so a recognizer never reads half of one. */
function writeWhole(file: string, text: string): void {
  const partial = `${file}.${process.pid}.partial`;
  writeFileSync(partial, text);
  renameSync(partial, file);
}

export function writeVoiceModel(
  directory: string,
  pronounce: Pronounce,
  sentences: readonly (readonly string[])[] = voiceCorpus(),
): BuiltVoiceModel {
  const files = {
    languageModelFile: path.join(directory, "assistant.arpa"),
    dictionaryFile: path.join(directory, "assistant.dict"),
  };
  const stampFile = path.join(directory, "model.json");
  const fingerprint = fingerprintOf(sentences);
  if (existsSync(files.languageModelFile) && existsSync(files.dictionaryFile) && existsSync(stampFile)) {
    const stamp = JSON.parse(readFileSync(stampFile, "utf8")) as Omit<BuiltVoiceModel, "rebuilt"> & {
      fingerprint: string;
    };
    if (stamp.fingerprint === fingerprint) return { ...files, ...stamp, rebuilt: false };
  }

  const vocabulary = new Set(sentences.flat());
  const pronunciations = pronounce(vocabulary);
  const unpronounceable = [...vocabulary].filter((word) => !pronunciations.has(word)).sort();
  const sayable = sentences
    .map((sentence) => sentence.filter((word) => pronunciations.has(word)))
    .filter((sentence) => sentence.length > 0);

  mkdirSync(directory, { recursive: true });
  writeWhole(files.languageModelFile, arpaLanguageModel(sayable));
  writeWhole(files.dictionaryFile, dictionaryText(pronunciations));
  const summary = { words: pronunciations.size, unpronounceable };
  writeWhole(stampFile, `${JSON.stringify({ fingerprint, ...summary }, null, 2)}\n`);
  return { ...files, ...summary, rebuilt: true };
}
