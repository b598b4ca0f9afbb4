import type { ChatButton, ChatEntry } from "~/lib/chat-storage";
import { RichText } from "./rich-text";

/**
 * The conversation as the panel shows it: the visitor's messages (with a retry on those that
 * failed), the assistant's answers and quick replies, and the typing dots while one is awaited.
 */
export function ChatTranscript({
  entries,
  typing,
  canRetry,
  onRetry,
  onChoose,
}: {
  entries: ChatEntry[];
  typing: boolean;
  /** A spoken message whose recording is gone (the page was reloaded) cannot be sent again. */
  canRetry(entry: ChatEntry): boolean;
  onRetry(entry: ChatEntry): void;
  onChoose(button: ChatButton): void;
}) {
  // The silent opening is shown only when it failed, so the visitor can retry it.
  const visible = entries.filter((entry) => !entry.hidden || entry.status === "failed");
  return (
    <>
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
                  {canRetry(entry) ? (
                    <button
                      type="button"
                      onClick={() => onRetry(entry)}
                      className="min-h-11 rounded-full border border-red-300 bg-white px-3 font-semibold text-red-800 hover:bg-red-50 sm:min-h-8"
                    >
                      Retry
                    </button>
                  ) : (
                    <span>Press the microphone to say it again.</span>
                  )}
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
                          onClick={() => onChoose(button)}
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
      {typing ? (
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
    </>
  );
}
