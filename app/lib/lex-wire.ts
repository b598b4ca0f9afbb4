/**
 * The Amazon Lex V2 runtime structures the bot API speaks (field names as Lex sends them), with
 * zod schemas for what clients send us. The limits are Lex's documented ones where Lex has them,
 * and ours (written down here) where it does not.
 */
import { z } from "zod";

export const LIMITS = {
  textMin: 1,
  textMax: 1024,
  sessionIdMin: 2,
  sessionIdMax: 100,
  /** Our cap on a whole session state as JSON, so one session cannot fill the database. */
  sessionStateBytes: 16 * 1024,
  /** Our cap on request attributes as JSON. */
  requestAttributesBytes: 8 * 1024,
  messagesMax: 10,
  messageContentMax: 1000,
  buttonsMax: 5,
  buttonTextMax: 50,
  cardTitleMax: 250,
} as const;

const SESSION_ID_PATTERN = /^[0-9a-zA-Z._:-]+$/;
/** Lex's bot and alias identifiers: ten upper-case letters or digits (e.g. VAHUBBOT01, TSTALIASID). */
const BOT_ID_PATTERN = /^[0-9A-Z]{10}$/;
/** A Lex locale such as en_US, en_GB or es_419. */
const LOCALE_ID_PATTERN = /^[a-z]{2}_(?:[A-Z]{2}|\d{3})$/;

const dialogActionTypes = [
  "Close",
  "ConfirmIntent",
  "Delegate",
  "ElicitIntent",
  "ElicitSlot",
  "None",
] as const;
const intentStates = [
  "Failed",
  "Fulfilled",
  "InProgress",
  "ReadyForFulfillment",
  "Waiting",
  "FulfillmentInProgress",
] as const;
const confirmationStates = ["Confirmed", "Denied", "None"] as const;
const messageContentTypes = ["CustomPayload", "ImageResponseCard", "PlainText", "SSML"] as const;
const sentiments = ["MIXED", "NEGATIVE", "NEUTRAL", "POSITIVE"] as const;

type DialogActionType = (typeof dialogActionTypes)[number];
type IntentState = (typeof intentStates)[number];
type ConfirmationState = (typeof confirmationStates)[number];
type Sentiment = (typeof sentiments)[number];

interface SlotValue {
  originalValue?: string;
  interpretedValue: string;
  resolvedValues?: string[];
}

export interface Slot {
  value?: SlotValue;
  shape?: "Scalar" | "List" | "Composite";
  values?: Slot[];
  subSlots?: Record<string, Slot | null>;
}

export type Slots = Record<string, Slot | null>;

export interface Intent {
  name: string;
  slots?: Slots;
  state?: IntentState;
  confirmationState?: ConfirmationState;
}

interface DialogAction {
  type: DialogActionType;
  slotToElicit?: string;
  slotElicitationStyle?: "Default" | "SpellByLetter" | "SpellByWord";
  subSlotToElicit?: ElicitSubSlot;
}

interface ElicitSubSlot {
  name: string;
  subSlotToElicit?: ElicitSubSlot;
}

interface ActiveContext {
  name: string;
  timeToLive: { timeToLiveInSeconds: number; turnsToLive: number };
  contextAttributes: Record<string, string>;
}

export interface SessionState {
  dialogAction?: DialogAction;
  intent?: Intent;
  activeContexts?: ActiveContext[];
  sessionAttributes?: Record<string, string>;
  originatingRequestId?: string;
  runtimeHints?: { slotHints?: Record<string, Record<string, unknown>> };
}

export interface Button {
  text: string;
  value: string;
}

interface ImageResponseCard {
  title: string;
  subtitle?: string;
  imageUrl?: string;
  buttons?: Button[];
}

export interface Message {
  contentType: (typeof messageContentTypes)[number];
  content?: string;
  imageResponseCard?: ImageResponseCard;
}

interface SentimentScore {
  positive: number;
  negative: number;
  neutral: number;
  mixed: number;
}

export interface SentimentResponse {
  sentiment: Sentiment;
  sentimentScore: SentimentScore;
}

export interface Interpretation {
  nluConfidence?: { score: number };
  sentimentResponse?: SentimentResponse;
  intent: Intent;
  interpretationSource?: "Lex" | "Bedrock";
}

export interface RecognizeTextResponse {
  messages?: Message[];
  sessionState?: SessionState;
  interpretations?: Interpretation[];
  requestAttributes?: Record<string, string>;
  sessionId?: string;
  recognizedBotMember?: { botId: string; botName?: string };
}

export interface GetSessionResponse {
  sessionId?: string;
  messages?: Message[];
  interpretations?: Interpretation[];
  sessionState?: SessionState;
}

// ---- What clients send: checked strictly enough that nothing odd reaches the dialog or the database.

/** One line or several, but no NUL or other control characters (PostgreSQL cannot store NUL). */
const cleanText = /^(?:[^\p{Cc}]|[\t\n\r])*$/u;
/** Half of a UTF-16 pair on its own: text that was cut or was never text. */
const loneSurrogate = /\p{Cs}/u;

function text(min: number, max: number, label: string) {
  return z
    .string({ error: `${label} must be a string.` })
    .min(min, `${label} must have length greater than or equal to ${min}.`)
    .max(max, `${label} must have length less than or equal to ${max}.`)
    .refine((value) => !loneSurrogate.test(value), `${label} must be well-formed Unicode text.`)
    .refine((value) => cleanText.test(value), `${label} must not contain control characters.`);
}

const name = text(1, 100, "A name");

const slotValueSchema = z.object({
  originalValue: text(0, 1024, "slot originalValue").optional(),
  interpretedValue: text(1, 1024, "slot interpretedValue"),
  resolvedValues: z
    .array(text(0, 1024, "slot resolvedValues"))
    .max(20)
    .optional(),
});

const slotSchema: z.ZodType<Slot> = z.lazy(() =>
  z.object({
    value: slotValueSchema.optional(),
    shape: z.enum(["Scalar", "List", "Composite"]).optional(),
    values: z.array(slotSchema).max(20).optional(),
    subSlots: z.record(name, slotSchema.nullable()).optional(),
  }),
);

const elicitSubSlotSchema: z.ZodType<ElicitSubSlot> = z.lazy(() =>
  z.object({ name, subSlotToElicit: elicitSubSlotSchema.optional() }),
);

export const sessionStateSchema = z.object({
  dialogAction: z
    .object({
      type: z.enum(dialogActionTypes, { error: "dialogAction.type is not a Lex dialog action type." }),
      slotToElicit: name.optional(),
      slotElicitationStyle: z.enum(["Default", "SpellByLetter", "SpellByWord"]).optional(),
      subSlotToElicit: elicitSubSlotSchema.optional(),
    })
    .optional(),
  intent: z
    .object({
      name,
      slots: z.record(name, slotSchema.nullable()).optional(),
      state: z.enum(intentStates, { error: "intent.state is not a Lex intent state." }).optional(),
      confirmationState: z
        .enum(confirmationStates, { error: "intent.confirmationState is not a Lex confirmation state." })
        .optional(),
    })
    .optional(),
  activeContexts: z
    .array(
      z.object({
        name,
        timeToLive: z.object({
          timeToLiveInSeconds: z.number().int().min(5).max(86_400),
          turnsToLive: z.number().int().min(1).max(20),
        }),
        contextAttributes: z.record(text(1, 100, "A context attribute name"), text(0, 1024, "A value")),
      }),
    )
    .max(20)
    .optional(),
  sessionAttributes: z.record(text(1, 100, "A session attribute name"), text(0, 1024, "A value")).optional(),
  originatingRequestId: text(1, 100, "originatingRequestId").optional(),
  runtimeHints: z.object({ slotHints: z.record(name, z.record(name, z.unknown())).optional() }).optional(),
});

const buttonSchema = z.object({
  text: text(1, LIMITS.buttonTextMax, "A button text"),
  value: text(1, LIMITS.buttonTextMax, "A button value"),
});

const messageSchema = z.object({
  contentType: z.enum(messageContentTypes, { error: "message.contentType is not a Lex content type." }),
  content: text(1, LIMITS.messageContentMax, "A message content").optional(),
  imageResponseCard: z
    .object({
      title: text(1, LIMITS.cardTitleMax, "A card title"),
      subtitle: text(1, LIMITS.cardTitleMax, "A card subtitle").optional(),
      imageUrl: text(1, LIMITS.cardTitleMax, "A card imageUrl").optional(),
      buttons: z.array(buttonSchema).max(LIMITS.buttonsMax).optional(),
    })
    .optional(),
});

const requestAttributesSchema = z.record(
  text(1, 100, "A request attribute name"),
  text(0, 1024, "A request attribute value"),
);

const inputTextSchema = text(LIMITS.textMin, LIMITS.textMax, "text");

export const recognizeTextBodySchema = z.object({
  text: inputTextSchema,
  sessionState: sessionStateSchema.optional(),
  requestAttributes: requestAttributesSchema.optional(),
});

export const putSessionBodySchema = z.object({
  sessionState: sessionStateSchema,
  messages: z.array(messageSchema).max(LIMITS.messagesMax).optional(),
  requestAttributes: requestAttributesSchema.optional(),
});

/** The bot the chat widget talks to, from the server's settings (LEX_BOT_ID and friends). */
export interface ChatBotAddress {
  botId: string;
  botAliasId: string;
  localeId: string;
  /** The bot hears and speaks (RecognizeUtterance works): the widget offers its microphone. */
  voice?: boolean;
}

/** The four parts of a session's address. */
export interface SessionKey {
  botId: string;
  botAliasId: string;
  localeId: string;
  sessionId: string;
}

/** What is wrong with a session address, in Lex's words for each part, or undefined when it is fine. */
export function sessionKeyProblem(key: SessionKey): string | undefined {
  if (!BOT_ID_PATTERN.test(key.botId)) {
    return "Value at 'botId' failed to satisfy constraint: Member must be 10 upper-case letters or digits.";
  }
  if (!BOT_ID_PATTERN.test(key.botAliasId)) {
    return "Value at 'botAliasId' failed to satisfy constraint: Member must be 10 upper-case letters or digits.";
  }
  if (!LOCALE_ID_PATTERN.test(key.localeId)) {
    return "Value at 'localeId' failed to satisfy constraint: Member must be a locale such as en_US.";
  }
  const { sessionId } = key;
  if (sessionId.length < LIMITS.sessionIdMin || sessionId.length > LIMITS.sessionIdMax) {
    return `Value at 'sessionId' failed to satisfy constraint: Member must have length between ${LIMITS.sessionIdMin} and ${LIMITS.sessionIdMax}.`;
  }
  if (!SESSION_ID_PATTERN.test(sessionId)) {
    return "Value at 'sessionId' failed to satisfy constraint: Member must satisfy regular expression pattern: [0-9a-zA-Z._:-]+";
  }
  return undefined;
}
