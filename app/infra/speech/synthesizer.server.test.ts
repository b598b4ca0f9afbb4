import { beforeAll, describe, expect, it } from "vitest";
import { hasSound } from "~/features/voice/audio-input";
import { requireSpeechLibraries } from "../../../tests/setup/speech-libraries";
import { createSynthesizer, SPOKEN_SAMPLE_RATE, type Synthesizer } from "./synthesizer.server";

function rms(samples: Int16Array): number {
  let energy = 0;
  for (const sample of samples) energy += sample * sample;
  return Math.sqrt(energy / Math.max(1, samples.length));
}

describe("createSynthesizer", { timeout: 60_000 }, () => {
  let synthesizer: Synthesizer;
  beforeAll(() => {
    synthesizer = createSynthesizer(requireSpeechLibraries().synthesizer);
  });

  it("speaks at 16 kHz", () => {
    expect(SPOKEN_SAMPLE_RATE).toBe(16_000);
  });

  it("speaks a sentence as seconds of audio, louder than silence", async () => {
    const samples = await synthesizer.speak("Hello, how can I help you today?");
    expect(samples).toBeInstanceOf(Int16Array);
    // About two seconds at 16 kHz: a sentence, not a blip and not a minute.
    expect(samples.length).toBeGreaterThan(SPOKEN_SAMPLE_RATE);
    expect(samples.length).toBeLessThan(6 * SPOKEN_SAMPLE_RATE);
    expect(hasSound(samples)).toBe(true);
    expect(rms(samples)).toBeGreaterThan(300);
  });

  it("takes longer to say a longer text", async () => {
    const short = await synthesizer.speak("Yes.");
    const long = await synthesizer.speak(
      "Yes. We can book a consultation with a legal consultant next Tuesday at nine.",
    );
    expect(short.length).toBeGreaterThan(0);
    expect(long.length).toBeGreaterThan(3 * short.length);
  });

  it("says nothing for empty text", async () => {
    expect((await synthesizer.speak("")).length).toBe(0);
    expect((await synthesizer.speak("   \n ")).length).toBe(0);
  });

  it("speaks sentences asked for at once, each as long as it is alone", async () => {
    // flite's voice breathes with random noise, so the same text is not the same samples twice.
    const first = "Our assistants manage calendars and email.";
    const second = "Bookings can be cancelled up to a day before.";
    const alone = [(await synthesizer.speak(first)).length, (await synthesizer.speak(second)).length];
    expect(alone[0]).not.toBe(alone[1]);
    const together = await Promise.all([synthesizer.speak(first), synthesizer.speak(second)]);
    expect(together.map((samples) => samples.length)).toEqual(alone);
    for (const samples of together) expect(hasSound(samples)).toBe(true);
  });
});
