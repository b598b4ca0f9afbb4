import type { ReactNode } from "react";
import { Link } from "react-router";

/** A titled panel of the staff appointment page, named by its heading. */
export function Section({
  title,
  id,
  className = "",
  children,
}: {
  title: string;
  id: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={`rounded-2xl border border-gray-200 bg-white p-5 ${className}`}>
      <h2 id={id} className="mb-4 font-semibold text-ink text-lg">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** One term and its value in a description list, the value wrapping anywhere rather than overflowing. */
export function Fact({ term, value }: { term: string; value: string }) {
  return (
    <>
      <dt className="text-muted">{term}</dt>
      <dd className="min-w-0 wrap-anywhere">{value}</dd>
    </>
  );
}

/**
 * The end of a step's form: the button that carries the step out, then the way back to the page
 * without it (kept at the same scroll, as the step opened in place).
 */
export function StepButtons({
  back,
  backLabel,
  children,
}: {
  back: string;
  backLabel: string;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-wrap gap-3">
      {children}
      <Link to={back} preventScrollReset className={buttonClass}>
        {backLabel}
      </Link>
    </div>
  );
}

/** The page's secondary buttons and links (Reschedule, Keep it, Back). */
export const buttonClass =
  "inline-flex items-center justify-center rounded-full border border-gray-300 bg-white px-5 py-2.5 font-semibold text-ink text-sm hover:border-brand-700 disabled:opacity-60";
