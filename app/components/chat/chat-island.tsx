import { createRoot } from "react-dom/client";
import type { ChatBotAddress } from "~/lib/lex-wire";
import { ChatWidgetButton } from "./chat-widget-button";

/**
 * The chat on a static page: React's launcher and panel take over the launcher's container when
 * the visitor presses it (open), or at once when the visitor left the chat open or unread on an
 * earlier page (as it was). The only React this page ever loads.
 */
export function mountChat(container: HTMLElement, bot: ChatBotAddress, openedByVisitor: boolean): void {
  container.replaceChildren();
  createRoot(container).render(
    <ChatWidgetButton bot={bot} signedIn={false} openedByVisitor={openedByVisitor} />,
  );
}
