import { Fragment, type ReactNode } from "react";

/** Text with the assistant's Markdown links as links that open in a new tab. */
export function RichText({ text }: { text: string }) {
  const parts: ReactNode[] = [];
  const pattern = /\[([^\]]+)\]\(((?:\/|https?:\/\/)[^)\s]*)\)/g;
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    if (match.index > last) parts.push(text.slice(last, match.index));
    parts.push(
      <a
        key={match.index}
        href={match[2]}
        target="_blank"
        rel="noopener noreferrer"
        className="font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-950"
      >
        {match[1]}
        <span className="sr-only"> (opens in a new tab)</span>
      </a>,
    );
    last = match.index + match[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return (
    <>
      {parts.map((part, index) =>
        typeof part === "string" ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one message never reorder
          <Fragment key={index}>{part}</Fragment>
        ) : (
          part
        ),
      )}
    </>
  );
}
