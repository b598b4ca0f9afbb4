// StartConversation (Lex V2's two-way HTTP/2 event stream) through the official client, with its
// default HTTP/2 handler, against the built-in assistant served as production serves it: HTTP/1.1
// and cleartext HTTP/2 on one port.
import { createServer } from "node:http";
import { connect as connectHttp2 } from "node:http2";
import type { AddressInfo } from "node:net";
import {
  LexRuntimeV2Client,
  RecognizeTextCommand,
  StartConversationCommand,
  type StartConversationRequestEventStream,
  type StartConversationResponseEventStream,
} from "@aws-sdk/client-lex-runtime-v2";
import { getRequestListener } from "@hono/node-server";
import { EventStreamCodec } from "@smithy/core/event-streams";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { faq } from "~/content/faq";
import type { DatabaseHandle } from "~/infra/db.server";
import { BOT, lexClient, newSessionId } from "../../tests/setup/bot";
import { createTestApp } from "../../tests/setup/test-app";
import { createTestDatabase } from "../../tests/setup/test-database";
import { pcmOf, spokenWav, testVoice } from "../../tests/setup/voice";
import { acceptCleartextHttp2 } from "../cleartext-http2";

let database: DatabaseHandle;
let url: string;
let http2Client: LexRuntimeV2Client;
let voiceUrl: string;
let voiceClient: LexRuntimeV2Client;
const closers: Array<() => Promise<void>> = [];

/** The app served as production serves it: HTTP/1.1 and cleartext HTTP/2 on one port. */
async function serve(app: { fetch: Parameters<typeof getRequestListener>[0] }): Promise<string> {
  const listener = getRequestListener(app.fetch);
  const server = createServer(listener);
  const { sessions } = acceptCleartextHttp2(server, listener);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  closers.push(
    () =>
      new Promise<void>((resolve) => {
        for (const session of sessions) session.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** The SDK's own default request handler for this client is HTTP/2 (NodeHttp2Handler). */
function http2ClientOf(endpoint: string): LexRuntimeV2Client {
  return new LexRuntimeV2Client({
    endpoint,
    region: "us-east-1",
    credentials: { accessKeyId: "AKIDEXAMPLE", secretAccessKey: "not-a-real-secret" },
    maxAttempts: 1,
  });
}

beforeAll(async () => {
  database = await createTestDatabase();
  const settings = { RATE_LIMIT_BOT_SESSIONS_PER_HOUR: "10000" };
  url = await serve(createTestApp(database, { settings }).app);
  http2Client = http2ClientOf(url);
  voiceUrl = await serve(createTestApp(database, { settings, voice: testVoice().support }).app);
  voiceClient = http2ClientOf(voiceUrl);
});

afterAll(async () => {
  http2Client?.destroy();
  voiceClient?.destroy();
  for (const close of closers) await close();
  await database?.close();
});

type OutputEvent = StartConversationResponseEventStream;

/**
 * A conversation as a client app holds one: each input waits for the assistant's answer to the
 * one before, then the client says goodbye with a DisconnectionEvent.
 */
async function converse(
  sessionId: string,
  inputs: StartConversationRequestEventStream[],
): Promise<OutputEvent[]> {
  const received: OutputEvent[] = [];
  let answered: (() => void) | undefined;
  async function* requestEvents(): AsyncGenerator<StartConversationRequestEventStream> {
    for (const input of inputs) {
      const answer = input.TextInputEvent ? new Promise<void>((resolve) => (answered = resolve)) : undefined;
      yield input;
      await answer;
    }
    yield { DisconnectionEvent: { eventId: "bye" } };
  }
  const response = await http2Client.send(
    new StartConversationCommand({
      ...BOT,
      sessionId,
      conversationMode: "TEXT",
      requestEventStream: requestEvents(),
    }),
  );
  for await (const event of response.responseEventStream ?? []) {
    received.push(event);
    if (event.TextResponseEvent) answered?.();
  }
  return received;
}

const codec = new EventStreamCodec(
  (bytes) => new TextDecoder().decode(bytes),
  (text) => new TextEncoder().encode(text),
);

/** One event of a request stream, unsigned (the built-in assistant does not check signatures). */
function eventMessage(type: string, body: unknown): Uint8Array {
  const header = (value: string) => ({ type: "string" as const, value });
  return codec.encode({
    headers: {
      ":message-type": header("event"),
      ":event-type": header(type),
      ":content-type": header("application/json"),
    },
    body: new TextEncoder().encode(JSON.stringify(body)),
  });
}

/** 320 ms of 16 kHz 16-bit mono. */
const CHUNK_320_MS_BYTES = 0.32 * 16_000 * 2;

/**
 * An AUDIO conversation as a telephony client holds one: the question streamed in 320 ms chunks,
 * then, once the spoken answer has ended (its empty AudioResponseEvent), playback completed and goodbye.
 */
async function spokenConversation(question: Uint8Array): Promise<OutputEvent[]> {
  const received: OutputEvent[] = [];
  let spoken: (() => void) | undefined;
  const answerSpoken = new Promise<void>((resolve) => (spoken = resolve));
  async function* requestEvents(): AsyncGenerator<StartConversationRequestEventStream> {
    yield { ConfigurationEvent: { responseContentType: "audio/pcm" } };
    for (let offset = 0; offset < question.length; offset += CHUNK_320_MS_BYTES) {
      yield {
        AudioInputEvent: {
          contentType: "audio/l16; rate=16000; channels=1",
          audioChunk: question.subarray(offset, offset + CHUNK_320_MS_BYTES),
          eventId: `audio-${offset}`,
        },
      };
    }
    await answerSpoken;
    yield { PlaybackCompletionEvent: { eventId: "played" } };
    yield { DisconnectionEvent: { eventId: "bye" } };
  }
  const response = await voiceClient.send(
    new StartConversationCommand({
      ...BOT,
      sessionId: newSessionId("conversation"),
      conversationMode: "AUDIO",
      requestEventStream: requestEvents(),
    }),
  );
  for await (const event of response.responseEventStream ?? []) {
    received.push(event);
    if (event.AudioResponseEvent?.audioChunk?.length === 0) spoken?.();
  }
  return received;
}

/** The loudness of 16-bit little-endian samples (root mean square, 0..32767). */
function loudness(pcm: Uint8Array): number {
  const samples = new Int16Array(pcm.buffer.slice(pcm.byteOffset, pcm.byteOffset + (pcm.byteLength & ~1)));
  let sum = 0;
  for (const sample of samples) sum += sample * sample;
  return Math.sqrt(sum / Math.max(1, samples.length));
}

function textsOf(events: OutputEvent[]): string[] {
  return events.flatMap(
    (event) => event.TextResponseEvent?.messages?.map((message) => message.content ?? "") ?? [],
  );
}

describe("StartConversation through the official client", () => {
  it("holds a text conversation: welcome messages, then an intent result and the answer for each input", async () => {
    const setupFee = faq.find((item) => /setup fee/i.test(item.question));
    expect(setupFee).toBeDefined();
    const events = await converse(newSessionId("conversation"), [
      {
        ConfigurationEvent: {
          responseContentType: "text/plain; charset=utf-8",
          welcomeMessages: [{ contentType: "PlainText", content: "Welcome to the agency's assistant." }],
        },
      },
      { TextInputEvent: { text: "Hi there" } },
      { TextInputEvent: { text: "do you charge anything to set things up?" } },
    ]);

    expect(events.map((event) => Object.keys(event)[0])).toEqual([
      "TextResponseEvent",
      "IntentResultEvent",
      "TextResponseEvent",
      "IntentResultEvent",
      "TextResponseEvent",
    ]);
    const [welcome, , greetingAnswer, setupResult, setupAnswer] = events;
    expect(textsOf([welcome!])).toEqual(["Welcome to the agency's assistant."]);
    expect(textsOf([greetingAnswer!]).join(" ")).toMatch(/hello|hi|welcome/i);
    expect(setupResult!.IntentResultEvent).toMatchObject({
      inputMode: "Text",
      sessionId: expect.stringMatching(/^conversation-/),
      sessionState: { intent: { name: "FaqSetupFee" } },
    });
    expect(textsOf([setupAnswer!]).join(" ")).toContain(setupFee!.answer.slice(0, 40));
  });

  it("keeps its turns in the session, so RecognizeText carries on where the conversation left off", async () => {
    const sessionId = newSessionId("conversation");
    await converse(sessionId, [
      { ConfigurationEvent: { responseContentType: "text/plain; charset=utf-8" } },
      { TextInputEvent: { text: "I'd like a free consultation" } },
    ]);
    const next = await lexClient(url).send(
      new RecognizeTextCommand({ ...BOT, sessionId, text: "What's the weather in Paris tomorrow?" }),
    );
    // Still the consultation request, asking again for a name rather than taking the question as one.
    expect(next.sessionState?.intent?.name).toBe("RequestConsultation");
    expect(next.sessionState?.dialogAction?.slotToElicit).toBe("name");
  });

  it("holds an AUDIO conversation: a spoken question is heard, answered and spoken back", async () => {
    const received = await spokenConversation(
      pcmOf(spokenWav("How much does a consultation cost?", "rms", 1.5)),
    );

    const kinds = received.map((event) => Object.keys(event)[0]);
    expect([...new Set(kinds)]).toEqual([
      "TranscriptEvent",
      "IntentResultEvent",
      "TextResponseEvent",
      "AudioResponseEvent",
    ]);
    const [transcript, result, text] = received;
    expect(transcript?.TranscriptEvent?.transcript).toBe("how much does a consultation cost");
    expect(result?.IntentResultEvent?.inputMode).toBe("Speech");
    expect(result?.IntentResultEvent?.sessionState?.intent?.name).toBe("ConsultantFees");
    expect(textsOf([text!]).join(" ").length).toBeGreaterThan(0);
    const chunks = received.flatMap((event) => (event.AudioResponseEvent ? [event.AudioResponseEvent] : []));
    expect(chunks.at(-1)?.audioChunk?.length).toBe(0);
    expect(chunks.every((chunk) => chunk.contentType === "audio/pcm")).toBe(true);
    const audio = Buffer.concat(chunks.map((chunk) => chunk.audioChunk ?? new Uint8Array(0)));
    // Seconds of speech, not silence.
    expect(audio.byteLength).toBeGreaterThan(2 * 32_000);
    expect(loudness(audio)).toBeGreaterThan(500);
  });

  it("gives back its decoder when the client goes away in the middle of an utterance", async () => {
    // The test voice has two decoders; three conversations vanish while each holds one. (The SDK's
    // abortSignal leaves its stream open, a merely quiet client: a bare HTTP/2 client resets it.)
    for (let round = 0; round < 3; round++) {
      const session = connectHttp2(voiceUrl);
      const request = session.request({
        ":method": "POST",
        ":path": `/bots/${BOT.botId}/botAliases/${BOT.botAliasId}/botLocales/${BOT.localeId}/sessions/${newSessionId("conversation")}/conversation`,
        "content-type": "application/vnd.amazon.eventstream",
        "x-amz-lex-conversation-mode": "AUDIO",
      });
      await new Promise((resolve) => request.once("response", resolve));
      request.write(
        eventMessage("AudioInputEvent", {
          contentType: "audio/l16; rate=16000; channels=1",
          audioChunk: Buffer.alloc(16_000).toString("base64"),
        }),
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
      // The stream is reset (RST_STREAM), as a client gives up on one.
      request.close();
      session.close();
    }
    // Were the decoders kept by the conversations that vanished, this one would wait for one, then be throttled.
    const started = Date.now();
    const heard = await spokenConversation(
      pcmOf(spokenWav("How much does a consultation cost?", "rms", 1.5)),
    );
    expect(heard[0]?.TranscriptEvent?.transcript).toBe("how much does a consultation cost");
    expect(Date.now() - started).toBeLessThan(8_000);
  });

  it("refuses an AUDIO conversation before it starts, saying why, when the server has no voice", async () => {
    await expect(
      http2Client.send(
        new StartConversationCommand({
          ...BOT,
          sessionId: newSessionId("conversation"),
          conversationMode: "AUDIO",
          requestEventStream: (async function* () {
            yield { DisconnectionEvent: {} };
          })(),
        }),
      ),
    ).rejects.toMatchObject({
      name: "ValidationException",
      message: expect.stringMatching(/AUDIO conversation is not available: Speech is not available/),
      $metadata: { httpStatusCode: 400 },
    });
  });

  it("ends a text conversation with Lex's ValidationException for spoken input", async () => {
    await expect(
      converse(newSessionId("conversation"), [
        { ConfigurationEvent: { responseContentType: "text/plain; charset=utf-8" } },
        {
          AudioInputEvent: {
            contentType:
              "audio/lpcm; sample-rate=8000; sample-size-bits=16; channel-count=1; is-big-endian=false",
            audioChunk: new Uint8Array(320),
          },
        },
      ]),
    ).rejects.toMatchObject({
      name: "ValidationException",
      message: expect.stringMatching(/text conversation \(conversationMode TEXT\)/),
    });
  });

  it("still serves HTTP/1.1 on the same port", async () => {
    const answer = await lexClient(url).send(
      new RecognizeTextCommand({ ...BOT, sessionId: newSessionId("conversation"), text: "Hi there" }),
    );
    expect(answer.sessionState?.intent?.name).toBe("Greeting");
  });
});
