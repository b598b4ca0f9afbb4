/**
 * Amazon Lex V2 through the official SDK, when LEX_BOT_ID, LEX_BOT_ALIAS_ID and AWS_REGION are set:
 * Amazon hears and speaks; the session limits and checks stay ours. AWS credentials stay on the
 * server.
 */
import type { LexRuntimeV2Client } from "@aws-sdk/client-lex-runtime-v2";
import type { Database } from "~/infra/db.server";
import { FeatureError } from "~/lib/errors";
import {
  type GetSessionResponse,
  putSessionBodySchema,
  type RecognizeTextResponse,
  recognizeTextBodySchema,
  type SessionKey,
  sessionKeyProblem,
} from "~/lib/lex-wire";
import { countBotMessage } from "./bot.server";
import { type BotProvider, LexServiceError } from "./bot-provider";
import { parseBody } from "./bot-request-checks";
import { checkRequestContentType, isAudio, isText, TEXT_CONTENT_TYPE, utf8 } from "./utterance-request";

function invalid(message: string): FeatureError {
  return new FeatureError("invalid", message);
}

/** Text, or any audio type: Amazon Lex says itself which audio it speaks. */
function lexResponseContentType(value: string | undefined): string {
  if (value === undefined || value.trim() === "" || isText(value)) return TEXT_CONTENT_TYPE;
  if (isAudio(value)) return value;
  throw invalid(
    `1 validation error detected: Value '${value.slice(0, 60)}' at 'responseContentType' failed to satisfy constraint: Member must be text/plain; charset=utf-8 or an audio/ type.`,
  );
}

interface LexProviderOptions {
  region: string;
  botId: string;
  botAliasId: string;
  localeId: string;
  /** Only for tests against a local stand-in. */
  endpoint?: string;
  credentials?: { accessKeyId: string; secretAccessKey: string; sessionToken?: string };
}

/** Amazon Lex V2 through the official SDK; the session limits and checks stay ours. */
/** The header Lex's HTTP API carries each field of a streaming operation's output in. */
const LEX_STREAMING_HEADERS = {
  inputMode: "x-amz-lex-input-mode",
  sessionId: "x-amz-lex-session-id",
  messages: "x-amz-lex-messages",
  interpretations: "x-amz-lex-interpretations",
  sessionState: "x-amz-lex-session-state",
  inputTranscript: "x-amz-lex-input-transcript",
  requestAttributes: "x-amz-lex-request-attributes",
  recognizedBotMember: "x-amz-lex-recognized-bot-member",
} as const;

export function lexProvider(db: Database, options: LexProviderOptions): BotProvider {
  // The SDK loads on first use, so a site on the built-in assistant never loads it.
  let sdk:
    | Promise<{ client: LexRuntimeV2Client; lex: typeof import("@aws-sdk/client-lex-runtime-v2") }>
    | undefined;
  function loadSdk() {
    sdk ??= (async () => {
      const [lex, { NodeHttpHandler }] = await Promise.all([
        import("@aws-sdk/client-lex-runtime-v2"),
        import("@smithy/node-http-handler"),
      ]);
      const client = new lex.LexRuntimeV2Client({
        region: options.region,
        ...(options.endpoint ? { endpoint: options.endpoint } : {}),
        ...(options.credentials ? { credentials: options.credentials } : {}),
        requestHandler: new NodeHttpHandler({ connectionTimeout: 5_000, requestTimeout: 15_000 }),
        maxAttempts: 3,
      });
      return { client, lex };
    })();
    return sdk;
  }

  /** Only the configured bot: our credentials must not open every bot they can reach. */
  function checkKey(key: SessionKey): void {
    const problem = sessionKeyProblem(key);
    if (problem) throw invalid(`1 validation error detected: ${problem}`);
    if (
      key.botId !== options.botId ||
      key.botAliasId !== options.botAliasId ||
      key.localeId !== options.localeId
    ) {
      throw new FeatureError(
        "not-found",
        `Bot '${key.botId}' alias '${key.botAliasId}' locale '${key.localeId}' is not the bot this site serves.`,
      );
    }
  }

  async function call<T>(
    send: (client: LexRuntimeV2Client, lex: typeof import("@aws-sdk/client-lex-runtime-v2")) => Promise<T>,
  ): Promise<T> {
    const { client, lex } = await loadSdk();
    try {
      return await send(client, lex);
    } catch (error) {
      if (error instanceof lex.LexRuntimeV2ServiceException) {
        throw new LexServiceError(error.name, error.$metadata.httpStatusCode ?? 500, error.message);
      }
      // Errors the SDK could not match to a Lex type still carry the HTTP status.
      const status = (error as { $metadata?: { httpStatusCode?: number } } | undefined)?.$metadata
        ?.httpStatusCode;
      if (error instanceof Error && status && status >= 400) {
        throw new LexServiceError(error.name, status, error.message);
      }
      throw new LexServiceError(
        "BadGatewayException",
        502,
        "Amazon Lex could not be reached. Please try again.",
      );
    }
  }

  async function bytesOf(stream: unknown): Promise<Uint8Array> {
    const source = stream as { transformToByteArray?: () => Promise<Uint8Array> } | undefined;
    return source?.transformToByteArray ? await source.transformToByteArray() : new Uint8Array(0);
  }

  /**
   * A streaming operation's answer as Lex sends it over HTTP: the audio as the body and the named
   * output fields (those set) as their x-amz-lex-* headers.
   */
  async function streamingAnswer(
    output: { contentType?: string; audioStream?: unknown },
    responseContentType: string,
    fields: ReadonlyArray<keyof typeof LEX_STREAMING_HEADERS>,
  ) {
    const values = output as Record<string, unknown>;
    const headers: Record<string, string> = {};
    for (const field of fields) {
      const value = values[field];
      if (typeof value === "string" && value !== "") headers[LEX_STREAMING_HEADERS[field]] = value;
    }
    return {
      contentType: output.contentType ?? responseContentType,
      headers,
      body: await bytesOf(output.audioStream),
    };
  }

  return {
    kind: "lex",
    hears: true,
    speechProblem:
      "Amazon Lex answers here, and StartConversation is relayed to it as text turns only (no AUDIO conversations, no spoken answers): send speech with RecognizeUtterance.",

    async recognizeText(key, body, context) {
      checkKey(key);
      const request = parseBody(recognizeTextBodySchema, body);
      await countBotMessage(db, key, context.settings, context.now ?? new Date());
      const sessionState = request.sessionState;
      const output = await call((client, lex) =>
        client.send(
          new lex.RecognizeTextCommand({
            ...key,
            text: request.text,
            ...(sessionState ? { sessionState: sessionState as never } : {}),
            ...(request.requestAttributes ? { requestAttributes: request.requestAttributes } : {}),
          }),
        ),
      );
      const { $metadata: _metadata, ...rest } = output;
      return rest as RecognizeTextResponse;
    },

    async recognizeUtterance(key, request, context) {
      checkKey(key);
      checkRequestContentType(request.contentType);
      if (isText(request.contentType)) parseBody(recognizeTextBodySchema, { text: utf8(request.body) });
      const responseContentType = lexResponseContentType(request.responseContentType);
      await countBotMessage(db, key, context.settings, context.now ?? new Date());
      const output = await call((client, lex) =>
        client.send(
          new lex.RecognizeUtteranceCommand({
            ...key,
            requestContentType: request.contentType,
            responseContentType,
            inputStream: request.body,
            ...(request.sessionState ? { sessionState: request.sessionState } : {}),
            ...(request.requestAttributes ? { requestAttributes: request.requestAttributes } : {}),
          }),
        ),
      );
      return streamingAnswer(output, responseContentType, [
        "inputMode",
        "sessionId",
        "messages",
        "interpretations",
        "sessionState",
        "inputTranscript",
        "requestAttributes",
        "recognizedBotMember",
      ]);
    },

    async putSession(key, request, context) {
      checkKey(key);
      const parsed = { data: parseBody(putSessionBodySchema, request.body) };
      const responseContentType = lexResponseContentType(request.responseContentType);
      await countBotMessage(db, key, context.settings, context.now ?? new Date());
      const output = await call((client, lex) =>
        client.send(
          new lex.PutSessionCommand({
            ...key,
            sessionState: parsed.data.sessionState as never,
            ...(parsed.data.messages ? { messages: parsed.data.messages as never } : {}),
            ...(parsed.data.requestAttributes ? { requestAttributes: parsed.data.requestAttributes } : {}),
            responseContentType,
          }),
        ),
      );
      return streamingAnswer(output, responseContentType, [
        "sessionId",
        "messages",
        "sessionState",
        "requestAttributes",
      ]);
    },

    async getSession(key) {
      checkKey(key);
      const { $metadata: _metadata, ...rest } = await call((client, lex) =>
        client.send(new lex.GetSessionCommand(key)),
      );
      return rest as GetSessionResponse;
    },

    async deleteSession(key) {
      checkKey(key);
      const output = await call((client, lex) => client.send(new lex.DeleteSessionCommand(key)));
      return {
        botId: output.botId ?? key.botId,
        botAliasId: output.botAliasId ?? key.botAliasId,
        localeId: output.localeId ?? key.localeId,
        sessionId: output.sessionId ?? key.sessionId,
      };
    },
  };
}
