// The built-in assistant hears and speaks through Lex's own calls, with the official client: a
// question spoken by a synthetic voice (flite's, not the assistant's) comes back as its transcript,
// the intent, the fact, and a spoken answer.
import { execFileSync } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  type LexRuntimeV2Client,
  PutSessionCommand,
  RecognizeTextCommand,
  RecognizeUtteranceCommand,
  ThrottlingException,
  ValidationException,
} from "@aws-sdk/client-lex-runtime-v2";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NOTHING_HEARD } from "~/features/bot/bot.server";
import { openVoice } from "~/features/voice/voice-support.server";
import type { Message } from "~/lib/lex-wire";
import {
  BOT,
  decodeHeader,
  encodeHeader,
  expectLexError,
  type ListeningServer,
  lexClient,
  lexSuite,
  listen,
  newSessionId,
} from "../../tests/setup/bot";
import { createTestApp } from "../../tests/setup/test-app";
import { pcmOf, spokenWav, testVoice } from "../../tests/setup/voice";

const L16 = "audio/l16; rate=16000; channels=1";
const LPCM_8K = "audio/lpcm; sample-rate=8000; sample-size-bits=16; channel-count=1; is-big-endian=false";

const suite = lexSuite(() => ({ voice: testVoice().support }));
let price: Uint8Array;

beforeAll(() => {
  price = pcmOf(spokenWav("Do you have a referral program?", "rms"));
});

function textOf(messages: unknown): string {
  return (messages as Message[])
    .map((message) => message.content ?? message.imageResponseCard?.title)
    .join(" ");
}

/** The loudness of 16-bit little-endian samples (root mean square, 0..32767). */
function loudness(pcm: Uint8Array): number {
  const samples = new Int16Array(pcm.buffer.slice(pcm.byteOffset, pcm.byteOffset + (pcm.byteLength & ~1)));
  let sum = 0;
  for (const sample of samples) sum += sample * sample;
  return Math.sqrt(sum / Math.max(1, samples.length));
}

function utterance(inputStream: Uint8Array, requestContentType: string, responseContentType?: string) {
  return new RecognizeUtteranceCommand({
    ...BOT,
    sessionId: newSessionId("voice"),
    requestContentType,
    ...(responseContentType ? { responseContentType } : {}),
    inputStream,
  });
}

describe("RecognizeUtterance with speech", () => {
  it("hears the question, answers it, and speaks the answer as 16 kHz PCM", async () => {
    const output = await suite.client.send(utterance(price, L16, "audio/pcm"));
    expect(output.inputMode).toBe("Speech");
    expect(decodeHeader(output.inputTranscript)).toBe("do you have a referral program");
    const [top] = decodeHeader(output.interpretations) as Array<{ intent: { name: string } }>;
    expect(top?.intent.name).toBe("FaqReferral");
    expect(textOf(decodeHeader(output.messages))).toContain("$150");
    expect(output.contentType).toBe("audio/pcm");
    const audio = await output.audioStream!.transformToByteArray();
    // Several seconds of speech, not silence.
    expect(audio.byteLength).toBeGreaterThan(3 * 32_000);
    expect(loudness(audio)).toBeGreaterThan(500);
  });

  it("speaks MP3 for audio/mpeg and audio/*", async () => {
    for (const type of ["audio/mpeg", "audio/*"]) {
      const output = await suite.client.send(utterance(price, L16, type));
      expect(output.contentType).toBe("audio/mpeg");
      const audio = await output.audioStream!.transformToByteArray();
      expect(audio.byteLength).toBeGreaterThan(4000);
      // An MPEG audio frame starts with eleven set bits.
      expect(audio[0]).toBe(0xff);
      expect(audio[1]! & 0xe0).toBe(0xe0);
    }
  });

  it("takes WAV files and 8 kHz PCM too", async () => {
    const wav = spokenWav("How much does the growth plan cost?", "awb");
    const fromWav = await suite.client.send(utterance(wav, "audio/wav"));
    expect(decodeHeader(fromWav.inputTranscript)).toBe("how much does the growth plan cost");

    const narrow = path.join(tmpdir(), `voice-8k-${process.pid}.raw`);
    const wide = path.join(tmpdir(), `voice-16k-${process.pid}.wav`);
    execFileSync("flite", ["-voice", "kal16", "-t", "Do you have a referral program?", "-o", wide]);
    execFileSync("sox", [wide, "-r", "8000", "-t", "raw", "-e", "signed", "-b", "16", "-L", narrow]);
    const fromNarrow = await suite.client.send(utterance(new Uint8Array(readFileSync(narrow)), LPCM_8K));
    rmSync(narrow);
    rmSync(wide);
    expect(
      (decodeHeader(fromNarrow.interpretations) as Array<{ intent: { name: string } }>)[0]?.intent.name,
    ).toBe("FaqReferral");
  });

  it("answers silence and noise with the assistant's 'didn't catch that', and the dialog stays where it was", async () => {
    const sessionId = newSessionId("voice");
    const started = await suite.client.send(
      new RecognizeTextCommand({ ...BOT, sessionId, text: "I'd like a free consultation" }),
    );
    expect(started.sessionState?.dialogAction?.slotToElicit).toBe("name");

    const silence = new Uint8Array(2 * 16_000 * 2);
    const noise = new Uint8Array(2 * 16_000 * 2);
    const view = new DataView(noise.buffer);
    for (let index = 0; index < noise.length / 2; index++) {
      view.setInt16(index * 2, Math.round((Math.random() * 2 - 1) * 9000), true);
    }
    for (const sound of [silence, noise]) {
      const output = await suite.client.send(
        new RecognizeUtteranceCommand({ ...BOT, sessionId, requestContentType: L16, inputStream: sound }),
      );
      expect(decodeHeader(output.inputTranscript)).toBe("");
      expect(textOf(decodeHeader(output.messages))).toBe(NOTHING_HEARD);
      expect(decodeHeader(output.sessionState)).toMatchObject({
        intent: { name: "RequestConsultation" },
        dialogAction: { slotToElicit: "name" },
      });
    }
  });

  it("speaks a typed question's answer when asked for audio, and PutSession's messages", async () => {
    const typed = await suite.client.send(
      utterance(
        new TextEncoder().encode("Do you have a referral program?"),
        "text/plain; charset=utf-8",
        "audio/pcm",
      ),
    );
    expect(typed.inputMode).toBe("Text");
    expect(loudness(await typed.audioStream!.transformToByteArray())).toBeGreaterThan(500);

    const put = await suite.client.send(
      new PutSessionCommand({
        ...BOT,
        sessionId: newSessionId("voice"),
        sessionState: { sessionAttributes: {} },
        messages: [{ contentType: "PlainText", content: "Welcome back. How can I help?" }],
        responseContentType: "audio/mpeg",
      }),
    );
    expect(put.contentType).toBe("audio/mpeg");
    expect((await put.audioStream!.transformToByteArray()).byteLength).toBeGreaterThan(2000);
  });

  it.each([
    ["an unsupported audio type", "audio/ogg", new Uint8Array(3200), /not understood here/],
    ["a wrong sample rate", "audio/l16; rate=44100; channels=1", new Uint8Array(3200), /16000 Hz/],
    ["stereo raw audio", "audio/l16; rate=16000; channels=2", new Uint8Array(3200), /mono/],
    ["an empty body", L16, new Uint8Array(0), /empty/],
    ["half a sample", L16, new Uint8Array(3201), /middle of a sample/],
    ["a corrupt WAV file", "audio/wav", new TextEncoder().encode("RIFF....WAVEnot really"), /WAV/],
    ["more than a minute", L16, new Uint8Array(61 * 16_000 * 2), /at most 60 seconds/],
  ])("refuses %s with a ValidationException that says so", async (_name, type, body, message) => {
    const error = await expectLexError(suite.client.send(utterance(body, type)), ValidationException, 400);
    expect(error.message).toMatch(message);
  });

  it("refuses an answer type it cannot speak", async () => {
    const error = await expectLexError(
      suite.client.send(utterance(price, L16, "audio/ogg")),
      ValidationException,
      400,
    );
    expect(error.message).toMatch(/audio\/pcm, audio\/mpeg/);
  });
});

describe("spoken turns and the session's limits", () => {
  it("counts each spoken question against the session's messages a minute", async () => {
    const limited = await listen(
      createTestApp(suite.database, {
        voice: testVoice().support,
        settings: { RATE_LIMIT_BOT_PER_MINUTE: "2" },
      }).app,
    );
    const limitedClient = lexClient(limited.url);
    try {
      const sessionId = newSessionId("voice-limit");
      const ask = () =>
        limitedClient.send(
          new RecognizeUtteranceCommand({ ...BOT, sessionId, requestContentType: L16, inputStream: price }),
        );
      await ask();
      await ask();
      await expectLexError(ask(), ThrottlingException, 429);
    } finally {
      limitedClient.destroy();
      await limited.close();
    }
  });
});

describe("a server without the speech packages", () => {
  let plain: ListeningServer;
  let plainClient: LexRuntimeV2Client;

  beforeAll(async () => {
    const withoutFlite = openVoice({ libraryFiles: { flite: "libflite-absent.so.1" } });
    plain = await listen(createTestApp(suite.database, { voice: withoutFlite.support }).app);
    plainClient = lexClient(plain.url);
  });

  afterAll(async () => {
    plainClient?.destroy();
    await plain?.close();
  });

  it("refuses audio with a ValidationException that says what to install, and text still works", async () => {
    const spoken = await expectLexError(plainClient.send(utterance(price, L16)), ValidationException, 400);
    expect(spoken.message).toMatch(
      /libflite-absent\.so\.1 is not installed.*apt-get install -y pocketsphinx-en-us/,
    );
    const answer = await expectLexError(
      plainClient.send(
        utterance(new TextEncoder().encode("hello"), "text/plain; charset=utf-8", "audio/mpeg"),
      ),
      ValidationException,
      400,
    );
    expect(answer.message).toMatch(/apt-get install/);
    const typed = await plainClient.send(
      new RecognizeUtteranceCommand({
        ...BOT,
        sessionId: newSessionId("voice"),
        requestContentType: "text/plain; charset=utf-8",
        inputStream: new TextEncoder().encode("Do you have a referral program?"),
        sessionState: encodeHeader({ sessionAttributes: {} }),
      }),
    );
    expect(textOf(decodeHeader(typed.messages))).toContain("$150");
  });
});
