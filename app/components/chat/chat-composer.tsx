import { Mic, Send, Square } from "lucide-react";
import { type FormEvent, type RefObject, useState } from "react";

/** The longest message the chat sends (RecognizeText's limit). */
const MAX_INPUT = 1024;

/** The microphone's level while recording (0..1), drawn as a bar. */
function RecordingMeter({ level }: { level: number }) {
  const percent = Math.round(Math.min(1, Math.max(0, level)) * 100);
  return (
    <div className="flex items-center gap-3 border-gray-200 border-t bg-white px-4 py-2">
      <span className="shrink-0 font-medium text-red-800 text-xs">Listening… stops when you pause</span>
      {/* biome-ignore lint/a11y/useSemanticElements: a <meter>'s bar cannot be drawn the same in every browser */}
      <div
        role="meter"
        aria-label="Microphone level"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2 min-w-0 flex-1 overflow-hidden rounded-full bg-gray-200"
      >
        <div className="h-full rounded-full bg-red-700" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

/**
 * Where the visitor writes (or speaks) a message: the microphone button where the bot hears, the
 * level meter while recording, and what went wrong with the microphone above it.
 */
export function ChatComposer({
  inputRef,
  onSend,
  canRecord,
  recording,
  level,
  onToggleRecording,
  voiceProblem,
}: {
  inputRef: RefObject<HTMLInputElement | null>;
  onSend(text: string): void;
  canRecord: boolean;
  recording: boolean;
  level: number;
  onToggleRecording(): void;
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
      {recording ? <RecordingMeter level={level} /> : null}
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
          placeholder={recording ? "Listening…" : "Type your message"}
          onChange={(event) => setDraft(event.target.value)}
          className="min-h-11 min-w-0 flex-1 rounded-full border border-gray-300 px-4 text-base text-ink placeholder:text-gray-500 focus:border-brand-600 sm:text-sm"
        />
        {canRecord ? (
          <button
            type="button"
            onClick={onToggleRecording}
            className={`inline-flex size-11 shrink-0 items-center justify-center rounded-full ${
              recording ? "bg-red-700 text-white hover:bg-red-800" : "text-brand-800 hover:bg-brand-50"
            }`}
          >
            {recording ? (
              <Square aria-hidden="true" className="size-4 fill-current" />
            ) : (
              <Mic aria-hidden="true" className="size-5" />
            )}
            <span className="sr-only">{recording ? "Stop recording" : "Speak your message"}</span>
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
