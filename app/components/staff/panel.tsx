import type { ReactNode } from "react";

/** The card each part of a staff record's page sits in (also for a form that is a card itself). */
export const panelClass = "rounded-2xl border border-gray-200 bg-white p-5 sm:p-6";

/**
 * A titled card of a staff page, named by its heading. `aside` sits at the heading's end (a state
 * badge); `hideTitle` keeps the heading for screen readers only; `className` adds to the card.
 */
export function Panel({
  id,
  title,
  aside,
  hideTitle = false,
  className,
  children,
}: {
  /** The heading's id, which names the section. */
  id: string;
  title: ReactNode;
  aside?: ReactNode;
  hideTitle?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const heading = (
    <h2 id={id} className={hideTitle ? "sr-only" : "font-semibold text-ink text-lg"}>
      {title}
    </h2>
  );
  return (
    <section aria-labelledby={id} className={className ? `${className} ${panelClass}` : panelClass}>
      {aside ? (
        <div className="flex flex-wrap items-center justify-between gap-3">
          {heading}
          {aside}
        </div>
      ) : (
        heading
      )}
      {children}
    </section>
  );
}
