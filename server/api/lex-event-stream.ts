/**
 * The AWS event-stream framing of Lex V2's StartConversation: the request body is a stream of
 * binary messages, each (from the official client) wrapped in a signed envelope whose body is the
 * event itself; the response is a stream of event or exception messages. One message is decoded
 * and encoded by Smithy's codec (which checks both CRCs); the framing around it is ours, so that a
 * client cannot make us allocate more than one small message at a time.
 */
import { EventStreamCodec } from "@smithy/core/event-streams";
import type { ConversationInput, ConversationOutput } from "~/features/bot/conversation.server";
import { FeatureError } from "~/lib/errors";

/** A conversation's events are small JSON documents; a text event far under this. */
export const MAX_EVENT_MESSAGE_BYTES = 64 * 1024;
/** All the events of one text conversation together: thousands of text turns. */
export const MAX_CONVERSATION_BYTES = 1024 * 1024;
/**
 * All the events of one AUDIO conversation together: 16 kHz 16-bit speech is 32 KB a second, 43 KB
 * in base64 JSON, so about six minutes of the visitor's audio (8 kHz audio: twice as long).
 */
export const MAX_AUDIO_CONVERSATION_BYTES = 16 * 1024 * 1024;
/** The smallest message: 12-byte prelude and 4-byte message CRC. */
const MIN_MESSAGE_BYTES = 16;

const toUtf8 = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
const fromUtf8 = (text: string) => new TextEncoder().encode(text);
const codec = new EventStreamCodec(toUtf8, fromUtf8);

/** A response message: an event, or the exception that ends the conversation. */
export type OutputMessage = ConversationOutput | { kind: "exception"; type: string; message: string };

function invalid(message: string): FeatureError {
  return new FeatureError("invalid", message);
}

/** Whole messages out of a byte stream, however its chunks fall. */
async function* framed(chunks: AsyncIterable<Uint8Array>, maxBytes: number): AsyncGenerator<Uint8Array> {
  let pending = new Uint8Array(0);
  let total = 0;
  for await (const chunk of chunks) {
    total += chunk.byteLength;
    if (total > maxBytes) {
      throw invalid("This conversation has sent more than one conversation may. Please start a new one.");
    }
    const joined = new Uint8Array(pending.byteLength + chunk.byteLength);
    joined.set(pending);
    joined.set(chunk, pending.byteLength);
    pending = joined;
    while (pending.byteLength >= 4) {
      const length = new DataView(pending.buffer, pending.byteOffset, 4).getUint32(0, false);
      if (length < MIN_MESSAGE_BYTES || length > MAX_EVENT_MESSAGE_BYTES) {
        throw invalid(
          `An event-stream message of ${length} bytes is not accepted (at most ${MAX_EVENT_MESSAGE_BYTES}).`,
        );
      }
      if (pending.byteLength < length) break;
      yield pending.slice(0, length);
      pending = pending.slice(length);
    }
  }
  if (pending.byteLength > 0) throw invalid("The event stream ended in the middle of a message.");
}

function headerText(
  headers: Record<string, { type: string; value: unknown }>,
  name: string,
): string | undefined {
  const header = headers[name];
  return header?.type === "string" ? String(header.value) : undefined;
}

/**
 * The events of a StartConversation request body. A signed envelope (`:chunk-signature`) is opened
 * and the event inside it read; its signature is not checked, as the built-in assistant takes any
 * credentials. The empty envelope that ends a signed stream ends the events. `maxBytes` bounds the
 * whole body (MAX_CONVERSATION_BYTES unless given; an AUDIO conversation's is larger).
 */
export async function* readInputEvents(
  body: AsyncIterable<Uint8Array>,
  options: { maxBytes?: number } = {},
): AsyncGenerator<ConversationInput> {
  for await (const bytes of framed(body, options.maxBytes ?? MAX_CONVERSATION_BYTES)) {
    let message = decode(bytes);
    if (message.headers[":chunk-signature"]) {
      if (message.body.byteLength === 0) return;
      message = decode(message.body);
    }
    const messageType = headerText(message.headers, ":message-type");
    const type = headerText(message.headers, ":event-type");
    if (messageType !== "event" || !type) {
      throw invalid("Each message of the request stream must be an event with an :event-type header.");
    }
    let parsed: unknown;
    try {
      parsed = message.body.byteLength === 0 ? {} : JSON.parse(toUtf8(message.body));
    } catch {
      throw invalid(`The ${type} is not valid JSON.`);
    }
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
      throw invalid(`The ${type} must be a JSON object.`);
    }
    yield { type, body: parsed as Record<string, unknown> };
  }
}

function decode(bytes: Uint8Array) {
  try {
    return codec.decode(bytes);
  } catch {
    throw invalid("An event-stream message is malformed (its length or checksum does not match).");
  }
}

/** One response message, as Lex sends it. */
export function encodeOutput(output: OutputMessage): Uint8Array {
  const text = (value: string) => ({ type: "string" as const, value });
  if (output.kind === "event") {
    return codec.encode({
      headers: {
        ":message-type": text("event"),
        ":event-type": text(output.type),
        ":content-type": text("application/json"),
      },
      body: fromUtf8(JSON.stringify(output.body)),
    });
  }
  return codec.encode({
    headers: {
      ":message-type": text("exception"),
      ":exception-type": text(output.type),
      ":content-type": text("application/json"),
    },
    body: fromUtf8(JSON.stringify({ message: output.message })),
  });
}
