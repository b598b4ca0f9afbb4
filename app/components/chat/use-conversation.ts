import { type RefObject, useCallback, useEffect, useRef, useState } from "react";
import { forgetSession, sendAudio, sendText } from "~/lib/bot-client";
import { type ChatEntry, clearChat, loadChat, type StoredChat, saveChat } from "~/lib/chat-storage";
import type { ChatBotAddress, Message } from "~/lib/lex-wire";
import { botEntries, newChat, newId } from "./chat-entries";

/** What the widget says first, silently, to get the assistant's greeting and choices. */
const OPENING = "hello";
/** The visitor's spoken message, until the assistant says what it heard. */
const VOICE_MESSAGE = "Voice message";
/** The visitor's spoken message when the assistant caught no words (its answer says so). */
const NOT_CAUGHT = "Voice message (not understood)";

/** One turn's answer, typed or spoken: `heard` is what a spoken turn was heard to say. */
type TurnReply = { ok: true; messages: Message[]; heard?: string } | { ok: false; error: string };
type Ask = (sessionId: string, sessionAttributes: Record<string, string>) => Promise<TurnReply>;

/**
 * The conversation: the stored transcript, and the one flow every turn goes through, typed or
 * spoken (the visitor's entry, sending, failure and retry, the answers, the unread count).
 */
export function useConversation({
  bot,
  signedIn,
  openRef,
  onUnread,
}: {
  bot: ChatBotAddress;
  signedIn: boolean;
  openRef: RefObject<boolean>;
  onUnread(count: number): void;
}) {
  const [chat, setChat] = useState<StoredChat>(() => loadChat() ?? newChat());
  const [pending, setPending] = useState(0);
  const chatRef = useRef(chat);
  /** Spoken turns' recordings, by entry, until answered: a failed one can be sent again. */
  const recordings = useRef(new Map<string, Blob>());

  /** Applies a change at once (the ref is the source of truth, so async steps see it), then renders and stores it. */
  const update = useCallback((change: (current: StoredChat) => StoredChat) => {
    const next = change(chatRef.current);
    chatRef.current = next;
    saveChat(next);
    setChat(next);
  }, []);

  /** One turn: shows the visitor's entry (new, or a retry of the entry with its id), asks, adds the answer. */
  const turn = useCallback(
    async (entry: ChatEntry, ask: Ask): Promise<boolean> => {
      const { id } = entry;
      const sessionId = chatRef.current.sessionId;
      update((current) => ({
        ...current,
        entries: current.entries.some((candidate) => candidate.id === id)
          ? current.entries.map((candidate) =>
              candidate.id === id ? { ...candidate, status: "sending", error: undefined } : candidate,
            )
          : [...current.entries, { ...entry, status: "sending" }],
      }));
      setPending((count) => count + 1);
      try {
        // The browser's zone, so "tomorrow afternoon" means the visitor's afternoon.
        const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
        const reply = await ask(sessionId, { signedIn: String(signedIn), timeZone });
        if (!reply.ok) {
          update((current) => ({
            ...current,
            entries: current.entries.map((candidate) =>
              candidate.id === id ? { ...candidate, status: "failed", error: reply.error } : candidate,
            ),
          }));
          return false;
        }
        // An answer for a conversation that was started over in the meantime is dropped.
        if (chatRef.current.sessionId !== sessionId) return false;
        const answers = botEntries(reply.messages);
        const unread = openRef.current ? 0 : chatRef.current.unread + answers.length;
        const heard = reply.heard === undefined ? {} : { text: reply.heard || NOT_CAUGHT };
        update((current) => ({
          ...current,
          entries: [
            ...current.entries.map((candidate) =>
              candidate.id === id
                ? { ...candidate, ...heard, status: undefined, error: undefined }
                : candidate,
            ),
            ...answers,
          ],
          unread,
        }));
        if (!openRef.current) onUnread(unread);
        return true;
      } finally {
        setPending((count) => count - 1);
      }
    },
    [signedIn, update, onUnread, openRef],
  );

  /** Sends a typed message (or a quick reply's value, shown as its label). */
  const send = useCallback(
    (text: string, options: { label?: string; hidden?: boolean; retryOf?: string } = {}) =>
      turn(
        {
          id: options.retryOf ?? newId(),
          role: "user",
          text: options.label ?? text,
          sent: text,
          hidden: options.hidden,
        },
        (sessionId, attributes) => sendText(bot, sessionId, text, attributes),
      ),
    [bot, turn],
  );

  /** Sends a recording; resolves to the spoken answer, when there is one to play. */
  const sendVoice = useCallback(
    async (wav: Blob, retryOf?: string): Promise<Blob | null> => {
      const id = retryOf ?? newId();
      recordings.current.set(id, wav);
      const spoken: { audio: Blob | null } = { audio: null };
      const answered = await turn(
        { id, role: "user", text: VOICE_MESSAGE, spoken: true },
        async (sessionId, attributes) => {
          const reply = await sendAudio(bot, sessionId, wav, attributes);
          if (!reply.ok) return reply;
          spoken.audio = reply.audio;
          return { ok: true, messages: reply.messages, heard: reply.transcript };
        },
      );
      if (!answered) return null;
      recordings.current.delete(id);
      return spoken.audio;
    },
    [bot, turn],
  );

  /** A failed entry can be sent again: typed ones always, spoken ones while their recording is here. */
  const canRetry = (entry: ChatEntry) => !entry.spoken || recordings.current.has(entry.id);

  /** Sends a failed entry again; resolves to the spoken answer of a spoken one. */
  const retry = async (entry: ChatEntry): Promise<Blob | null> => {
    const recording = recordings.current.get(entry.id);
    if (entry.spoken) return recording ? sendVoice(recording, entry.id) : null;
    await send(entry.sent ?? entry.text ?? OPENING, {
      retryOf: entry.id,
      hidden: entry.hidden,
      label: entry.text,
    });
    return null;
  };

  // A new conversation starts with the assistant's greeting.
  const greeted = useRef(false);
  useEffect(() => {
    if (greeted.current || chat.entries.length > 0) return;
    greeted.current = true;
    void send(OPENING, { hidden: true });
  }, [chat.entries.length, send]);

  /** Forgets this conversation, here and on the server, and starts another. */
  const startOver = async () => {
    const { sessionId } = chatRef.current;
    clearChat();
    recordings.current.clear();
    update(() => newChat());
    greeted.current = true;
    // A session that never reached the server is fine too.
    void forgetSession(bot, sessionId);
    await send(OPENING, { hidden: true });
  };

  return { chat, typing: pending > 0, update, send, sendVoice, canRetry, retry, startOver };
}
