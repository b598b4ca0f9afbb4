import { lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { CloseIcon } from "./icons";

/** The bot the widget talks to, from the server's settings (LEX_BOT_ID and friends). */
export interface ChatBotAddress {
  botId: string;
  botAliasId: string;
  localeId: string;
}

/** A speech bubble, drawn like the shell's other icons (no icon library on the home page). */
function ChatIcon() {
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

/**
 * Whether the chat was open, and how many replies are unread, from what the panel stores (see
 * ~/lib/chat-storage, which only the panel loads, so this page's own JavaScript stays small).
 */
function savedView(): { open: boolean; unread: number } | undefined {
  try {
    const saved = JSON.parse(window.sessionStorage.getItem("va-hub-chat") ?? "null") as {
      open?: unknown;
      unread?: unknown;
    } | null;
    if (!saved) return undefined;
    return { open: saved.open === true, unread: typeof saved.unread === "number" ? saved.unread : 0 };
  } catch {
    return undefined;
  }
}

// The panel is its own chunk, fetched the first time the chat opens: it adds nothing to a page's
// initial JavaScript.
const ChatPanel = lazy(() => import("./chat-panel"));

/**
 * The chat button at the bottom right of every page (the scroll-to-top button sits above it), with
 * an unread badge. It opens the assistant's panel and gets the focus back when the panel closes.
 */
export function ChatWidgetButton({ bot, signedIn }: { bot: ChatBotAddress; signedIn: boolean }) {
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  const [unread, setUnread] = useState(0);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const saved = savedView();
    if (!saved) return;
    setUnread(saved.open ? 0 : saved.unread);
    if (saved.open) {
      // Reopened as the visitor left it, without taking the focus from the page.
      setMounted(true);
      setOpen(true);
    }
  }, []);

  // Closing from the panel gives the focus back to this button, once it is shown again.
  const focusAfterClosing = useRef(false);
  const close = useCallback(() => {
    focusAfterClosing.current = true;
    setOpen(false);
  }, []);
  useEffect(() => {
    if (!open && focusAfterClosing.current) {
      focusAfterClosing.current = false;
      buttonRef.current?.focus();
    }
  }, [open]);

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={mounted ? "chat-panel" : undefined}
        onClick={() => {
          setMounted(true);
          setOpen((wasOpen) => !wasOpen);
          setUnread(0);
        }}
        className={`fixed right-4 bottom-4 z-30 size-14 items-center justify-center rounded-full bg-brand-700 text-white shadow-lg hover:bg-brand-800 ${
          open ? "hidden sm:inline-flex" : "inline-flex"
        }`}
      >
        {open ? <CloseIcon className="size-6" /> : <ChatIcon />}
        <span className="sr-only">
          {open ? "Close the chat" : "Chat with our assistant"}
          {!open && unread > 0 ? ` (${unread} unread ${unread === 1 ? "message" : "messages"})` : ""}
        </span>
        {!open && unread > 0 ? (
          <span
            aria-hidden="true"
            className="absolute -top-1 -right-1 inline-flex min-w-6 items-center justify-center rounded-full bg-accent-400 px-1.5 font-bold text-ink text-xs leading-6 ring-2 ring-white"
          >
            {unread > 9 ? "9+" : unread}
          </span>
        ) : null}
      </button>
      {mounted ? (
        <Suspense fallback={null}>
          <ChatPanel bot={bot} signedIn={signedIn} open={open} onClose={close} onUnread={setUnread} />
        </Suspense>
      ) : null}
    </>
  );
}
