import type { ReactNode } from "react";

/** The line above a staff list saying how many records match, read out when a filter changes it. */
export function ListCount({ children }: { children: ReactNode }) {
  return (
    <p className="mt-6 text-muted text-sm" aria-live="polite">
      {children}
    </p>
  );
}
