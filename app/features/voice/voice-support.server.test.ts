import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { pcmOf, spokenWav } from "../../../tests/setup/voice";
import { openVoice } from "./voice-support.server";

const folder = mkdtempSync(path.join(tmpdir(), "voice-support-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/** The samples of a question spoken by one of flite's voices other than the assistant's. */
function spoken(text: string): Int16Array {
  const pcm = pcmOf(spokenWav(text, "rms"));
  return new Int16Array(pcm.buffer.slice(pcm.byteOffset, pcm.byteOffset + pcm.byteLength));
}

async function heard(consultantNames: string[] | undefined, question: Int16Array): Promise<string> {
  const voice = openVoice({
    modelDirectory: path.join(folder, consultantNames ? "with-names" : "seeded"),
    decoders: 1,
    consultantNames,
  });
  if (!voice.support.ok) throw new Error(voice.support.problem);
  try {
    return await voice.support.voice.hear(question);
  } finally {
    await voice.close();
  }
}

describe("a consultant staff added after the build", () => {
  it("is heard once the voice opens with the database's names, and not before", async () => {
    const question = spoken("Is Zorvella Quint available tomorrow?");
    expect(await heard(["Zorvella Quint"], question)).toBe("is zorvella quint available tomorrow");
    expect(await heard(undefined, question)).not.toContain("zorvella");
  });
});
