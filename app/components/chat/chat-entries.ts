import type { ChatCard, ChatEntry, StoredChat } from "~/lib/chat-storage";
import type { Message } from "~/lib/lex-wire";

export function newId(): string {
  return typeof crypto.randomUUID === "function"
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

export function newChat(): StoredChat {
  return { sessionId: newId(), entries: [], open: true, unread: 0 };
}

/** The assistant's messages as transcript entries: text, with quick-reply cards on the text before them. */
export function botEntries(messages: Message[]): ChatEntry[] {
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
