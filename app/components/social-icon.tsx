import type { SocialNetwork } from "~/lib/agency-contact";

/** Simple drawn marks for the five networks, so no icon font or icon host is needed. */
const paths: Record<SocialNetwork, React.ReactNode> = {
  Facebook: (
    <path d="M13.5 21v-7.5H16l.5-3h-3V8.6c0-.9.3-1.6 1.6-1.6h1.5V4.3c-.3 0-1.2-.1-2.2-.1-2.2 0-3.7 1.3-3.7 3.8v2.5H8.2v3h2.5V21Z" />
  ),
  Instagram: (
    <>
      <rect x="3.5" y="3.5" width="17" height="17" rx="5" fill="none" stroke="currentColor" strokeWidth="2" />
      <circle cx="12" cy="12" r="4" fill="none" stroke="currentColor" strokeWidth="2" />
      <circle cx="17.3" cy="6.7" r="1.2" />
    </>
  ),
  LinkedIn: (
    <>
      <rect x="4" y="9" width="3.4" height="11" />
      <circle cx="5.7" cy="5.6" r="2" />
      <path d="M10 9h3.2v1.6c.5-.9 1.7-1.9 3.6-1.9 3.4 0 4.2 2.2 4.2 5.1V20h-3.4v-5.5c0-1.4-.1-3-1.9-3s-2.3 1.4-2.3 2.9V20H10Z" />
    </>
  ),
  X: (
    <path d="M4 4h4.6l3.8 5.3L17 4h2.6l-6 6.9L20.3 20h-4.6l-4.1-5.7L6.6 20H4l6.4-7.3Zm3.3 1.6 9.5 12.8h1.3L8.7 5.6Z" />
  ),
  YouTube: (
    <path d="M21.6 7.7a2.6 2.6 0 0 0-1.8-1.8C18.2 5.5 12 5.5 12 5.5s-6.2 0-7.8.4a2.6 2.6 0 0 0-1.8 1.8C2 9.3 2 12 2 12s0 2.7.4 4.3a2.6 2.6 0 0 0 1.8 1.8c1.6.4 7.8.4 7.8.4s6.2 0 7.8-.4a2.6 2.6 0 0 0 1.8-1.8c.4-1.6.4-4.3.4-4.3s0-2.7-.4-4.3ZM10 15V9l5.2 3Z" />
  ),
};

export function SocialIcon({
  network,
  className = "size-5",
}: {
  network: SocialNetwork;
  className?: string;
}) {
  return (
    <svg viewBox="0 0 24 24" fill="currentColor" className={className} aria-hidden="true" focusable="false">
      {paths[network]}
    </svg>
  );
}
