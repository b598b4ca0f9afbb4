/** The two kinds of message the assistant sends, in Lex's shapes. */
import type { Button, Message } from "~/lib/lex-wire";

export function plain(content: string): Message {
  return { contentType: "PlainText", content };
}

/** Quick replies, as Lex sends them: an ImageResponseCard whose buttons send their value back. */
export function card(title: string, buttons: Button[], subtitle?: string): Message {
  return {
    contentType: "ImageResponseCard",
    imageResponseCard: { title, ...(subtitle ? { subtitle } : {}), buttons: buttons.slice(0, 5) },
  };
}
