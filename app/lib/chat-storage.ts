/**
 * What the chat widget keeps in the tab's sessionStorage so a conversation survives navigation and
 * reloads: the bot session id, the transcript (only what the visitor typed and the assistant
 * answered, spoken turns as the words the assistant heard) and two view flags. sessionStorage ends
 * with the tab, so nothing lingers on a shared computer after it is closed; nothing else about the
 * visitor is stored (no recording, no spoken answer).
 */

import { CHAT_STORAGE_KEY } from "./chat-view";

/** Older entries are dropped past this, so the stored transcript stays small. */
const MAX_STORED_ENTRIES = 80;

export interface ChatButton {
  text: string;
  value: string;
}

export interface ChatCard {
  title: string;
  subtitle?: string;
  buttons: ChatButton[];
}

export interface ChatEntry {
  id: string;
  role: "user" | "bot";
  text?: string;
  cards?: ChatCard[];
  /** The text actually sent (a quick reply sends its value, shows its label). */
  sent?: string;
  /** A message the visitor did not type (the opening greeting): not shown, but retried on failure. */
  hidden?: boolean;
  /** Spoken, not typed: its recording is kept in memory only, for a retry on this page. */
  spoken?: boolean;
  status?: "sending" | "failed";
  error?: string;
}

export interface StoredChat {
  sessionId: string;
  entries: ChatEntry[];
  open: boolean;
  unread: number;
}

export function loadChat(): StoredChat | undefined {
  try {
    const raw = window.sessionStorage.getItem(CHAT_STORAGE_KEY);
    if (!raw) return undefined;
    const parsed = JSON.parse(raw) as Partial<StoredChat>;
    if (typeof parsed.sessionId !== "string" || !Array.isArray(parsed.entries)) return undefined;
    return {
      sessionId: parsed.sessionId,
      // A message still "sending" when the page went away did not get its answer: offer a retry.
      entries: parsed.entries.map((entry) =>
        entry.status === "sending" ? { ...entry, status: "failed", error: "Not sent." } : entry,
      ),
      open: parsed.open === true,
      unread: typeof parsed.unread === "number" ? parsed.unread : 0,
    };
  } catch {
    return undefined;
  }
}

export function saveChat(chat: StoredChat): void {
  try {
    window.sessionStorage.setItem(
      CHAT_STORAGE_KEY,
      JSON.stringify({ ...chat, entries: chat.entries.slice(-MAX_STORED_ENTRIES) }),
    );
  } catch {
    // Storage full or blocked (private mode): the conversation simply does not survive a reload.
  }
}

export function clearChat(): void {
  try {
    window.sessionStorage.removeItem(CHAT_STORAGE_KEY);
  } catch {
    // Nothing to do.
  }
}
