import { createHash, randomBytes } from "node:crypto";
import { type Context, Hono } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import type { BotContext } from "~/features/bot/bot.server";
import { type BotProvider, LexServiceError, type StreamingResponse } from "~/features/bot/bot-provider";
import { converse } from "~/features/bot/conversation.server";
import { inquiryContextFrom } from "~/features/contact/contact.server";
import { isDatabaseUnavailable } from "~/infra/db.server";
import { type FailureKind, FeatureError } from "~/lib/errors";
import { type SessionKey, sessionKeyProblem } from "~/lib/lex-wire";
import { limitBody } from "../body-limit";
import type { ApiEnv } from "./api-env";
import {
  encodeOutput,
  MAX_AUDIO_CONVERSATION_BYTES,
  MAX_CONVERSATION_BYTES,
  readInputEvents,
} from "./lex-event-stream";

/** Lex's error header carries the type and the service's namespace, e.g. `ValidationException:http://…/`. */
const ERROR_NAMESPACE = "http://internal.amazon.com/coral/com.amazonaws.deepsense.runtimeservice/";
/** Text turns and session states are small. */
const JSON_BODY_LIMIT_BYTES = 64 * 1024;
/** A minute of 16 kHz 16-bit mono is 1.9 MB; beyond this the audio is surely longer than a minute. */
const AUDIO_BODY_LIMIT_BYTES = 4 * 1024 * 1024;
/** Names the browser a chat belongs to; lives as long as the browser session, like the widget's sessionStorage. */
const BROWSER_COOKIE = "va_bot_browser";

const lexErrorFor: Record<FailureKind, { type: string; status: number }> = {
  invalid: { type: "ValidationException", status: 400 },
  "too-large": { type: "ValidationException", status: 400 },
  "unsupported-type": { type: "UnsupportedMediaTypeException", status: 415 },
  unauthenticated: { type: "AccessDeniedException", status: 403 },
  forbidden: { type: "AccessDeniedException", status: 403 },
  "not-found": { type: "ResourceNotFoundException", status: 404 },
  conflict: { type: "ConflictException", status: 409 },
  "rate-limited": { type: "ThrottlingException", status: 429 },
  "provider-down": { type: "DependencyFailedException", status: 424 },
};

/** An error as Lex sends one: the status, X-Amzn-Errortype and a JSON body with `message`. */
function lexError(context: Context<ApiEnv>, type: string, status: number, message: string): Response {
  context.header("X-Amzn-Errortype", `${type}:${ERROR_NAMESPACE}`);
  return context.json({ message }, status as 400);
}

function keyOf(context: Context<ApiEnv>): SessionKey {
  return {
    botId: context.req.param("botId") ?? "",
    botAliasId: context.req.param("botAliasId") ?? "",
    localeId: context.req.param("localeId") ?? "",
    sessionId: context.req.param("sessionId") ?? "",
  };
}

/** A JSON request body: valid UTF-8 and valid JSON, or Lex's ValidationException. */
async function readJson(context: Context<ApiEnv>): Promise<unknown> {
  const bytes = new Uint8Array(await context.req.arrayBuffer());
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new FeatureError("invalid", "The request body must be UTF-8 encoded JSON.");
  }
  if (text.trim() === "") return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new FeatureError("invalid", "The request body must be valid JSON.");
  }
}

/** A web stream's chunks as an async iterable (Node 20's ReadableStream is one, its types say not). */
async function* streamChunks(stream: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  const reader = stream.getReader();
  try {
    for (let next = await reader.read(); !next.done; next = await reader.read()) yield next.value;
  } finally {
    reader.releaseLock();
  }
}

function streamed(context: Context<ApiEnv>, result: StreamingResponse): Response {
  for (const [name, value] of Object.entries(result.headers)) context.header(name, value);
  context.header("Content-Type", result.contentType);
  const { body } = result;
  if (body instanceof ReadableStream) return context.body(body, 200);
  if (body.byteLength === 0) return context.body(null, 200);
  return context.body(
    body.buffer.slice(body.byteOffset, body.byteOffset + body.byteLength) as ArrayBuffer,
    200,
  );
}

/**
 * Who is calling, for the ownership of the sessions it opens: the browser's bot cookie, given to a
 * browser on its first call (browsers send Sec-Fetch-Site; Node's fetch and the SDKs do not). A
 * client without cookies is nobody in particular, and its sessions are open to whoever holds their id.
 */
function callerOf(context: Context<ApiEnv>): string | undefined {
  let browser = getCookie(context, BROWSER_COOKIE);
  if (!browser || !/^[\w-]{43}$/.test(browser)) {
    if (!context.req.header("Sec-Fetch-Site")) return undefined;
    browser = randomBytes(32).toString("base64url");
    setCookie(context, BROWSER_COOKIE, browser, {
      path: "/bots",
      httpOnly: true,
      sameSite: "Lax",
      secure: context.get("env").publicUrl.startsWith("https://"),
    });
  }
  return createHash("sha256").update(browser).digest("hex");
}

export interface BotApiOptions {
  provider: BotProvider;
  /** Per-request settings of the bot (limits, idle time). */
  settingsOf(context: Context<ApiEnv>): BotContext["settings"];
}

/**
 * The Amazon Lex V2 runtime API (DESIGN.md §4), mounted at /bots: same paths, fields, status codes
 * and X-Amzn-Errortype errors as Lex, so the official @aws-sdk/client-lex-runtime-v2 client works
 * against it unchanged. Answers come from the built-in assistant, or from Amazon Lex when configured.
 */
export function botApi({ provider, settingsOf }: BotApiOptions) {
  const api = new Hono<ApiEnv>();
  const session = "/:botId/botAliases/:botAliasId/botLocales/:localeId/sessions/:sessionId";

  const botContext = (context: Context<ApiEnv>): BotContext => ({
    settings: settingsOf(context),
    inquiry: inquiryContextFrom(context.var),
    signedIn: Boolean(context.get("user")),
    userId: context.get("user")?.id,
    paymentProviders: [
      ...(context.get("payments").stripe ? ["Stripe"] : []),
      ...(context.get("payments").razorpay ? ["Razorpay"] : []),
    ],
    owner: callerOf(context),
    requestId: context.get("requestId"),
  });

  api.use(async (context, next) => {
    await next();
    context.header("x-amzn-RequestId", context.get("requestId"));
  });
  const tooLarge = (limited: Context) =>
    lexError(limited, "ValidationException", 400, "The request body is too large.");
  const audioTooLarge = (limited: Context) =>
    lexError(
      limited,
      "ValidationException",
      400,
      "The audio is too large: send at most one minute of speech (16 kHz, 16-bit mono is 1.9 MB a minute).",
    );
  const audioLimit = limitBody({ maxSize: AUDIO_BODY_LIMIT_BYTES, onError: audioTooLarge });
  const jsonLimit = limitBody({ maxSize: JSON_BODY_LIMIT_BYTES, onError: tooLarge });
  api.use(async (context, next) => {
    // A conversation's body is read as it arrives and counted by its reader (readInputEvents):
    // this limit would hold every event back until the client ended its stream.
    if (context.req.path.endsWith("/conversation")) return next();
    return (context.req.path.endsWith("/utterance") ? audioLimit : jsonLimit)(context, next);
  });

  api.post(`${session}/text`, async (context) =>
    context.json(await provider.recognizeText(keyOf(context), await readJson(context), botContext(context))),
  );

  api.post(`${session}/utterance`, async (context) => {
    const result = await provider.recognizeUtterance(
      keyOf(context),
      {
        contentType: context.req.header("Content-Type") ?? "",
        body: new Uint8Array(await context.req.arrayBuffer()),
        sessionState: context.req.header("x-amz-lex-session-state"),
        requestAttributes: context.req.header("x-amz-lex-request-attributes"),
        responseContentType: context.req.header("Response-Content-Type"),
      },
      botContext(context),
    );
    return streamed(context, result);
  });

  // StartConversation: HTTP/2 (h2c on the same port), an event stream each way; AUDIO mode with
  // the server's own speech.
  api.post(`${session}/conversation`, async (context) => {
    const key = keyOf(context);
    const problem = sessionKeyProblem(key);
    if (problem) throw new FeatureError("invalid", `1 validation error detected: ${problem}`);
    const mode = context.req.header("x-amz-lex-conversation-mode") ?? "TEXT";
    if (mode !== "TEXT" && mode !== "AUDIO") {
      throw new FeatureError(
        "invalid",
        `1 validation error detected: Value '${mode.slice(0, 20)}' at 'conversationMode' failed to satisfy constraint: Member must satisfy enum value set: [AUDIO, TEXT].`,
      );
    }
    const turnContext = botContext(context);
    const speechUnavailable = async () => provider.speechProblem ?? "this server has no speech.";
    if (mode === "AUDIO" && !provider.speech) {
      throw new FeatureError(
        "invalid",
        `An AUDIO conversation is not available: ${await speechUnavailable()}`,
      );
    }
    // Node's request object, when served by Node (absent when the app is called in-process).
    const incoming = (context.env as { incoming?: { httpVersionMajor?: number } } | undefined)?.incoming;
    const { body } = context.req.raw;
    if (incoming?.httpVersionMajor !== 2 || !body) {
      throw new FeatureError(
        "invalid",
        "StartConversation is a two-way event stream over HTTP/2: use an HTTP/2 client (the AWS SDK's default handler), or RecognizeText.",
      );
    }
    const { speech } = provider;
    // Aborted when the response is closed, so a conversation waiting for the client ends at once
    // (and gives back the decoder of an utterance it was hearing).
    const stopped = new AbortController();
    const outputs = converse(
      readInputEvents(streamChunks(body), {
        maxBytes: mode === "AUDIO" ? MAX_AUDIO_CONVERSATION_BYTES : MAX_CONVERSATION_BYTES,
      }),
      {
        sessionId: key.sessionId,
        mode,
        recognizeText: (turn) => provider.recognizeText(key, turn, turnContext),
        ...(speech
          ? {
              speech: {
                voice: speech.voice,
                recognizeNothing: (turn) => speech.recognizeNothing(key, turn, turnContext),
              },
            }
          : {}),
        speechUnavailable,
        signal: stopped.signal,
      },
    );
    const stream = new ReadableStream<Uint8Array>({
      async pull(controller) {
        let message: Uint8Array;
        let last = false;
        try {
          const next = await outputs.next();
          if (next.done) {
            controller.close();
            return;
          }
          message = encodeOutput(next.value);
        } catch (error) {
          // As Lex does, an error ends the conversation with an exception message in the stream.
          const { type, message: text } = conversationErrorOf(error, context);
          message = encodeOutput({ kind: "exception", type, message: text });
          last = true;
        }
        // The response may have been closed meanwhile; nothing is left to tell then.
        if (stopped.signal.aborted) return;
        controller.enqueue(message);
        if (last) controller.close();
      },
      async cancel() {
        stopped.abort();
        await outputs.return(undefined);
      },
    });
    return context.body(stream, 200, { "Content-Type": "application/vnd.amazon.eventstream" });
  });

  api.get(session, async (context) =>
    context.json(await provider.getSession(keyOf(context), botContext(context))),
  );

  api.post(session, async (context) => {
    const result = await provider.putSession(
      keyOf(context),
      { body: await readJson(context), responseContentType: context.req.header("ResponseContentType") },
      botContext(context),
    );
    return streamed(context, result);
  });

  api.delete(session, async (context) =>
    context.json(await provider.deleteSession(keyOf(context), botContext(context))),
  );

  // A session path with an empty or odd id still gets Lex's ValidationException; anything else is unknown.
  api.all("/*", (context) => {
    const match =
      /^\/bots\/([^/]*)\/botAliases\/([^/]*)\/botLocales\/([^/]*)\/sessions\/([^/]*)(?:\/(text|utterance|conversation))?\/?$/.exec(
        context.req.path,
      );
    if (match) {
      const [, botId = "", botAliasId = "", localeId = "", sessionId = ""] = match;
      const problem = sessionKeyProblem({ botId, botAliasId, localeId, sessionId });
      if (problem)
        return lexError(context, "ValidationException", 400, `1 validation error detected: ${problem}`);
    }
    return lexError(
      context,
      "UnknownOperationException",
      404,
      "No Lex runtime operation answers this method and path.",
    );
  });

  /** What ends a conversation, as Lex's exception type and message (logged like the answers below). */
  function conversationErrorOf(error: unknown, context: Context<ApiEnv>): { type: string; message: string } {
    if (error instanceof FeatureError) return { type: lexErrorFor[error.kind].type, message: error.message };
    if (error instanceof LexServiceError) return { type: error.errorType, message: error.message };
    context
      .get("logger")
      .error({ msg: "bot conversation error", requestId: context.get("requestId"), err: error });
    return {
      type: "InternalServerException",
      message: "The assistant had a problem on our side. Please try again.",
    };
  }

  api.onError((error, context) => {
    if (error instanceof FeatureError) {
      const { type, status } = lexErrorFor[error.kind];
      if (error.retryAfterSeconds) context.header("Retry-After", String(error.retryAfterSeconds));
      return lexError(context, type, status, error.message);
    }
    if (error instanceof LexServiceError) {
      context.get("logger").warn({
        msg: "Amazon Lex error",
        requestId: context.get("requestId"),
        type: error.errorType,
        status: error.status,
      });
      return lexError(context, error.errorType, error.status, error.message);
    }
    if (isDatabaseUnavailable(error)) {
      // Lex has no outage type of its own; the SDKs retry a 5xx InternalServerException by themselves.
      context
        .get("logger")
        .warn({ msg: "database unavailable", requestId: context.get("requestId"), err: error });
      context.header("Retry-After", "5");
      return lexError(
        context,
        "InternalServerException",
        503,
        "The assistant cannot reach its memory right now. Please try again in a few seconds.",
      );
    }
    context.get("logger").error({ msg: "bot API error", requestId: context.get("requestId"), err: error });
    return lexError(
      context,
      "InternalServerException",
      500,
      "The assistant had a problem on our side. Please try again.",
    );
  });

  return api;
}
