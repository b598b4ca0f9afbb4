import { useCallback, useEffect, useRef, useState } from "react";
import { CloseIcon } from "~/components/site/icons";
import { savedChatView } from "~/lib/chat-view";
import type { ChatBotAddress } from "~/lib/lex-wire";
import { ChatIcon, chatButtonClass } from "./chat-launcher";
import ChatPanel from "./chat-panel";

/**
 * The chat: its button at the bottom right of every page (the scroll-to-top button sits above it),
 * with an unread badge, and the assistant's panel, which gives the focus back to the button when it
 * closes. Fetched only when the chat is wanted (./chat-widget.tsx, ./chat-island.tsx); until then
 * pages show ./chat-launcher.tsx in its place.
 */
export function ChatWidgetButton({
  bot,
  signedIn,
  openedByVisitor = false,
}: {
  bot: ChatBotAddress;
  signedIn: boolean;
  /** Rendered open: the visitor pressed the launcher this replaces. */
  openedByVisitor?: boolean;
}) {
  const [open, setOpen] = useState(openedByVisitor);
  const [mounted, setMounted] = useState(openedByVisitor);
  const [unread, setUnread] = useState(0);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const saved = savedChatView();
    if (!saved || openedByVisitor) return;
    setUnread(saved.open ? 0 : saved.unread);
    if (saved.open) {
      // Reopened as the visitor left it, without taking the focus from the page.
      setMounted(true);
      setOpen(true);
    }
  }, [openedByVisitor]);

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
        className={`${chatButtonClass} ${open ? "hidden sm:inline-flex" : "inline-flex"}`}
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
        <ChatPanel
          bot={bot}
          signedIn={signedIn}
          open={open}
          onClose={close}
          onUnread={setUnread}
          openedByVisitor={openedByVisitor}
        />
      ) : null}
    </>
  );
}
