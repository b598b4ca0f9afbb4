import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { voiceCorpus } from "~/features/voice/voice-corpus";
import {
  ACOUSTIC_MODEL_DIRECTORY,
  openSpeechLibraries,
  PRONOUNCING_DICTIONARY,
  SPEECH_INSTALL_COMMAND,
} from "./native-libraries.server";
import { pronounce } from "./pronunciations.server";

/** The acoustic model's own phones, read from its binary model definition (fillers and silence aside). */
function acousticPhones(): Set<string> {
  const definition = readFileSync(path.join(ACOUSTIC_MODEL_DIRECTORY, "mdef")).toString("latin1");
  const names = /(?:[A-Z+]+\0){30,}/.exec(
    definition.slice(definition.indexOf("END FILE FORMAT DESCRIPTION")),
  );
  const phones = (names?.[0] ?? "").split("\0").filter((phone) => /^[A-Z]+$/.test(phone) && phone !== "SIL");
  expect(phones.length).toBeGreaterThan(30);
  return new Set(phones);
}

/** Fails (not skips) with what to install when the dictionary or flite's t2p is missing. */
function requireSpeechPackages(): void {
  const opened = openSpeechLibraries();
  if (!opened.ok) {
    throw new Error(
      `The speech packages are missing (${opened.missing}). Install them: ${SPEECH_INSTALL_COMMAND} flite`,
    );
  }
  const t2p = spawnSync("t2p", ["hello"], { encoding: "utf8" });
  if (t2p.status !== 0) {
    throw new Error(
      `flite's t2p is missing (${t2p.error?.message ?? t2p.stderr}). Install it: apt-get install -y flite`,
    );
  }
}

function inDictionary(word: string): boolean {
  return readFileSync(PRONOUNCING_DICTIONARY, "utf8")
    .split("\n")
    .some((line) => line.startsWith(`${word} `));
}

let ACOUSTIC_PHONES = new Set<string>();

function expectAcousticPhones(pronunciation: string): void {
  for (const phone of pronunciation.split(" ")) expect(ACOUSTIC_PHONES, pronunciation).toContain(phone);
}

describe("pronounce", () => {
  beforeAll(() => {
    requireSpeechPackages();
    ACOUSTIC_PHONES = acousticPhones();
  });

  it("gives a dictionary word its dictionary phones", () => {
    expect(pronounce(["consultation"]).get("consultation")).toEqual(["K AA N S AH L T EY SH AH N"]);
  });

  it("gives each of a word's alternative pronunciations, in the dictionary's order", () => {
    const found = pronounce(["consultation", "schedule", "the"]);
    expect(found.get("schedule")).toEqual(["S K EH JH UH L", "S K EH JH UW L"]);
    expect(found.get("the")).toEqual(["DH AH", "DH IY"]);
  });

  it("gives a made-up name phones from flite's letter-to-sound rules, in the acoustic model's phones", () => {
    expect(inDictionary("zorvella")).toBe(false);
    const guessed = pronounce(["zorvella"]).get("zorvella");
    expect(guessed).toHaveLength(1);
    const phones = (guessed?.[0] ?? "").split(" ");
    expect(phones[0]).toBe("Z");
    expect(phones).toContain("V");
    expect(phones.length).toBeGreaterThanOrEqual(5);
    expectAcousticPhones(guessed?.[0] ?? "");
  });

  it("answers for the words asked and no others", () => {
    expect([...pronounce(["hart", "zorvella", "bell"]).keys()].sort()).toEqual(["bell", "hart", "zorvella"]);
    expect(pronounce([]).size).toBe(0);
  });

  it("can say every word of the assistant's corpus, in the acoustic model's phones", () => {
    const words = new Set(voiceCorpus().flat());
    const found = pronounce(words);
    expect([...words].filter((word) => !found.has(word))).toEqual([]);
    for (const pronunciations of found.values()) {
      expect(pronunciations.length).toBeGreaterThan(0);
      for (const pronunciation of pronunciations) expectAcousticPhones(pronunciation);
    }
  }, 60_000);
});
