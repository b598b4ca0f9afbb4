// The chat panel, part of the chat that pages load on demand (chat-widget-button.tsx); it talks to our Lex V2 runtime API
// through ~/lib/bot-client (plain fetch).
import { RotateCcw, WifiOff } from "lucide-react";
import { type KeyboardEvent, useEffect, useRef, useState } from "react";
import { CloseIcon } from "~/components/site/icons";
import type { ChatBotAddress } from "~/lib/lex-wire";
import { AnswerPlayer } from "./answer-player";
import { ChatComposer } from "./chat-composer";
import { ChatTranscript } from "./chat-transcript";
import { useConversation } from "./use-conversation";
import { useFullScreen } from "./use-full-screen";
import { browserCanRecord, useVoiceRecorder } from "./use-voice-recorder";

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
  const [online, setOnline] = useState(true);
  const panelRef = useRef<HTMLElement>(null);
  const { fullScreen, keepFocusInside } = useFullScreen(panelRef);
  const inputRef = useRef<HTMLInputElement>(null);
  const scrollRef = useRef<HTMLDivElement>(null);
  const openRef = useRef(open);
  openRef.current = open;
  const { chat, typing, update, send, sendVoice, canRetry, retry, startOver } = useConversation({
    bot,
    signedIn,
    openRef,
    onUnread,
  });

  // The microphone is offered where the bot hears (the server says so) and the browser can record.
  const [canRecord, setCanRecord] = useState(false);
  useEffect(() => setCanRecord(bot.voice === true && browserCanRecord()), [bot.voice]);
  /** The last spoken turn's answer, played in the player; a new key for each, so each plays. */
  const [answer, setAnswer] = useState<{ audio: Blob; key: number } | null>(null);
  const play = (audio: Blob | null) => {
    if (audio) setAnswer({ audio, key: Date.now() });
  };
  const recorder = useVoiceRecorder((wav) => void sendVoice(wav).then(play));
  const { cancel: cancelRecording } = recorder;
  const toggleRecording = () => {
    if (recorder.recording) return recorder.stop();
    // The microphone should not hear the previous answer.
    setAnswer(null);
    void recorder.start();
  };

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
    } else {
      // A closed chat does not listen.
      cancelRecording();
    }
  }, [open, update, onUnread, openedByVisitor, cancelRecording]);

  // Keep the newest message in view.
  const entryCount = chat.entries.length;
  const answerKey = answer?.key;
  useEffect(() => {
    const scroller = scrollRef.current;
    // Runs when a message, the typing indicator or the player (which takes room) appears, or the panel opens.
    if (scroller && open && (entryCount >= 0 || typing || answerKey))
      scroller.scrollTop = scroller.scrollHeight;
  }, [entryCount, typing, open, answerKey]);

  const restart = () => {
    cancelRecording();
    setAnswer(null);
    inputRef.current?.focus();
    void startOver();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === "Escape") {
      event.stopPropagation();
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
        <button
          type="button"
          onClick={restart}
          className="inline-flex size-11 items-center justify-center rounded-full hover:bg-brand-700"
        >
          <RotateCcw aria-hidden="true" className="size-5" />
          <span className="sr-only">Start over</span>
        </button>
        <button
          type="button"
          onClick={onClose}
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
          canRetry={canRetry}
          onRetry={(entry) => void retry(entry).then(play)}
          onChoose={(button) => void send(button.value, { label: button.text })}
        />
      </div>

      {answer ? <AnswerPlayer key={answer.key} audio={answer.audio} autoPlay /> : null}

      <ChatComposer
        inputRef={inputRef}
        onSend={(text) => void send(text)}
        canRecord={canRecord}
        recording={recorder.recording}
        level={recorder.level}
        onToggleRecording={toggleRecording}
        voiceProblem={recorder.problem}
      />
    </section>
  );
}
