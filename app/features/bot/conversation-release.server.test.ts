// converse() gives back the decoder of an utterance being heard, however the conversation ends.
import { describe, expect, it } from "vitest";
import { decodeAudio } from "~/features/voice/audio-input";
import { createEndpointer } from "~/features/voice/endpointer";
import { FeatureError } from "~/lib/errors";
import type { BotVoice } from "./bot-provider";
import { base64, fakeVoiceWith, L16, pcm, start, type Talk } from "./conversation-test-kit";

const fakeVoice = () => fakeVoiceWith({ decode: decodeAudio, createEndpointer });

describe("converse gives back the decoder of an utterance being heard", () => {
  const speak = (talk: Talk) =>
    talk.send("AudioInputEvent", { contentType: L16, audioChunk: base64(pcm(0.2, true)) });

  it.each([
    [
      "a chunk of a type it does not take",
      (talk: Talk) =>
        talk.send("AudioInputEvent", { contentType: "audio/wav", audioChunk: base64(pcm(0.1, true)) }),
      /raw 16-bit mono PCM/,
    ],
    [
      "a chunk that is not base64",
      (talk: Talk) => talk.send("AudioInputEvent", { contentType: L16, audioChunk: "not base64!" }),
      /base64/,
    ],
    [
      "a broken input stream",
      (talk: Talk) => talk.fail(new FeatureError("invalid", "malformed")),
      /malformed/,
    ],
    ["an event it does not know", (talk: Talk) => talk.send("SingEvent"), /not an event/],
  ])("when the conversation ends with an error: %s", async (_name, breakIt, message) => {
    const { voice, stats, held } = fakeVoice();
    const talk = start({ voice });
    speak(talk);
    breakIt(talk);
    await expect(talk.read(() => false)).rejects.toThrow(message);
    expect(stats.opened).toBe(1);
    expect(held()).toBe(0);
  });

  it("when the client disconnects, when the response is closed, and when the conversation is stopped", async () => {
    const { voice, stats, held } = fakeVoice();
    const disconnecting = start({ voice });
    speak(disconnecting);
    disconnecting.send("DisconnectionEvent");
    expect(await disconnecting.read(() => false)).toEqual([]);

    // Closed while it waits to send a PlaybackInterruptionEvent, an utterance just begun.
    const closing = start({ voice });
    closing.send("ConfigurationEvent", { responseContentType: "audio/pcm" });
    closing.send("TextInputEvent", { text: "prices" });
    await closing.read((type) => type === "AudioResponseEvent");
    speak(closing);
    await new Promise((resolve) => setTimeout(resolve, 10));
    await closing.read((type) => type === "PlaybackInterruptionEvent");
    await closing.outputs.return(undefined);

    const stop = new AbortController();
    const stopped = start({ voice, signal: stop.signal });
    speak(stopped);
    const ended = stopped.read(() => false);
    await new Promise((resolve) => setTimeout(resolve, 10));
    stop.abort();
    expect(await ended).toEqual([]);

    expect(stats.opened).toBeGreaterThanOrEqual(3);
    expect(held()).toBe(0);
  });

  it("when hearing itself fails", async () => {
    const { voice, stats } = fakeVoice();
    const failing: BotVoice = {
      ...voice,
      async listen() {
        const listening = await voice.listen();
        return { ...listening, hear: async () => Promise.reject(new Error("decoder crashed")) };
      },
    };
    const talk = start({ voice: failing });
    speak(talk);
    await expect(talk.read(() => false)).rejects.toThrow("decoder crashed");
    expect(stats.abandoned).toBe(1);
  });
});
