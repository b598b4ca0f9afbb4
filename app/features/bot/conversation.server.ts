/**
 * Lex V2's StartConversation in text mode: a stream of the client's events in, a stream of the
 * assistant's events out. Each text (or DTMF) input is one RecognizeText turn of the same session,
 * so a conversation and single requests share one session and one set of limits.
 */
import { FeatureError } from "~/lib/errors";
import { LIMITS, type RecognizeTextResponse } from "~/lib/lex-wire";

/** One event of the client's stream: its `:event-type` and its JSON members. */
export interface ConversationInput {
  type: string;
  body: Record<string, unknown>;
}

/** One event of the assistant's stream. */
export interface ConversationOutput {
  kind: "event";
  type: "IntentResultEvent" | "TextResponseEvent";
  body: Record<string, unknown>;
}

export interface ConversationOptions {
  sessionId: string;
  /** One RecognizeText turn of this session (`text`, and the configured state on the first turn). */
  recognizeText(body: Record<string, unknown>): Promise<RecognizeTextResponse>;
}

function invalid(message: string): FeatureError {
  return new FeatureError("invalid", message);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * The assistant's side of a conversation. Ends when the client sends a DisconnectionEvent or
 * closes its stream; a broken event throws a FeatureError (the caller sends it as Lex's exception,
 * which ends the conversation, as Lex does).
 */
export async function* converse(
  events: AsyncIterable<ConversationInput>,
  options: ConversationOptions,
): AsyncGenerator<ConversationOutput> {
  let sessionState: unknown;
  let requestAttributes: unknown;
  let sent = 0;
  const eventId = () => `RESPONSE-${++sent}`;

  for await (const event of events) {
    switch (event.type) {
      case "ConfigurationEvent": {
        const { responseContentType, welcomeMessages } = event.body;
        if (
          responseContentType !== undefined &&
          !/^text\/plain\s*(?:;|$)/i.test(String(responseContentType))
        ) {
          throw invalid(
            "This server holds text conversations: responseContentType must be text/plain; charset=utf-8.",
          );
        }
        if (event.body.sessionState !== undefined) sessionState = event.body.sessionState;
        if (event.body.requestAttributes !== undefined) requestAttributes = event.body.requestAttributes;
        if (welcomeMessages !== undefined) {
          if (!Array.isArray(welcomeMessages) || !welcomeMessages.every(isObject)) {
            throw invalid("welcomeMessages must be a list of messages.");
          }
          if (welcomeMessages.length > 0) {
            yield {
              kind: "event",
              type: "TextResponseEvent",
              body: { messages: welcomeMessages.slice(0, LIMITS.messagesMax), eventId: eventId() },
            };
          }
        }
        break;
      }
      case "TextInputEvent":
      case "DTMFInputEvent": {
        const text = event.type === "TextInputEvent" ? event.body.text : event.body.inputCharacter;
        if (typeof text !== "string") {
          throw invalid(
            `1 validation error detected: Value at '${event.type === "TextInputEvent" ? "text" : "inputCharacter"}' failed to satisfy constraint: Member must not be null.`,
          );
        }
        const turn: Record<string, unknown> = { text };
        // The configured state starts the session; later turns carry on from what the session keeps.
        if (sessionState !== undefined) turn.sessionState = sessionState;
        if (requestAttributes !== undefined) turn.requestAttributes = requestAttributes;
        sessionState = undefined;
        const result = await options.recognizeText(turn);
        yield {
          kind: "event",
          type: "IntentResultEvent",
          body: {
            inputMode: event.type === "TextInputEvent" ? "Text" : "DTMF",
            interpretations: result.interpretations ?? [],
            sessionState: result.sessionState ?? {},
            requestAttributes: result.requestAttributes ?? {},
            sessionId: options.sessionId,
            eventId: eventId(),
          },
        };
        yield {
          kind: "event",
          type: "TextResponseEvent",
          body: { messages: result.messages ?? [], eventId: eventId() },
        };
        break;
      }
      case "AudioInputEvent":
        throw invalid(
          "This server holds text conversations (conversationMode TEXT): send TextInputEvent. Spoken input needs Amazon Lex itself.",
        );
      case "PlaybackCompletionEvent":
        break;
      case "DisconnectionEvent":
        return;
      default:
        throw invalid(`'${event.type.slice(0, 60)}' is not an event of StartConversation.`);
    }
  }
}
