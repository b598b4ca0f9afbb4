import { lazy, Suspense, useEffect, useState } from "react";
import { chatWasLeftInUse } from "~/lib/chat-view";
import type { ChatBotAddress } from "~/lib/lex-wire";
import { ChatLauncher } from "./chat-launcher";

// Fetched when the visitor presses the launcher, or at once when the chat was left open.
const ChatWidgetButton = lazy(() =>
  import("./chat-widget-button").then((module) => ({ default: module.ChatWidgetButton })),
);

/** The chat on pages React runs: the launcher, replaced by the chat itself once it is wanted. */
export function ChatWidget({ bot, signedIn }: { bot: ChatBotAddress; signedIn: boolean }) {
  const [wanted, setWanted] = useState<"not yet" | "as left" | "by the visitor">("not yet");
  useEffect(() => {
    if (chatWasLeftInUse()) setWanted("as left");
  }, []);

  if (wanted === "not yet") return <ChatLauncher onPress={() => setWanted("by the visitor")} />;
  return (
    <Suspense fallback={<ChatLauncher busy />}>
      <ChatWidgetButton bot={bot} signedIn={signedIn} openedByVisitor={wanted === "by the visitor"} />
    </Suspense>
  );
}
