/**
 * The built-in assistant's Lex V2 runtime operations over the database: RecognizeText, GetSession,
 * PutSession and DeleteSession. Sessions live in bot_sessions (one row per session key), so any
 * server process can take the next turn; each turn holds the row's lock, so two turns of one session
 * never interleave and a confirmed request creates exactly one inquiry.
 */

import { botSessions } from "@db/schema";
import { and, eq, isNull, lt, lte, or, type SQL, sql } from "drizzle-orm";
import { type InquiryContext, submitInquiry } from "~/features/contact/contact.server";
import type { Database, Transaction } from "~/infra/db.server";
import { consumeRateLimit } from "~/infra/rate-limit.server";
import { isTimeZone } from "~/lib/dates";
import { FeatureError } from "~/lib/errors";
import {
  type GetSessionResponse,
  type Interpretation,
  LIMITS,
  type Message,
  putSessionBodySchema,
  type RecognizeTextResponse,
  recognizeTextBodySchema,
  type SessionKey,
  type SessionState,
  sessionStateSchema,
} from "~/lib/lex-wire";
import { assistantData } from "./assistant-data.server";
import { checkSessionKey, checkSizes, jsonBytes, parseBody, validationError } from "./bot-request-checks";
import { INTENT, knownIntentNames } from "./catalog";
import { checkClientState, promptForState } from "./client-state";
import { type InquiryOutcome, takeTurn } from "./dialog";
import { plain } from "./messages";

export interface BotSettings {
  /** Messages (RecognizeText, RecognizeUtterance, PutSession) a minute per session. */
  messagesPerMinute: number;
  /** A session untouched this long is gone. */
  idleSeconds: number;
  /** New sessions an hour from one client address. */
  newSessionsPerHour: number;
}

export interface BotContext {
  settings: BotSettings;
  /** For the inquiry a dialog may create (its per-address limit and the agency's address). */
  inquiry: InquiryContext;
  /** The visitor is signed in (our session cookie); a client may also say so in session attributes. */
  signedIn: boolean;
  /**
   * SHA-256 of the calling browser's bot cookie: a session it opens is its alone. Undefined for a
   * client that keeps no cookies (an SDK); its sessions are open to whoever holds the id, as in Lex.
   */
  owner?: string;
  requestId?: string;
  now?: Date;
  /** The zone of the booking grid (AGENCY_TZ); answers about hours and free slots use it. */
  agencyZone?: string;
  /** The payment providers customers can use here, by name. */
  paymentProviders?: string[];
  /** The user signed in through this request (cookie or token): only they can ask for their appointments. */
  userId?: string;
  /** This turn's message was counted against the session's limit already (a spoken turn, before it was heard). */
  messageCounted?: boolean;
}

function rateLimitKey(key: SessionKey): string {
  return `bot:${key.botId}:${key.botAliasId}:${key.localeId}:${key.sessionId}`;
}

/** Counts one message against the session's limit; past it, a rate-limited error (Lex's ThrottlingException). */
export async function countBotMessage(
  db: Database,
  key: SessionKey,
  settings: BotSettings,
  now: Date,
): Promise<void> {
  try {
    await consumeRateLimit(
      db,
      { key: rateLimitKey(key), limit: settings.messagesPerMinute, windowSeconds: 60 },
      now,
    );
  } catch (error) {
    if (error instanceof FeatureError && error.kind === "rate-limited") {
      throw new FeatureError(
        "rate-limited",
        `Rate exceeded: this session may send ${settings.messagesPerMinute} messages a minute. Please wait ${error.retryAfterSeconds ?? 60} seconds.`,
        {},
        error.retryAfterSeconds,
      );
    }
    throw error;
  }
}

/** Counts a session this address opens (its first turn, or the first after it expired) against the hourly limit. */
async function countNewSession(db: Database, key: SessionKey, context: BotContext, now: Date): Promise<void> {
  const [existing] = await db
    .select({ expiresAt: botSessions.expiresAt })
    .from(botSessions)
    .where(keyMatches(key));
  if (existing && existing.expiresAt > now) return;
  const limit = context.settings.newSessionsPerHour;
  try {
    await consumeRateLimit(
      db,
      { key: `bot-sessions:ip:${context.inquiry.clientAddress}`, limit, windowSeconds: 3600 },
      now,
    );
  } catch (error) {
    if (error instanceof FeatureError && error.kind === "rate-limited") {
      throw new FeatureError(
        "rate-limited",
        `Rate exceeded: one address may start ${limit} conversations an hour. Please wait ${error.retryAfterSeconds ?? 3600} seconds.`,
        {},
        error.retryAfterSeconds,
      );
    }
    throw error;
  }
}

const BELONGS_ELSEWHERE = "This conversation was started in another browser. Please start a new one.";

/** The caller may use the session: it is gone (its id is free again), has no owner, or is the caller's. */
function usableBy(owner: string | undefined, now: Date): SQL {
  return or(
    lte(botSessions.expiresAt, now),
    isNull(botSessions.ownerHash),
    owner ? eq(botSessions.ownerHash, owner) : sql`false`,
  )!;
}

/** In an upsert: a gone session's id passes to the caller; a live one keeps its owner. */
function ownerAfterUpsert(now: Date): SQL {
  return sql`case when ${botSessions.expiresAt} <= ${now.toISOString()}::timestamptz then excluded.owner_hash else ${botSessions.ownerHash} end`;
}

function keyMatches(key: SessionKey) {
  return and(
    eq(botSessions.botId, key.botId),
    eq(botSessions.botAliasId, key.botAliasId),
    eq(botSessions.localeId, key.localeId),
    eq(botSessions.sessionId, key.sessionId),
  );
}

interface StoredSession {
  sessionState: SessionState;
  messages: Message[];
  interpretations: Interpretation[];
}

/** A stored state read back; anything that no longer fits the schema starts afresh. */
function storedState(value: unknown): SessionState {
  const parsed = sessionStateSchema.safeParse(value);
  return parsed.success ? parsed.data : {};
}

/** Client-sent state laid over the stored one: fields it sends replace, session attributes merge. */
function mergeState(stored: SessionState, sent: SessionState | undefined): SessionState {
  if (!sent) return stored;
  return {
    ...stored,
    ...sent,
    sessionAttributes: { ...(stored.sessionAttributes ?? {}), ...(sent.sessionAttributes ?? {}) },
  };
}

function expiry(now: Date, settings: BotSettings): Date {
  return new Date(now.getTime() + settings.idleSeconds * 1000);
}

/**
 * Locks the session's row for this transaction and reads it, creating it when the session is new:
 * one upsert whose no-op update takes the row lock (as SELECT … FOR UPDATE would) and returns the row.
 */
async function lockSession(
  transaction: Transaction,
  key: SessionKey,
  context: BotContext,
  now: Date,
): Promise<SessionState> {
  const [row] = await transaction
    .insert(botSessions)
    .values({ ...key, sessionState: {}, expiresAt: expiry(now, context.settings), ownerHash: context.owner })
    .onConflictDoUpdate({
      target: [botSessions.botId, botSessions.botAliasId, botSessions.localeId, botSessions.sessionId],
      set: { turns: sql`${botSessions.turns}`, ownerHash: ownerAfterUpsert(now) },
      setWhere: usableBy(context.owner, now),
    })
    .returning({ sessionState: botSessions.sessionState, expiresAt: botSessions.expiresAt });
  if (!row) throw new FeatureError("forbidden", BELONGS_ELSEWHERE);
  if (row.expiresAt <= now) return {};
  return storedState(row.sessionState);
}

async function saveSession(
  transaction: Transaction,
  key: SessionKey,
  session: StoredSession,
  context: BotContext,
  now: Date,
): Promise<void> {
  await transaction
    .update(botSessions)
    .set({
      sessionState: session.sessionState as Record<string, unknown>,
      messages: session.messages,
      interpretations: session.interpretations,
      turns: sql`${botSessions.turns} + 1`,
      updatedAt: now,
      expiresAt: expiry(now, context.settings),
    })
    .where(keyMatches(key));
}

/** The zone the widget says the visitor's browser is in, when it is a real zone. */
function visitorZoneOf(state: SessionState): string | undefined {
  const zone = state.sessionAttributes?.timeZone;
  return zone && isTimeZone(zone) ? zone : undefined;
}

function signedInFrom(context: BotContext, state: SessionState): boolean {
  return context.signedIn || state.sessionAttributes?.signedIn === "true";
}

/** RecognizeText: one turn of conversation. */
export function recognizeText(
  db: Database,
  key: SessionKey,
  body: unknown,
  context: BotContext,
): Promise<RecognizeTextResponse> {
  checkSessionKey(key);
  const request = parseBody(recognizeTextBodySchema, body);
  return runTurn(db, key, request, context, (transaction, state, now) =>
    takeTurn({
      text: request.text,
      state,
      signedIn: signedInFrom(context, state),
      now,
      requestId: context.requestId,
      data: assistantData(transaction as unknown as Database, {
        contact: context.inquiry.contact,
        agencyZone: context.agencyZone ?? "UTC",
        visitorZone: visitorZoneOf(state),
        paymentProviders: context.paymentProviders ?? [],
        userId: context.userId,
        now,
      }),
      submitInquiry: (input) => submitThroughContact(transaction, input, { ...context.inquiry, now }),
    }),
  );
}

/** What the assistant says when a spoken turn held no words it could make out. */
export const NOTHING_HEARD = "Sorry, I didn't catch that. Please say it again, or type your message.";

/**
 * A spoken turn in which nothing was heard (silence or noise): the visitor is asked again, and the
 * dialog stays where it was, as Lex does.
 */
export function recognizeNothing(
  db: Database,
  key: SessionKey,
  body: unknown,
  context: BotContext,
): Promise<RecognizeTextResponse> {
  checkSessionKey(key);
  const request = parseBody(recognizeTextBodySchema.omit({ text: true }), body);
  return runTurn(db, key, request, context, async (_transaction, state) => ({
    messages: [plain(NOTHING_HEARD)],
    sessionState: { ...state, sessionAttributes: state.sessionAttributes ?? {} },
    interpretations: [
      { intent: { name: INTENT.fallback, slots: {}, state: "Failed", confirmationState: "None" } },
    ],
  }));
}

/** One turn of a session: checked, counted, and taken under the session's lock. */
async function runTurn(
  db: Database,
  key: SessionKey,
  request: { sessionState?: unknown; requestAttributes?: Record<string, string> },
  context: BotContext,
  answer: (transaction: Transaction, state: SessionState, now: Date) => Promise<StoredSession>,
): Promise<RecognizeTextResponse> {
  const now = context.now ?? new Date();
  checkSizes(request.sessionState, request.requestAttributes);
  let sent: SessionState | undefined;
  if (request.sessionState) {
    const checked = checkClientState(request.sessionState, knownIntentNames(), now);
    if (!checked.ok) throw validationError("sessionState", checked.problem);
    sent = checked.state;
  }
  if (!context.messageCounted) await countBotMessage(db, key, context.settings, now);
  await countNewSession(db, key, context, now);

  return db.transaction(async (transaction) => {
    const stored = await lockSession(transaction, key, context, now);
    const state = mergeState(stored, sent);
    const result = await answer(transaction, state, now);
    if (jsonBytes(result.sessionState) > LIMITS.sessionStateBytes) {
      throw validationError("sessionState", "The conversation's state grew too large. Please start over.");
    }
    await saveSession(transaction, key, result, context, now);
    return {
      messages: result.messages,
      sessionState: result.sessionState,
      interpretations: result.interpretations,
      requestAttributes: request.requestAttributes ?? {},
      sessionId: key.sessionId,
    };
  });
}

async function submitThroughContact(
  transaction: Transaction,
  input: Record<string, unknown>,
  context: InquiryContext,
): Promise<InquiryOutcome> {
  try {
    const { id } = await transaction.transaction((savepoint) =>
      submitInquiry(savepoint as unknown as Database, input, context),
    );
    return { ok: true, id };
  } catch (error) {
    if (error instanceof FeatureError) {
      return { ok: false, kind: error.kind, message: error.message, fieldErrors: error.fieldErrors };
    }
    throw error;
  }
}

function notFound(key: SessionKey): FeatureError {
  return new FeatureError(
    "not-found",
    `Session '${key.sessionId}' was not found (it may have expired or been deleted).`,
  );
}

/** GetSession: the session's state and the last turn's messages and interpretations. */
export async function getSession(
  db: Database,
  key: SessionKey,
  context: Pick<BotContext, "owner" | "now">,
): Promise<GetSessionResponse> {
  const now = context.now ?? new Date();
  checkSessionKey(key);
  // Another browser's session reads as missing: its contact details are not for this caller.
  const [row] = await db
    .select()
    .from(botSessions)
    .where(and(keyMatches(key), usableBy(context.owner, now)));
  if (!row || row.expiresAt <= now) throw notFound(key);
  return {
    sessionId: key.sessionId,
    messages: row.messages as Message[],
    interpretations: row.interpretations as Interpretation[],
    sessionState: storedState(row.sessionState),
  };
}

export interface PutSessionResult {
  messages: Message[];
  sessionState: SessionState;
  requestAttributes: Record<string, string>;
  sessionId: string;
}

/** PutSession: sets the session's state (checked against what the assistant knows); fulfils nothing. */
export async function putSession(
  db: Database,
  key: SessionKey,
  body: unknown,
  context: BotContext,
): Promise<PutSessionResult> {
  const now = context.now ?? new Date();
  checkSessionKey(key);
  const request = parseBody(putSessionBodySchema, body);
  checkSizes(request.sessionState, request.requestAttributes);
  const checked = checkClientState(request.sessionState, knownIntentNames(), now);
  if (!checked.ok) throw validationError("sessionState", checked.problem);
  await countBotMessage(db, key, context.settings, now);
  await countNewSession(db, key, context, now);
  const sessionState: SessionState = { sessionAttributes: {}, ...checked.state };
  const messages = (request.messages as Message[] | undefined) ?? promptForState(sessionState, now);
  const written = await db
    .insert(botSessions)
    .values({
      ...key,
      sessionState: sessionState as Record<string, unknown>,
      messages,
      interpretations: [],
      expiresAt: expiry(now, context.settings),
      ownerHash: context.owner,
    })
    .onConflictDoUpdate({
      target: [botSessions.botId, botSessions.botAliasId, botSessions.localeId, botSessions.sessionId],
      set: {
        sessionState: sessionState as Record<string, unknown>,
        messages,
        interpretations: [],
        updatedAt: now,
        expiresAt: expiry(now, context.settings),
        ownerHash: ownerAfterUpsert(now),
      },
      setWhere: usableBy(context.owner, now),
    })
    .returning({ sessionId: botSessions.sessionId });
  if (written.length === 0) throw new FeatureError("forbidden", BELONGS_ELSEWHERE);
  return {
    messages,
    sessionState,
    requestAttributes: request.requestAttributes ?? {},
    sessionId: key.sessionId,
  };
}

/** DeleteSession: forgets the session. */
export async function deleteSession(
  db: Database,
  key: SessionKey,
  context: Pick<BotContext, "owner" | "now">,
): Promise<SessionKey> {
  const now = context.now ?? new Date();
  checkSessionKey(key);
  const deleted = await db
    .delete(botSessions)
    .where(and(keyMatches(key), usableBy(context.owner, now)))
    .returning({ expiresAt: botSessions.expiresAt });
  if (deleted.length === 0 || deleted[0]!.expiresAt <= now) throw notFound(key);
  return { botId: key.botId, botAliasId: key.botAliasId, localeId: key.localeId, sessionId: key.sessionId };
}

/** Removes sessions idle past their expiry; called from time to time by the server. */
export async function pruneBotSessions(db: Database, now = new Date()): Promise<number> {
  const removed = await db
    .delete(botSessions)
    .where(lt(botSessions.expiresAt, now))
    .returning({ id: botSessions.sessionId });
  return removed.length;
}
