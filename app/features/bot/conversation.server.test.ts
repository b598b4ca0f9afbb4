// converse() in TEXT and AUDIO mode, with inputs the test writes (conversation-test-kit.ts).
import { describe, expect, it } from "vitest";
import { decodeAudio } from "~/features/voice/audio-input";
import { createEndpointer } from "~/features/voice/endpointer";
import { base64, fakeVoiceWith, L16, LPCM_8K, pcm, start, typesOf } from "./conversation-test-kit";
import { AUDIO_RESPONSE_CHUNK_BYTES } from "./spoken-conversation.server";

const fakeVoice = () => fakeVoiceWith({ decode: decodeAudio, createEndpointer });

describe("converse in TEXT mode", () => {
  it("answers each text and DTMF input with an intent result and the answer, as before", async () => {
    const talk = start();
    talk.send("ConfigurationEvent", { welcomeMessages: [{ contentType: "PlainText", content: "Hi." }] });
    talk.send("TextInputEvent", { text: "hello" });
    talk.send("DTMFInputEvent", { inputCharacter: "1" });
    talk.end();
    const events = await talk.read(() => false);
    expect(events.map((event) => event.type)).toEqual([
      "TextResponseEvent",
      "IntentResultEvent",
      "TextResponseEvent",
      "IntentResultEvent",
      "TextResponseEvent",
    ]);
    expect(events.map((event) => event.body.eventId)).toEqual([1, 2, 3, 4, 5].map((n) => `RESPONSE-${n}`));
    expect(events[3]?.body).toMatchObject({ inputMode: "DTMF", sessionId: "s-1" });
    expect(talk.turns).toEqual([{ text: "hello" }, { text: "1" }]);
  });

  it("refuses audio input, and spoken answers with the reason there are none", async () => {
    const talk = start();
    talk.send("AudioInputEvent", { contentType: L16, audioChunk: base64(pcm(0.1, true)) });
    await expect(talk.read(() => false)).rejects.toThrow(/text conversation/);
    const spoken = start({ speechUnavailable: async () => "install the speech packages." });
    spoken.send("ConfigurationEvent", { responseContentType: "audio/pcm" });
    await expect(spoken.read(() => false)).rejects.toThrow(/install the speech packages/);
  });

  it("sends a HeartbeatEvent each quiet interval", async () => {
    const talk = start({ heartbeatIntervalMs: 20 });
    const events = await talk.read((_type, body) => body.eventId === "RESPONSE-2");
    expect(events.map((event) => event.type)).toEqual(["HeartbeatEvent", "HeartbeatEvent"]);
    talk.send("TextInputEvent", { text: "hi" });
    expect(typesOf(await talk.read((type) => type === "TextResponseEvent"))).toEqual([
      "IntentResultEvent",
      "TextResponseEvent",
    ]);
    await talk.outputs.return(undefined);
  });

  it("ends when the client has been quiet for the longest quiet time", async () => {
    const talk = start({ heartbeatIntervalMs: 10, maxQuietMs: 40 });
    talk.send("TextInputEvent", { text: "hi" });
    const events = await talk.read(() => false);
    expect(events.map((event) => event.type)).toEqual([
      "IntentResultEvent",
      "TextResponseEvent",
      "HeartbeatEvent",
      "HeartbeatEvent",
      "HeartbeatEvent",
    ]);
  });
});

describe("converse in AUDIO mode", () => {
  it("hears an utterance, then sends its transcript, the turn and the spoken answer ending with an empty chunk", async () => {
    const { voice, stats, held } = fakeVoice();
    const talk = start({ voice });
    talk.send("ConfigurationEvent", {
      responseContentType: "audio/pcm",
      welcomeMessages: [{ contentType: "PlainText", content: "Welcome." }],
    });
    const welcome = await talk.read(talk.lastAudio);
    expect(typesOf(welcome)).toEqual(["TextResponseEvent", "AudioResponseEvent"]);
    talk.send("PlaybackCompletionEvent");
    // Half a second of speech, then a second and a quarter of quiet, in 320 ms chunks of 8 kHz audio.
    const audio = Buffer.concat([pcm(0.5, true), pcm(1.25, false)]);
    for (let offset = 0; offset < audio.length; offset += 5120) {
      const chunk = audio.subarray(offset, offset + 5120);
      talk.send("AudioInputEvent", {
        contentType: LPCM_8K,
        audioChunk: base64(chunk),
        eventId: `in-${offset}`,
      });
    }
    const events = await talk.read(talk.lastAudio);
    expect(typesOf(events)).toEqual([
      "TranscriptEvent",
      "IntentResultEvent",
      "TextResponseEvent",
      "AudioResponseEvent",
    ]);
    expect(events[0]?.body.transcript).toBe("how much does a consultation cost");
    expect(events[1]?.body.inputMode).toBe("Speech");
    expect(talk.turns).toEqual([{ text: "how much does a consultation cost" }]);
    const chunks = events.filter((event) => event.type === "AudioResponseEvent");
    const sizes = chunks.map((event) => Buffer.from(String(event.body.audioChunk), "base64").length);
    expect(sizes.at(-1)).toBe(0);
    expect(sizes.reduce((sum, size) => sum + size, 0)).toBe(10_000);
    expect(Math.max(...sizes)).toBeLessThanOrEqual(AUDIO_RESPONSE_CHUNK_BYTES);
    expect(chunks[0]?.body.contentType).toBe("audio/pcm");
    // No PlaybackInterruptionEvent: nothing was playing when the visitor spoke.
    expect(events.some((event) => event.type === "PlaybackInterruptionEvent")).toBe(false);
    talk.send("DisconnectionEvent");
    expect(await talk.read(() => false)).toEqual([]);
    expect(stats.finished).toBe(1);
    expect(held()).toBe(0);
  });

  it("joins chunks that split a 16-bit sample, hearing the samples as sent", async () => {
    const { voice, stats } = fakeVoice();
    const talk = start({ voice });
    const sent = new Int16Array([1000, -2000, 3000, -4000, 5000]);
    const bytes = new Uint8Array(sent.buffer);
    for (const [from, to] of [
      [0, 3],
      [3, 4],
      [4, 7],
      [7, 10],
    ]) {
      talk.send("AudioInputEvent", { contentType: L16, audioChunk: base64(bytes.subarray(from, to)) });
    }
    talk.send("DisconnectionEvent");
    await talk.read(() => false);
    expect(Array.from(stats.samples.flatMap((samples) => Array.from(samples)))).toEqual(Array.from(sent));
  });

  it("takes a minute of quiet as an utterance in which nothing was heard", async () => {
    const { voice, held } = fakeVoice();
    const talk = start({ voice });
    const second = base64(pcm(1, false));
    for (let index = 0; index < 60; index++)
      talk.send("AudioInputEvent", { contentType: L16, audioChunk: second });
    const events = await talk.read((type) => type === "TextResponseEvent");
    expect(events[0]?.body).toMatchObject({ transcript: "" });
    expect(talk.turns).toEqual([{}]);
    expect(held()).toBe(0);
    await talk.outputs.return(undefined);
  });

  it("interrupts an answer being played when the visitor speaks, types or keys, and not after playback", async () => {
    const { voice } = fakeVoice();
    const talk = start({ voice });
    talk.send("ConfigurationEvent", { responseContentType: "audio/mpeg" });
    talk.send("TextInputEvent", { text: "prices" });
    await talk.read(talk.lastAudio);
    talk.send("AudioInputEvent", {
      contentType: L16,
      audioChunk: base64(pcm(0.2, true)),
      eventId: "voice-1",
    });
    expect(await talk.read((type) => type === "PlaybackInterruptionEvent")).toEqual([
      expect.objectContaining({
        type: "PlaybackInterruptionEvent",
        body: expect.objectContaining({ eventReason: "VOICE_START_DETECTED", causedByEventId: "voice-1" }),
      }),
    ]);
    talk.send("AudioInputEvent", { contentType: L16, audioChunk: base64(pcm(1.1, false)) });
    await talk.read(talk.lastAudio);
    talk.send("DTMFInputEvent", { inputCharacter: "2", eventId: "key-1" });
    const keyed = await talk.read(talk.lastAudio);
    expect(keyed[0]?.body).toMatchObject({ eventReason: "DTMF_START_DETECTED", causedByEventId: "key-1" });
    expect(keyed[1]?.body).toMatchObject({ inputMode: "DTMF" });
    talk.send("PlaybackCompletionEvent");
    talk.send("TextInputEvent", { text: "thanks" });
    expect(typesOf(await talk.read(talk.lastAudio))).toEqual([
      "IntentResultEvent",
      "TextResponseEvent",
      "AudioResponseEvent",
    ]);
    await talk.outputs.return(undefined);
  });

  it("stops sending an answer when the visitor types during it", async () => {
    const { voice, stats } = fakeVoice();
    const talk = start({ voice });
    talk.send("ConfigurationEvent", { responseContentType: "audio/pcm" });
    talk.send("TextInputEvent", { text: "prices" });
    await talk.read((type) => type === "AudioResponseEvent");
    talk.send("TextInputEvent", { text: "never mind", eventId: "text-1" });
    await new Promise((resolve) => setTimeout(resolve, 10));
    const events = await talk.read((type) => type === "TextResponseEvent");
    expect(events.map((event) => event.type)).toEqual([
      "PlaybackInterruptionEvent",
      "IntentResultEvent",
      "TextResponseEvent",
    ]);
    expect(events[0]?.body).toMatchObject({ eventReason: "TEXT_DETECTED", causedByEventId: "text-1" });
    expect(stats.cancelled).toBe(1);
    await talk.outputs.return(undefined);
  });

  it("answers what was being said when the client ends its stream, and lets go of a silent utterance", async () => {
    const { voice, stats, held } = fakeVoice();
    const talk = start({ voice });
    talk.send("AudioInputEvent", { contentType: L16, audioChunk: base64(pcm(0.3, true)) });
    talk.end();
    expect(typesOf(await talk.read(() => false))).toEqual([
      "TranscriptEvent",
      "IntentResultEvent",
      "TextResponseEvent",
    ]);
    const quiet = start({ voice });
    quiet.send("AudioInputEvent", { contentType: L16, audioChunk: base64(pcm(0.3, false)) });
    quiet.end();
    expect(await quiet.read(() => false)).toEqual([]);
    expect(stats.finished).toBe(1);
    expect(held()).toBe(0);
  });

  it("lets a quiet client's silent utterance go, and takes a quiet client's speech as finished", async () => {
    const { voice, stats, held } = fakeVoice();
    const talk = start({ voice, heartbeatIntervalMs: 20 });
    talk.send("AudioInputEvent", { contentType: L16, audioChunk: base64(pcm(0.3, false)) });
    expect((await talk.read((type) => type === "HeartbeatEvent")).map((event) => event.type)).toEqual([
      "HeartbeatEvent",
    ]);
    expect(stats.abandoned).toBe(1);
    talk.send("AudioInputEvent", { contentType: L16, audioChunk: base64(pcm(0.3, true)) });
    expect(typesOf(await talk.read((type) => type === "TextResponseEvent"))[0]).toBe("TranscriptEvent");
    expect(held()).toBe(0);
    await talk.outputs.return(undefined);
  });
});
