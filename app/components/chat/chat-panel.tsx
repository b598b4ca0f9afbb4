// The chat panel, part of the chat that pages load on demand (chat-widget-button.tsx); it talks to our Lex V2 runtime API
// through ~/lib/bot-client (plain fetch).
import { RotateCcw, Volume2, VolumeX, WifiOff } from "lucide-react";
import { type KeyboardEvent, useCallback, useEffect, useRef, useState } from "react";
import { CloseIcon } from "~/components/site/icons";
import { forgetSession, sendText } from "~/lib/bot-client";
import { type ChatEntry, clearChat, loadChat, type StoredChat, saveChat } from "~/lib/chat-storage";
import type { ChatBotAddress } from "~/lib/lex-wire";
import { ChatComposer, MAX_INPUT } from "./chat-composer";
import { botEntries, newChat, newId } from "./chat-entries";
import { ChatTranscript } from "./chat-transcript";
import { plainText } from "./rich-text";
import { useFullScreen } from "./use-full-screen";
import { useSpeech } from "./use-speech";

/** What the widget says first, silently, to get the assistant's greeting and choices. */
const OPENING = "hello";

export interface ChatPanelProps {
  bot: ChatBotAddress;
  signedIn: boolean;
  open: boolean;
  onClose(): void;
  onUnread(count: number): void;
  /** The visitor's press opened it while the page's own launcher was being replaced (static pages). */
  openedByVisitor?: boolean;
}

export default function ChatPanel({
  bot,
  signedIn,
  open,
  onClose,
  onUnread,
  openedByVisitor,
}: ChatPanelProps) {
  const [chat, setChat] = useState<StoredChat>(() => loadChat() ?? newChat());
  const [pending, setPending] = useState(0);
  const [online, setOnline] = useState(true);
  const panelRef = useRef<HTMLElement>(null);
  const { fullScreen, keepFocusInside } = useFullScreen(panelRef);
  const inputRef = useRef<HTMLInputElement>(null);
  const scrollRef = useRef<HTMLDivElement>(null);
  const chatRef = useRef(chat);
  const openRef = useRef(open);
  openRef.current = open;

  /** Applies a change at once (the ref is the source of truth, so async steps see it), then renders and stores it. */
  const update = useCallback((change: (current: StoredChat) => StoredChat) => {
    const next = change(chatRef.current);
    chatRef.current = next;
    saveChat(next);
    setChat(next);
  }, []);

  // The offline notice follows the browser: messages sent meanwhile fail and can be retried.
  useEffect(() => {
    setOnline(navigator.onLine);
    const goOnline = () => setOnline(true);
    const goOffline = () => setOnline(false);
    window.addEventListener("online", goOnline);
    window.addEventListener("offline", goOffline);
    return () => {
      window.removeEventListener("online", goOnline);
      window.removeEventListener("offline", goOffline);
    };
  }, []);

  // Remember whether the panel is open; reading the conversation clears the unread count.
  useEffect(() => {
    update((current) => ({ ...current, open, unread: open ? 0 : current.unread }));
    if (open) {
      onUnread(0);
      // Focus the input when the visitor opened the chat (not when it reopened by itself on load).
      const focusIsOnThePage = document.activeElement && document.activeElement !== document.body;
      if (openedByVisitor || focusIsOnThePage) inputRef.current?.focus();
    }
  }, [open, update, onUnread, openedByVisitor]);

  // Keep the newest message in view.
  const entryCount = chat.entries.length;
  const typing = pending > 0;
  useEffect(() => {
    const scroller = scrollRef.current;
    // Runs when a message or the typing indicator appears, or the panel opens.
    if (scroller && open && (entryCount >= 0 || typing)) scroller.scrollTop = scroller.scrollHeight;
  }, [entryCount, typing, open]);

  // What the visitor says is sent like a typed message (`send` below exists by the time they speak).
  const speech = useSpeech(bot.localeId, (transcript) => void send(transcript.slice(0, MAX_INPUT)));
  const { speak: readAloud } = speech;

  /** Reads the assistant's answers aloud when the visitor asked for that. */
  const speak = useCallback(
    (entries: ChatEntry[]) => {
      if (!chatRef.current.speak) return;
      readAloud(entries.flatMap((entry) => (entry.text ? [plainText(entry.text)] : [])).join(" "));
    },
    [readAloud],
  );

  /** Sends one message (new, or a retry of the entry with this id) and adds the answer. */
  const send = useCallback(
    async (text: string, options: { label?: string; hidden?: boolean; retryOf?: string } = {}) => {
      const id = options.retryOf ?? newId();
      const sessionId = chatRef.current.sessionId;
      update((current) => {
        const existing = current.entries.some((entry) => entry.id === id);
        const entry: ChatEntry = {
          id,
          role: "user",
          text: options.label ?? text,
          sent: text,
          hidden: options.hidden,
          status: "sending",
        };
        return {
          ...current,
          entries: existing
            ? current.entries.map((candidate) =>
                candidate.id === id ? { ...candidate, status: "sending", error: undefined } : candidate,
              )
            : [...current.entries, entry],
        };
      });
      const fail = (error: string) =>
        update((current) => ({
          ...current,
          entries: current.entries.map((entry) =>
            entry.id === id ? { ...entry, status: "failed", error } : entry,
          ),
        }));
      setPending((count) => count + 1);
      try {
        // The browser's zone, so "tomorrow afternoon" means the visitor's afternoon.
        const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
        const reply = await sendText(bot, sessionId, text, { signedIn: String(signedIn), timeZone });
        if (!reply.ok) {
          fail(reply.error);
          return;
        }
        // An answer for a conversation that was started over in the meantime is dropped.
        if (chatRef.current.sessionId !== sessionId) return;
        const answers = botEntries(reply.messages);
        const unread = openRef.current ? 0 : chatRef.current.unread + answers.length;
        update((current) => ({
          ...current,
          entries: [
            ...current.entries.map((entry) =>
              entry.id === id ? { ...entry, status: undefined, error: undefined } : entry,
            ),
            ...answers,
          ],
          unread,
        }));
        if (!openRef.current) onUnread(unread);
        speak(answers);
      } finally {
        setPending((count) => count - 1);
      }
    },
    [bot, signedIn, update, onUnread, speak],
  );

  // A new conversation starts with the assistant's greeting.
  const greeted = useRef(false);
  useEffect(() => {
    if (greeted.current || chat.entries.length > 0) return;
    greeted.current = true;
    void send(OPENING, { hidden: true });
  }, [chat.entries.length, send]);

  const startOver = async () => {
    const { sessionId } = chatRef.current;
    speech.stopListening();
    speech.stopSpeaking();
    clearChat();
    const fresh = { ...newChat(), speak: chatRef.current.speak };
    update(() => fresh);
    greeted.current = true;
    inputRef.current?.focus();
    // The old conversation is forgotten on the server too (a session that never reached it is fine).
    void forgetSession(bot, sessionId);
    await send(OPENING, { hidden: true });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === "Escape") {
      event.stopPropagation();
      speech.stopListening();
      onClose();
      return;
    }
    keepFocusInside(event);
  };

  return (
    <section
      ref={panelRef}
      id="chat-panel"
      role="dialog"
      aria-modal={fullScreen ? "true" : undefined}
      aria-labelledby="chat-panel-title"
      hidden={!open}
      onKeyDown={onKeyDown}
      className="fixed inset-x-0 top-[var(--chat-top,0px)] z-50 flex h-[var(--chat-height,100dvh)] flex-col bg-white sm:inset-x-auto sm:top-auto sm:right-4 sm:bottom-20 sm:h-[min(38rem,calc(100dvh-7rem))] sm:w-[24rem] sm:overflow-hidden sm:rounded-2xl sm:border sm:border-gray-200 sm:shadow-2xl"
    >
      <div className="flex items-center gap-2 bg-brand-800 px-4 py-3 text-white">
        <div className="min-w-0 flex-1">
          <h2 id="chat-panel-title" className="font-semibold text-base">
            VA Hub assistant
          </h2>
          <p className="text-brand-100 text-xs">Automated answers, any time</p>
        </div>
        {speech.canSpeak ? (
          <button
            type="button"
            aria-pressed={chat.speak}
            onClick={() => {
              if (chat.speak) speech.stopSpeaking();
              update((current) => ({ ...current, speak: !current.speak }));
            }}
            className="inline-flex size-11 items-center justify-center rounded-full hover:bg-brand-700"
          >
            {chat.speak ? (
              <Volume2 aria-hidden="true" className="size-5" />
            ) : (
              <VolumeX aria-hidden="true" className="size-5" />
            )}
            <span className="sr-only">Read replies aloud</span>
          </button>
        ) : null}
        <button
          type="button"
          onClick={() => void startOver()}
          className="inline-flex size-11 items-center justify-center rounded-full hover:bg-brand-700"
        >
          <RotateCcw aria-hidden="true" className="size-5" />
          <span className="sr-only">Start over</span>
        </button>
        <button
          type="button"
          onClick={() => {
            speech.stopListening();
            onClose();
          }}
          className="inline-flex size-11 items-center justify-center rounded-full hover:bg-brand-700"
        >
          <CloseIcon className="size-5" />
          <span className="sr-only">Close the chat</span>
        </button>
      </div>

      {online ? null : (
        <p role="status" className="flex items-center gap-2 bg-amber-50 px-4 py-2 text-amber-900 text-sm">
          <WifiOff aria-hidden="true" className="size-4 shrink-0" />
          You're offline. Messages can be retried once you're connected.
        </p>
      )}

      <div ref={scrollRef} className="flex-1 overflow-y-auto overscroll-contain bg-surface px-3 py-4">
        <ChatTranscript
          entries={chat.entries}
          typing={typing}
          onRetry={(entry) =>
            void send(entry.sent ?? entry.text ?? OPENING, {
              retryOf: entry.id,
              hidden: entry.hidden,
              label: entry.text,
            })
          }
          onChoose={(button) => void send(button.value, { label: button.text })}
        />
      </div>

      <ChatComposer
        inputRef={inputRef}
        onSend={(text) => void send(text)}
        canListen={speech.canListen}
        listening={speech.listening}
        onListen={speech.listen}
        voiceProblem={speech.voiceProblem}
      />
    </section>
  );
}
