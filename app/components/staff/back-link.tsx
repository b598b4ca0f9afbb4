import type { ReactNode } from "react";
import { Link } from "react-router";

/** The way from a staff record's page back to its list, in the page's actions ("All people"). */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link
      to={to}
      className="rounded-full border border-gray-300 px-5 py-2.5 font-semibold text-ink text-sm hover:border-brand-700"
    >
      {children}
    </Link>
  );
}
