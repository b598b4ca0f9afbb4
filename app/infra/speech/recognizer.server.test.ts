import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BuiltVoiceModel, writeVoiceModel } from "~/features/voice/voice-model.server";
import { requireSpeechLibraries } from "../../../tests/setup/speech-libraries";
import type { SpeechLibraries } from "./native-libraries.server";
import { pronounce } from "./pronunciations.server";
import {
  createRecognizer,
  type Recognizer,
  RecognizerBusyError,
  type RecognizerOptions,
} from "./recognizer.server";

/** Sentences the assistant is trained on, spoken by another voice than the one it answers with. */
const QUESTIONS = {
  appointment: "schedule an appointment with a consultant",
  charge: "how much do your assistants charge an hour",
  consultant: "book with amelia hart",
} as const;
type Question = keyof typeof QUESTIONS;

/** flite's rms voice saying the text: 16 kHz 16-bit mono samples after the WAV's 44-byte header. */
function spoken(text: string, directory: string): Int16Array {
  const file = path.join(directory, `${text.replace(/\W+/g, "-")}.wav`);
  const made = spawnSync("flite", ["-voice", "rms", "-t", text, "-o", file], { encoding: "utf8" });
  if (made.status !== 0) {
    throw new Error(
      `flite could not speak (${made.error?.message ?? made.stderr}). Install it: apt-get install -y flite`,
    );
  }
  const wav = readFileSync(file);
  expect(wav.readUInt32LE(24)).toBe(16_000);
  expect(wav.readUInt16LE(22)).toBe(1);
  const body = wav.subarray(44);
  return new Int16Array(
    body.buffer.slice(body.byteOffset, body.byteOffset + body.length - (body.length % 2)),
  );
}

describe("createRecognizer", { timeout: 120_000 }, () => {
  let libraries: SpeechLibraries;
  let directory: string;
  let model: BuiltVoiceModel;
  const audio = {} as Record<Question, Int16Array>;
  const opened: Recognizer[] = [];

  function recognizer(options: Partial<RecognizerOptions> = {}): Recognizer {
    const created = createRecognizer(libraries.recognizer, {
      languageModelFile: model.languageModelFile,
      dictionaryFile: model.dictionaryFile,
      decoders: 1,
      waitingLimit: 0,
      maxWaitMs: 100,
      ...options,
    });
    opened.push(created);
    return created;
  }

  beforeAll(() => {
    libraries = requireSpeechLibraries();
    directory = mkdtempSync(path.join(tmpdir(), "recognizer-"));
    model = writeVoiceModel(path.join(directory, "model"), pronounce);
    expect(model.unpronounceable).toEqual([]);
    for (const [name, text] of Object.entries(QUESTIONS)) audio[name as Question] = spoken(text, directory);
  }, 120_000);

  afterAll(async () => {
    for (const created of opened) await created.close();
    if (directory) rmSync(directory, { recursive: true, force: true });
  });

  it("hears a spoken question as its words, with a confidence between 0 and 1", async () => {
    const heard = await recognizer().recognize(audio.appointment);
    expect(heard.transcript).toBe(QUESTIONS.appointment);
    expect(heard.confidence).toBeGreaterThan(0);
    expect(heard.confidence).toBeLessThanOrEqual(1);
  });

  it("hears a consultant's name, which only the model built from the site's content knows", async () => {
    expect((await recognizer().recognize(audio.consultant)).transcript).toBe(QUESTIONS.consultant);
  });

  it("hears nothing in silence", async () => {
    expect(await recognizer().recognize(new Int16Array(16_000))).toEqual({ transcript: "", confidence: 0 });
  });

  it("refuses a second question at once while its one decoder is busy and none may wait", async () => {
    const busy = recognizer();
    const first = busy.recognize(audio.appointment);
    const second = busy.recognize(audio.charge);
    await expect(second).rejects.toBeInstanceOf(RecognizerBusyError);
    expect((await first).transcript).toBe(QUESTIONS.appointment);
    // The decoder is free again.
    expect((await busy.recognize(audio.charge)).transcript).toBe(QUESTIONS.charge);
  });

  it("lets one caller wait for the decoder, hears both, and refuses one more", async () => {
    const queued = recognizer({ waitingLimit: 1, maxWaitMs: 60_000 });
    const first = queued.recognize(audio.appointment);
    const second = queued.recognize(audio.charge);
    const third = queued.recognize(audio.consultant);
    await expect(third).rejects.toBeInstanceOf(RecognizerBusyError);
    expect((await first).transcript).toBe(QUESTIONS.appointment);
    expect((await second).transcript).toBe(QUESTIONS.charge);
  });

  it("readies all its decoders, then hears as many questions at once", async () => {
    const pair = recognizer({ decoders: 2 });
    await pair.warmUp();
    const [first, second] = await Promise.all([
      pair.recognize(audio.appointment),
      pair.recognize(audio.charge),
    ]);
    expect(first.transcript).toBe(QUESTIONS.appointment);
    expect(second.transcript).toBe(QUESTIONS.charge);
  });

  it("hears an utterance fed in 100 ms pieces as it hears it whole", async () => {
    const live = recognizer();
    const whole = await live.recognize(audio.charge);
    const utterance = await live.openUtterance();
    for (let offset = 0; offset < audio.charge.length; offset += 1600) {
      await utterance.feed(audio.charge.subarray(offset, offset + 1600));
    }
    const pieces = await utterance.finish();
    expect(pieces.transcript).toBe(whole.transcript);
    expect(pieces.transcript).toBe(QUESTIONS.charge);
    // Finished: more audio or another finish hears nothing.
    await utterance.feed(audio.appointment);
    expect(await utterance.finish()).toEqual({ transcript: "", confidence: 0 });
  });

  it("holds the decoder for an open utterance, and gives it back when the utterance is abandoned", async () => {
    const single = recognizer();
    const utterance = await single.openUtterance();
    await utterance.feed(audio.appointment.subarray(0, 8000));
    await expect(single.recognize(audio.charge)).rejects.toBeInstanceOf(RecognizerBusyError);
    await utterance.abandon();
    expect(await utterance.finish()).toEqual({ transcript: "", confidence: 0 });
    expect((await single.recognize(audio.charge)).transcript).toBe(QUESTIONS.charge);
  });
});
