import { EventStreamCodec } from "@smithy/core/event-streams";
import { describe, expect, it } from "vitest";
import {
  encodeOutput,
  MAX_AUDIO_CONVERSATION_BYTES,
  MAX_CONVERSATION_BYTES,
  MAX_EVENT_MESSAGE_BYTES,
  readInputEvents,
} from "./lex-event-stream";

const codec = new EventStreamCodec(
  (bytes) => new TextDecoder().decode(bytes),
  (text) => new TextEncoder().encode(text),
);
const text = (value: string) => ({ type: "string" as const, value });

function event(type: string, body: unknown): Uint8Array {
  return codec.encode({
    headers: {
      ":message-type": text("event"),
      ":event-type": text(type),
      ":content-type": text("application/json"),
    },
    body: new TextEncoder().encode(JSON.stringify(body)),
  });
}

/** The envelope the official client wraps each event in (the signature is not checked here). */
function signed(inner: Uint8Array): Uint8Array {
  return codec.encode({
    headers: {
      ":date": { type: "timestamp", value: new Date() },
      ":chunk-signature": { type: "binary", value: new Uint8Array(32) },
    },
    body: inner,
  });
}

async function* chunks(...parts: Uint8Array[]): AsyncGenerator<Uint8Array> {
  for (const part of parts) yield part;
}

async function readAll(source: AsyncIterable<Uint8Array>, options?: { maxBytes?: number }) {
  const events = [];
  for await (const entry of readInputEvents(source, options)) events.push(entry);
  return events;
}

describe("readInputEvents", () => {
  it("reads events however the bytes are split, opening signed envelopes, until the empty one", async () => {
    const stream = Buffer.concat([
      signed(event("ConfigurationEvent", { responseContentType: "text/plain; charset=utf-8" })),
      signed(event("TextInputEvent", { text: "hello" })),
      signed(new Uint8Array(0)),
      event("TextInputEvent", { text: "after the end" }),
    ]);
    // One byte at a time, and in two halves: the same events.
    const byteByByte = [...stream].map((byte) => new Uint8Array([byte]));
    for (const parts of [byteByByte, [stream.subarray(0, 50), stream.subarray(50)]]) {
      expect(await readAll(chunks(...parts))).toEqual([
        { type: "ConfigurationEvent", body: { responseContentType: "text/plain; charset=utf-8" } },
        { type: "TextInputEvent", body: { text: "hello" } },
      ]);
    }
  });

  it("refuses a message longer than the limit before reading it", async () => {
    const length = new Uint8Array(4);
    new DataView(length.buffer).setUint32(0, MAX_EVENT_MESSAGE_BYTES + 1);
    await expect(readAll(chunks(length))).rejects.toThrow(/is not accepted/);
  });

  it("bounds a conversation's bytes: a text one's at 1 MB, an AUDIO one's (a few minutes of speech) higher", async () => {
    // 320 ms of 16 kHz audio per event, as a client streams it.
    const audio = event("AudioInputEvent", {
      contentType: "audio/l16; rate=16000; channels=1",
      audioChunk: Buffer.alloc(10_240).toString("base64"),
    });
    const count = Math.ceil(MAX_CONVERSATION_BYTES / audio.length) + 1;
    const stream = () => chunks(...Array.from({ length: count }, () => audio));
    await expect(readAll(stream())).rejects.toThrow(/more than one conversation may/);
    expect(await readAll(stream(), { maxBytes: MAX_AUDIO_CONVERSATION_BYTES })).toHaveLength(count);
    // Three minutes of such events fit in an AUDIO conversation.
    expect(Math.floor(MAX_AUDIO_CONVERSATION_BYTES / audio.length) * 0.32).toBeGreaterThan(180);
  });

  it("refuses a stream cut in the middle of a message, and a message whose checksum is wrong", async () => {
    const whole = event("TextInputEvent", { text: "hi" });
    await expect(readAll(chunks(whole.subarray(0, whole.length - 3)))).rejects.toThrow(/ended in the middle/);
    const corrupted = Uint8Array.from(whole);
    corrupted[corrupted.length - 6] = (corrupted[corrupted.length - 6] ?? 0) ^ 0xff;
    await expect(readAll(chunks(corrupted))).rejects.toThrow(/malformed/);
  });

  it("refuses a message that is not an event, and an event that is not a JSON object", async () => {
    const exception = codec.encode({
      headers: { ":message-type": text("exception"), ":exception-type": text("Oops") },
      body: new Uint8Array(0),
    });
    await expect(readAll(chunks(exception))).rejects.toThrow(/must be an event/);
    await expect(readAll(chunks(event("TextInputEvent", [1, 2])))).rejects.toThrow(/JSON object/);
  });
});

describe("encodeOutput", () => {
  it("writes events and exceptions as Lex does", () => {
    const eventMessage = codec.decode(
      encodeOutput({
        kind: "event",
        type: "TextResponseEvent",
        body: { messages: [], eventId: "RESPONSE-1" },
      }),
    );
    expect(eventMessage.headers[":message-type"]?.value).toBe("event");
    expect(eventMessage.headers[":event-type"]?.value).toBe("TextResponseEvent");
    expect(JSON.parse(new TextDecoder().decode(eventMessage.body))).toEqual({
      messages: [],
      eventId: "RESPONSE-1",
    });

    const exception = codec.decode(
      encodeOutput({ kind: "exception", type: "ValidationException", message: "No." }),
    );
    expect(exception.headers[":message-type"]?.value).toBe("exception");
    expect(exception.headers[":exception-type"]?.value).toBe("ValidationException");
    expect(JSON.parse(new TextDecoder().decode(exception.body))).toEqual({ message: "No." });
  });
});
