import type { ReactNode } from "react";

/** What a staff list says in its place when it has nothing to show. */
export function EmptyList({ children }: { children: ReactNode }) {
  return (
    <p className="mt-6 rounded-2xl border border-gray-200 bg-surface p-6 text-center text-muted">
      {children}
    </p>
  );
}
