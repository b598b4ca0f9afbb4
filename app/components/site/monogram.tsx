import { initials, monogramTint } from "~/lib/monogram";

/**
 * A person's initials on their brand tint, drawn in HTML and CSS: the same look as the demo
 * consultants' generated portraits (one set of tints and initials, app/lib/monogram.ts), but no
 * image to fetch, sharp at any size and set in the visitor's own serif. Decorative: the name is
 * always written beside it.
 */
export function Monogram({ name, className = "" }: { name: string; className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={`flex shrink-0 select-none items-center justify-center rounded-full font-serif tracking-wide ring-1 ring-brand-200 ring-inset ${monogramTint(name).className} ${className}`}
    >
      {initials(name)}
    </span>
  );
}
