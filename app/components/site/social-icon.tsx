import type { SocialNetwork } from "~/lib/agency-contact";

/**
 * Simple drawn marks for the five networks, so no icon font or icon host is needed. They live in
 * one small picture file (public/icons.svg), fetched once and cached, so no page's
 * JavaScript carries their drawings.
 */
export function SocialIcon({
  network,
  className = "size-5",
}: {
  network: SocialNetwork;
  className?: string;
}) {
  return (
    <svg viewBox="0 0 24 24" fill="currentColor" className={className} aria-hidden="true" focusable="false">
      <use href={`/icons.svg#${network.toLowerCase()}`} />
    </svg>
  );
}
