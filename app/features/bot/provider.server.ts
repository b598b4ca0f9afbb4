/**
 * Who answers the bot API: the built-in assistant (default), or Amazon Lex V2 through the official
 * SDK when LEX_BOT_ID, LEX_BOT_ALIAS_ID and AWS_REGION are set. Both take and give the same Lex
 * structures, so the HTTP layer and the chat widget do not care which one runs. AWS credentials
 * stay on the server.
 */
import type { LexRuntimeV2Client } from "@aws-sdk/client-lex-runtime-v2";
import type { Database } from "~/infra/db.server";
import type { Environment } from "~/infra/env.server";
import { FeatureError } from "~/lib/errors";
import {
  type GetSessionResponse,
  putSessionBodySchema,
  type RecognizeTextResponse,
  recognizeTextBodySchema,
  type SessionKey,
  sessionKeyProblem,
} from "~/lib/lex-wire";
import {
  type BotContext,
  checkSessionKey,
  countBotMessage,
  deleteSession,
  getSession,
  parseBody,
  putSession,
  recognizeText,
} from "./bot.server";
import { decodeLexHeader, encodeLexHeader } from "./lex-codec.server";
import { warmUp } from "./nlu";

/** A Lex error from Amazon (or about reaching it), passed on with Lex's own type and status. */
export class LexServiceError extends Error {
  constructor(
    readonly errorType: string,
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = "LexServiceError";
  }
}

/** A response whose data travels in x-amz-lex-* headers around a (possibly empty) stream. */
export interface StreamingResponse {
  contentType: string;
  /** Header name → value, already encoded as Lex sends them. */
  headers: Record<string, string>;
  body: Uint8Array;
}

interface UtteranceRequest {
  /** The request's Content-Type: text/plain; charset=utf-8 or an audio/ type. */
  contentType: string;
  body: Uint8Array;
  /** x-amz-lex-session-state and x-amz-lex-request-attributes, as sent (gzip + base64). */
  sessionState?: string;
  requestAttributes?: string;
  responseContentType?: string;
}

interface PutSessionRequest {
  body: unknown;
  responseContentType?: string;
}

export interface BotProvider {
  kind: "builtin" | "lex";
  recognizeText(key: SessionKey, body: unknown, context: BotContext): Promise<RecognizeTextResponse>;
  recognizeUtterance(
    key: SessionKey,
    request: UtteranceRequest,
    context: BotContext,
  ): Promise<StreamingResponse>;
  putSession(key: SessionKey, request: PutSessionRequest, context: BotContext): Promise<StreamingResponse>;
  getSession(key: SessionKey, context: BotContext): Promise<GetSessionResponse>;
  deleteSession(key: SessionKey, context: BotContext): Promise<SessionKey>;
}

const TEXT_CONTENT_TYPE = "text/plain; charset=utf-8";

function isText(contentType: string | undefined): boolean {
  return /^text\/plain\s*(?:;|$)/i.test(contentType ?? "");
}

function isAudio(contentType: string | undefined): boolean {
  return /^audio\//i.test(contentType ?? "");
}

function invalid(message: string): FeatureError {
  return new FeatureError("invalid", message);
}

/** The text of a text/plain body: UTF-8, or a ValidationException. */
function utf8(body: Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(body);
  } catch {
    throw invalid(
      "1 validation error detected: Value at 'inputStream' failed to satisfy constraint: Member must be UTF-8 text.",
    );
  }
}

function checkResponseContentType(value: string | undefined, audioPossible: boolean): string {
  if (value === undefined || value.trim() === "" || isText(value)) return TEXT_CONTENT_TYPE;
  if (isAudio(value)) {
    if (audioPossible) return value;
    throw invalid(
      "Spoken responses (responseContentType audio/*) need the Amazon Lex provider; the built-in assistant answers in text/plain; charset=utf-8.",
    );
  }
  throw invalid(
    `1 validation error detected: Value '${value.slice(0, 60)}' at 'responseContentType' failed to satisfy constraint: Member must be text/plain; charset=utf-8 or an audio/ type.`,
  );
}

/** The built-in assistant: the feature functions over our database. */
function builtinProvider(db: Database, options: { agencyZone: string }): BotProvider {
  // Trained now, so the first visitor does not wait for it.
  void warmUp();
  return {
    kind: "builtin",
    recognizeText: (key, body, context) =>
      recognizeText(db, key, body, { agencyZone: options.agencyZone, ...context }),

    async recognizeUtterance(key, request, context) {
      checkSessionKey(key);
      if (isAudio(request.contentType)) {
        throw invalid(
          "Audio input needs the Amazon Lex provider (set LEX_BOT_ID, LEX_BOT_ALIAS_ID and AWS_REGION). The built-in assistant accepts text: send Content-Type text/plain; charset=utf-8, or use RecognizeText.",
        );
      }
      if (!isText(request.contentType)) {
        throw invalid(
          "1 validation error detected: Value at 'requestContentType' failed to satisfy constraint: Member must be text/plain; charset=utf-8 or an audio/ type.",
        );
      }
      const responseContentType = checkResponseContentType(request.responseContentType, false);
      const text = utf8(request.body);
      const sessionState = request.sessionState
        ? decodeLexHeader("x-amz-lex-session-state", request.sessionState)
        : undefined;
      const requestAttributes = request.requestAttributes
        ? decodeLexHeader("x-amz-lex-request-attributes", request.requestAttributes)
        : undefined;
      const result = await recognizeText(
        db,
        key,
        {
          text,
          ...(sessionState !== undefined ? { sessionState } : {}),
          ...(requestAttributes !== undefined ? { requestAttributes } : {}),
        },
        { agencyZone: options.agencyZone, ...context },
      );
      return {
        contentType: responseContentType,
        headers: {
          "x-amz-lex-input-mode": "Text",
          "x-amz-lex-session-id": key.sessionId,
          "x-amz-lex-messages": encodeLexHeader(result.messages ?? []),
          "x-amz-lex-interpretations": encodeLexHeader(result.interpretations ?? []),
          "x-amz-lex-session-state": encodeLexHeader(result.sessionState ?? {}),
          "x-amz-lex-input-transcript": encodeLexHeader(text),
          "x-amz-lex-request-attributes": encodeLexHeader(result.requestAttributes ?? {}),
        },
        // Text replies travel in x-amz-lex-messages; the stream carries audio only.
        body: new Uint8Array(0),
      };
    },

    async putSession(key, request, context) {
      checkSessionKey(key);
      const contentType = checkResponseContentType(request.responseContentType, false);
      const result = await putSession(db, key, request.body, context);
      return {
        contentType,
        headers: {
          "x-amz-lex-session-id": key.sessionId,
          "x-amz-lex-messages": encodeLexHeader(result.messages),
          "x-amz-lex-session-state": encodeLexHeader(result.sessionState),
          "x-amz-lex-request-attributes": encodeLexHeader(result.requestAttributes),
        },
        body: new Uint8Array(0),
      };
    },

    getSession: (key, context) => getSession(db, key, context),
    deleteSession: (key, context) => deleteSession(db, key, context),
  };
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
function lexProvider(db: Database, options: LexProviderOptions): BotProvider {
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

  function streamingHeaders(
    output: Record<string, unknown>,
    names: Record<string, string>,
  ): Record<string, string> {
    const headers: Record<string, string> = {};
    for (const [field, header] of Object.entries(names)) {
      const value = output[field];
      if (typeof value === "string" && value !== "") headers[header] = value;
    }
    return headers;
  }

  return {
    kind: "lex",

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
      if (!isText(request.contentType) && !isAudio(request.contentType)) {
        throw invalid(
          "1 validation error detected: Value at 'requestContentType' failed to satisfy constraint: Member must be text/plain; charset=utf-8 or an audio/ type.",
        );
      }
      if (isText(request.contentType)) parseBody(recognizeTextBodySchema, { text: utf8(request.body) });
      const responseContentType = checkResponseContentType(request.responseContentType, true);
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
      return {
        contentType: output.contentType ?? responseContentType,
        headers: streamingHeaders(output as unknown as Record<string, unknown>, {
          inputMode: "x-amz-lex-input-mode",
          sessionId: "x-amz-lex-session-id",
          messages: "x-amz-lex-messages",
          interpretations: "x-amz-lex-interpretations",
          sessionState: "x-amz-lex-session-state",
          inputTranscript: "x-amz-lex-input-transcript",
          requestAttributes: "x-amz-lex-request-attributes",
          recognizedBotMember: "x-amz-lex-recognized-bot-member",
        }),
        body: await bytesOf(output.audioStream),
      };
    },

    async putSession(key, request, context) {
      checkKey(key);
      const parsed = { data: parseBody(putSessionBodySchema, request.body) };
      const responseContentType = checkResponseContentType(request.responseContentType, true);
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
      return {
        contentType: output.contentType ?? responseContentType,
        headers: streamingHeaders(output as unknown as Record<string, unknown>, {
          sessionId: "x-amz-lex-session-id",
          messages: "x-amz-lex-messages",
          sessionState: "x-amz-lex-session-state",
          requestAttributes: "x-amz-lex-request-attributes",
        }),
        body: await bytesOf(output.audioStream),
      };
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

/** The provider the settings ask for. */
export function createBotProvider(db: Database, env: Environment): BotProvider {
  if (env.bot.provider !== "lex" || !env.AWS_REGION)
    return builtinProvider(db, { agencyZone: env.AGENCY_TZ });
  const credentials =
    env.AWS_ACCESS_KEY_ID && env.AWS_SECRET_ACCESS_KEY
      ? {
          accessKeyId: env.AWS_ACCESS_KEY_ID,
          secretAccessKey: env.AWS_SECRET_ACCESS_KEY,
          ...(env.AWS_SESSION_TOKEN ? { sessionToken: env.AWS_SESSION_TOKEN } : {}),
        }
      : undefined;
  return lexProvider(db, {
    region: env.AWS_REGION,
    botId: env.bot.botId,
    botAliasId: env.bot.botAliasId,
    localeId: env.bot.localeId,
    endpoint: env.LEX_ENDPOINT,
    credentials,
  });
}
