/** A speech bubble, drawn like the shell's other icons (no icon library on the home page). */
export function ChatIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      className="size-6"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M21 11.5a8.4 8.4 0 0 1-12.3 7.5L3 21l2-5.4A8.4 8.4 0 1 1 21 11.5Z" />
    </svg>
  );
}

export const chatButtonClass =
  "fixed right-4 bottom-4 z-30 size-14 items-center justify-center rounded-full bg-brand-700 text-white shadow-lg hover:bg-brand-800";

/**
 * The chat button before the chat's code has arrived: what every page renders, so its start-up
 * JavaScript carries none of the chat. Pressing it fetches the chat (./chat-widget.tsx, or on a
 * static page ../site/static-page.ts), which takes its place, open.
 */
export function ChatLauncher({ onPress, busy = false }: { onPress?: () => void; busy?: boolean }) {
  return (
    <button
      type="button"
      aria-expanded="false"
      aria-busy={busy || undefined}
      onClick={onPress}
      className={`${chatButtonClass} inline-flex`}
    >
      <ChatIcon />
      <span className="sr-only">Chat with our assistant</span>
    </button>
  );
}
