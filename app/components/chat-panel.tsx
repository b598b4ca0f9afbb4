// The chat panel, part of the chat that pages load on demand (chat-widget-button.tsx); it talks to our Lex V2 runtime API
// through ~/lib/bot-client (plain fetch).
import { Mic, RotateCcw, Send, Volume2, VolumeX, WifiOff } from "lucide-react";
import {
  type FormEvent,
  Fragment,
  type KeyboardEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useRef,
  useState,
} from "react";
import { forgetSession, sendText } from "~/lib/bot-client";
import {
  type ChatCard,
  type ChatEntry,
  clearChat,
  loadChat,
  type StoredChat,
  saveChat,
} from "~/lib/chat-storage";
import type { ChatBotAddress, Message } from "~/lib/lex-wire";
import { CloseIcon } from "./icons";

/** What the widget says first, silently, to get the assistant's greeting and choices. */
const OPENING = "hello";
const MAX_INPUT = 1024;

interface SpeechRecognitionLike {
  lang: string;
  interimResults: boolean;
  maxAlternatives: number;
  start(): void;
  abort(): void;
  onresult: ((event: { results: ArrayLike<ArrayLike<{ transcript: string }>> }) => void) | null;
  onerror: ((event: { error: string }) => void) | null;
  onend: (() => void) | null;
}
type SpeechRecognitionConstructor = new () => SpeechRecognitionLike;

function speechRecognition(): SpeechRecognitionConstructor | undefined {
  const scope = window as unknown as {
    SpeechRecognition?: SpeechRecognitionConstructor;
    webkitSpeechRecognition?: SpeechRecognitionConstructor;
  };
  return scope.SpeechRecognition ?? scope.webkitSpeechRecognition;
}

function newId(): string {
  return typeof crypto.randomUUID === "function"
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

function newChat(): StoredChat {
  return { sessionId: newId(), entries: [], open: true, unread: 0, speak: false };
}

/** The assistant's messages as transcript entries: text, with quick-reply cards on the text before them. */
function botEntries(messages: Message[]): ChatEntry[] {
  const entries: ChatEntry[] = [];
  for (const message of messages) {
    if (message.contentType === "ImageResponseCard" && message.imageResponseCard) {
      const card: ChatCard = {
        title: message.imageResponseCard.title,
        subtitle: message.imageResponseCard.subtitle,
        buttons: message.imageResponseCard.buttons ?? [],
      };
      const previous = entries.at(-1);
      if (previous) previous.cards = [...(previous.cards ?? []), card];
      else entries.push({ id: newId(), role: "bot", cards: [card] });
    } else if (message.content) {
      entries.push({ id: newId(), role: "bot", text: message.content });
    }
  }
  return entries;
}

/** Text with the assistant's Markdown links as links that open in a new tab. */
function RichText({ text }: { text: string }) {
  const parts: ReactNode[] = [];
  const pattern = /\[([^\]]+)\]\(((?:\/|https?:\/\/)[^)\s]*)\)/g;
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    if (match.index > last) parts.push(text.slice(last, match.index));
    parts.push(
      <a
        key={match.index}
        href={match[2]}
        target="_blank"
        rel="noopener noreferrer"
        className="font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-950"
      >
        {match[1]}
        <span className="sr-only"> (opens in a new tab)</span>
      </a>,
    );
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return (
    <>
      {parts.map((part, index) =>
        typeof part === "string" ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one message never reorder
          <Fragment key={index}>{part}</Fragment>
        ) : (
          part
        ),
      )}
    </>
  );
}

function plainText(text: string): string {
  return text.replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, "$1");
}

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
  const [draft, setDraft] = useState("");
  const [online, setOnline] = useState(true);
  const [listening, setListening] = useState(false);
  const [voiceProblem, setVoiceProblem] = useState("");
  const [canListen, setCanListen] = useState(false);
  const [canSpeak, setCanSpeak] = useState(false);
  const [fullScreen, setFullScreen] = useState(false);
  const panelRef = useRef<HTMLElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const scrollRef = useRef<HTMLDivElement>(null);
  const recognitionRef = useRef<SpeechRecognitionLike | null>(null);
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

  // What this browser can do: speech in and out are offered only where they exist.
  useEffect(() => {
    setCanListen(Boolean(speechRecognition()));
    setCanSpeak("speechSynthesis" in window && typeof SpeechSynthesisUtterance === "function");
    setOnline(navigator.onLine);
    const goOnline = () => setOnline(true);
    const goOffline = () => setOnline(false);
    window.addEventListener("online", goOnline);
    window.addEventListener("offline", goOffline);
    const small = window.matchMedia("(max-width: 639px)");
    const onSize = () => setFullScreen(small.matches);
    onSize();
    small.addEventListener("change", onSize);
    return () => {
      window.removeEventListener("online", goOnline);
      window.removeEventListener("offline", goOffline);
      small.removeEventListener("change", onSize);
      recognitionRef.current?.abort();
      if ("speechSynthesis" in window) window.speechSynthesis.cancel();
    };
  }, []);

  // On a phone the panel fills the visible viewport, so the input stays above the on-screen keyboard.
  useEffect(() => {
    const viewport = window.visualViewport;
    const panel = panelRef.current;
    if (!viewport || !panel || !fullScreen) return;
    const fitToViewport = () => {
      panel.style.setProperty("--chat-height", `${viewport.height}px`);
      panel.style.setProperty("--chat-top", `${viewport.offsetTop}px`);
    };
    fitToViewport();
    viewport.addEventListener("resize", fitToViewport);
    viewport.addEventListener("scroll", fitToViewport);
    return () => {
      viewport.removeEventListener("resize", fitToViewport);
      viewport.removeEventListener("scroll", fitToViewport);
      panel.style.removeProperty("--chat-height");
      panel.style.removeProperty("--chat-top");
    };
  }, [fullScreen]);

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

  const speak = useCallback(
    (entries: ChatEntry[]) => {
      if (!chatRef.current.speak || !("speechSynthesis" in window)) return;
      const text = entries.flatMap((entry) => (entry.text ? [plainText(entry.text)] : [])).join(" ");
      if (!text) return;
      window.speechSynthesis.cancel();
      const utterance = new SpeechSynthesisUtterance(text);
      utterance.lang = bot.localeId.replace("_", "-");
      window.speechSynthesis.speak(utterance);
    },
    [bot.localeId],
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

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = draft.trim();
    if (!text) return;
    setDraft("");
    void send(text.slice(0, MAX_INPUT));
  };

  const startOver = async () => {
    const { sessionId } = chatRef.current;
    recognitionRef.current?.abort();
    if ("speechSynthesis" in window) window.speechSynthesis.cancel();
    clearChat();
    const fresh = { ...newChat(), speak: chatRef.current.speak };
    update(() => fresh);
    greeted.current = true;
    inputRef.current?.focus();
    // The old conversation is forgotten on the server too (a session that never reached it is fine).
    void forgetSession(bot, sessionId);
    await send(OPENING, { hidden: true });
  };

  const listen = () => {
    const Recognition = speechRecognition();
    if (!Recognition) return;
    if (listening) {
      recognitionRef.current?.abort();
      return;
    }
    const recognition = new Recognition();
    recognition.lang = bot.localeId.replace("_", "-");
    recognition.interimResults = false;
    recognition.maxAlternatives = 1;
    recognition.onresult = (event) => {
      const transcript = event.results[0]?.[0]?.transcript?.trim();
      if (transcript) void send(transcript.slice(0, MAX_INPUT));
    };
    recognition.onerror = (event) => {
      setVoiceProblem(
        event.error === "not-allowed" || event.error === "service-not-allowed"
          ? "The microphone is blocked. Allow it in your browser to speak to the assistant."
          : event.error === "no-speech"
            ? "I didn't hear anything. Try again, or type your message."
            : "Voice input is not available right now. Please type your message.",
      );
    };
    recognition.onend = () => setListening(false);
    recognitionRef.current = recognition;
    setVoiceProblem("");
    setListening(true);
    try {
      recognition.start();
    } catch {
      setListening(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === "Escape") {
      event.stopPropagation();
      recognitionRef.current?.abort();
      onClose();
      return;
    }
    // Full screen, the panel is the whole page: keep the focus inside it.
    if (event.key === "Tab" && fullScreen && panelRef.current) {
      const focusable = [
        ...panelRef.current.querySelectorAll<HTMLElement>(
          "a[href], button:not([disabled]), input:not([disabled])",
        ),
      ].filter((element) => element.offsetParent !== null);
      const first = focusable[0];
      const last = focusable.at(-1);
      if (event.shiftKey && document.activeElement === first) {
        event.preventDefault();
        last?.focus();
      } else if (!event.shiftKey && document.activeElement === last) {
        event.preventDefault();
        first?.focus();
      }
    }
  };

  const visible = chat.entries.filter((entry) => !entry.hidden || entry.status === "failed");

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
        {canSpeak ? (
          <button
            type="button"
            aria-pressed={chat.speak}
            onClick={() => {
              if (chat.speak) window.speechSynthesis.cancel();
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
            recognitionRef.current?.abort();
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
        <div
          role="log"
          aria-live="polite"
          aria-relevant="additions"
          aria-label="Conversation"
          className="flex flex-col gap-3"
        >
          {visible.map((entry) =>
            entry.role === "user" ? (
              <div key={entry.id} className="flex flex-col items-end gap-1">
                {entry.hidden ? null : (
                  <p className="max-w-[85%] whitespace-pre-wrap wrap-anywhere rounded-2xl rounded-br-md bg-brand-700 px-3 py-2 text-sm text-white">
                    <span className="sr-only">You: </span>
                    {entry.text}
                  </p>
                )}
                {entry.status === "failed" ? (
                  <p className="flex flex-wrap items-center justify-end gap-2 text-red-800 text-xs">
                    <span>{entry.hidden ? "The assistant could not be reached." : entry.error}</span>
                    <button
                      type="button"
                      onClick={() =>
                        void send(entry.sent ?? entry.text ?? OPENING, {
                          retryOf: entry.id,
                          hidden: entry.hidden,
                          label: entry.text,
                        })
                      }
                      className="min-h-11 rounded-full border border-red-300 bg-white px-3 font-semibold text-red-800 hover:bg-red-50 sm:min-h-8"
                    >
                      Retry
                    </button>
                  </p>
                ) : null}
              </div>
            ) : (
              <div key={entry.id} className="flex flex-col items-start gap-2">
                {entry.text ? (
                  <p className="max-w-[90%] whitespace-pre-wrap wrap-anywhere rounded-2xl rounded-bl-md bg-white px-3 py-2 text-ink text-sm shadow-sm ring-1 ring-gray-200">
                    <span className="sr-only">Assistant: </span>
                    <RichText text={entry.text} />
                  </p>
                ) : null}
                {entry.cards?.map((card, cardIndex) => (
                  <div
                    // biome-ignore lint/suspicious/noArrayIndexKey: cards of one message never reorder
                    key={cardIndex}
                    className="max-w-full"
                  >
                    <p className="mb-1 font-medium text-muted text-xs">{card.title}</p>
                    <ul className="flex flex-wrap gap-2">
                      {card.buttons.map((button) => (
                        <li key={`${button.text}-${button.value}`}>
                          <button
                            type="button"
                            onClick={() => void send(button.value, { label: button.text })}
                            className="min-h-11 rounded-full border border-brand-300 bg-white px-3 py-1.5 text-left font-medium text-brand-800 text-sm hover:bg-brand-50 sm:min-h-9"
                          >
                            {button.text}
                          </button>
                        </li>
                      ))}
                    </ul>
                  </div>
                ))}
              </div>
            ),
          )}
        </div>
        {pending > 0 ? (
          <div
            aria-hidden="true"
            className="mt-3 flex w-16 items-center justify-center gap-1 rounded-2xl bg-white px-3 py-3 shadow-sm ring-1 ring-gray-200"
            data-testid="typing-indicator"
          >
            <span className="size-2 animate-bounce rounded-full bg-gray-400 [animation-delay:-0.3s]" />
            <span className="size-2 animate-bounce rounded-full bg-gray-400 [animation-delay:-0.15s]" />
            <span className="size-2 animate-bounce rounded-full bg-gray-400" />
          </div>
        ) : null}
      </div>

      {voiceProblem ? (
        <p role="status" className="border-gray-200 border-t px-4 py-2 text-red-800 text-xs">
          {voiceProblem}
        </p>
      ) : null}
      <form onSubmit={submit} className="flex items-center gap-2 border-gray-200 border-t bg-white p-3">
        <label htmlFor="chat-input" className="sr-only">
          Your message
        </label>
        <input
          ref={inputRef}
          id="chat-input"
          type="text"
          value={draft}
          maxLength={MAX_INPUT}
          autoComplete="off"
          enterKeyHint="send"
          placeholder={listening ? "Listening…" : "Type your message"}
          onChange={(event) => setDraft(event.target.value)}
          className="min-h-11 min-w-0 flex-1 rounded-full border border-gray-300 px-4 text-base text-ink placeholder:text-gray-500 focus:border-brand-600 sm:text-sm"
        />
        {canListen ? (
          <button
            type="button"
            aria-pressed={listening}
            onClick={listen}
            className={`inline-flex size-11 shrink-0 items-center justify-center rounded-full ${
              listening ? "bg-red-700 text-white" : "text-brand-800 hover:bg-brand-50"
            }`}
          >
            <Mic aria-hidden="true" className="size-5" />
            <span className="sr-only">{listening ? "Stop listening" : "Speak your message"}</span>
          </button>
        ) : null}
        <button
          type="submit"
          className="inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-brand-700 text-white hover:bg-brand-800"
        >
          <Send aria-hidden="true" className="size-5" />
          <span className="sr-only">Send</span>
        </button>
      </form>
    </section>
  );
}
