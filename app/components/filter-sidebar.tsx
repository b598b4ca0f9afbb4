import { SlidersHorizontal } from "lucide-react";
import { useId, useState } from "react";
import { Link } from "react-router";

export interface FilterEntry {
  label: string;
  to: string;
  active: boolean;
}

/**
 * A listing's filters: a column on wide screens; on small screens hidden behind a Filters button.
 * `children` is the listing itself, beside the filters.
 */
export function FilterSidebar({
  label,
  entries,
  children,
}: {
  /** Names the filter navigation for screen readers, e.g. "Specialities". */
  label: string;
  entries: FilterEntry[];
  children: React.ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  return (
    <div className="mt-6 flex flex-col gap-6 md:flex-row md:items-start">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
        className={`inline-flex w-fit items-center gap-2 rounded-full border px-4 py-2 font-medium text-sm md:hidden ${open ? "border-brand-700 bg-brand-700 text-white" : "border-gray-300 text-ink"}`}
      >
        <SlidersHorizontal aria-hidden="true" className="size-4" />
        Filters
      </button>
      <nav
        id={listId}
        aria-label={label}
        className={`${open ? "block" : "hidden"} md:block md:w-60 md:shrink-0`}
      >
        <ul className="flex flex-col gap-2">
          {entries.map((entry) => (
            <li key={entry.label}>
              <Link
                to={entry.to}
                aria-current={entry.active ? "page" : undefined}
                className={`block rounded-lg border px-3 py-2 text-sm ${entry.active ? "border-brand-700 bg-brand-50 font-semibold text-brand-900" : "border-gray-300 text-muted hover:border-brand-400 hover:text-ink"}`}
              >
                {entry.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="flex-1">{children}</div>
    </div>
  );
}
