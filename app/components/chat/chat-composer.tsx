import { Mic, Send } from "lucide-react";
import { type FormEvent, type RefObject, useState } from "react";

/** The longest message the chat sends, typed or spoken. */
export const MAX_INPUT = 1024;

/** Where the visitor writes (or speaks) a message, with what went wrong with the microphone above it. */
export function ChatComposer({
  inputRef,
  onSend,
  canListen,
  listening,
  onListen,
  voiceProblem,
}: {
  inputRef: RefObject<HTMLInputElement | null>;
  onSend(text: string): void;
  canListen: boolean;
  listening: boolean;
  onListen(): void;
  voiceProblem: string;
}) {
  const [draft, setDraft] = useState("");

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = draft.trim();
    if (!text) return;
    setDraft("");
    onSend(text.slice(0, MAX_INPUT));
  };

  return (
    <>
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
            onClick={onListen}
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
    </>
  );
}
