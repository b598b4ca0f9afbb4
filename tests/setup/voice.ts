/**
 * The assistant's real speech for tests: the speech packages (README, "Voice"), a model built from
 * this checkout's sentences into the test folder, and spoken questions made with Debian's flite in
 * voices other than the assistant's own.
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type OpenedVoice, openVoice } from "~/features/voice/voice-support.server";

let opened: OpenedVoice | undefined;
const folder = mkdtempSync(path.join(tmpdir(), "va-hub-voice-"));
process.once("exit", () => rmSync(folder, { recursive: true, force: true }));

/** The process's one voice (its decoders take a while to load; tests share them). */
export function testVoice(): OpenedVoice {
  opened ??= openVoice({ modelDirectory: path.join(folder, "model"), decoders: 2 });
  if (!opened.support.ok) {
    throw new Error(`These tests need the speech packages. ${opened.support.problem}`);
  }
  return opened;
}

export type TestSpeaker = "rms" | "awb" | "kal16";

/** The sentence spoken by one of flite's voices, as a 16 kHz 16-bit mono WAV file's bytes. */
export function spokenWav(text: string, speaker: TestSpeaker = "rms", silenceAfterSeconds = 0): Uint8Array {
  const file = path.join(folder, `question-${process.pid}-${Math.random().toString(36).slice(2)}.wav`);
  execFileSync("flite", ["-voice", speaker, "-t", text, "-o", file]);
  if (silenceAfterSeconds > 0) {
    const padded = `${file}.padded.wav`;
    execFileSync("sox", [file, padded, "pad", "0", String(silenceAfterSeconds)]);
    rmSync(file);
    return new Uint8Array(readFileSync(padded));
  }
  const bytes = new Uint8Array(readFileSync(file));
  rmSync(file);
  return bytes;
}

/** The samples of a WAV file from `spokenWav` (its header is the usual 44 bytes), as raw PCM bytes. */
export function pcmOf(wav: Uint8Array): Uint8Array {
  return wav.subarray(44);
}
