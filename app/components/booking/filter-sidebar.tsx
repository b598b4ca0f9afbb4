import { useId } from "react";
import { Link } from "react-router";
import { Icon, type IconProps } from "~/components/site/icons";
import { attachExpandToggle } from "~/lib/behaviours/expand-toggle";
import { useBehaviour } from "~/lib/behaviours/use-behaviour";

export interface FilterEntry {
  label: string;
  to: string;
  active: boolean;
}

/**
 * A listing's filters: a column on wide screens; on small screens hidden behind a Filters button
 * (a behaviour, so it works on static pages too). `children` is the listing itself, beside the
 * filters.
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
  const toggle = useBehaviour<HTMLButtonElement>(attachExpandToggle);
  const listId = useId();
  return (
    <div className="mt-6 flex flex-col gap-6 md:flex-row md:items-start">
      <button
        ref={toggle}
        type="button"
        aria-expanded="false"
        aria-controls={listId}
        data-expand-toggle=""
        className="peer inline-flex w-fit items-center gap-2 rounded-full border border-gray-300 px-4 py-2 font-medium text-ink text-sm aria-expanded:border-brand-700 aria-expanded:bg-brand-700 aria-expanded:text-white md:hidden"
      >
        <FiltersIcon className="size-4" />
        Filters
      </button>
      <nav
        id={listId}
        aria-label={label}
        className="hidden peer-aria-expanded:block md:block md:w-60 md:shrink-0"
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

const FiltersIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M4 6h9M17 6h3M4 12h3M11 12h9M4 18h11M19 18h1" />
    <circle cx="15" cy="6" r="2" />
    <circle cx="9" cy="12" r="2" />
    <circle cx="17" cy="18" r="2" />
  </Icon>
);
