import type { IllustrationName } from "~/content/services";

/** Temporary single drawing; replaced by one picture per name. */
export function Illustration({ name, className }: { name: IllustrationName; className?: string }) {
  return (
    <svg viewBox="0 0 160 120" width="160" height="120" className={className} aria-hidden="true" data-name={name}>
      <rect width="160" height="120" rx="16" fill="#ede9fe" />
    </svg>
  );
}
