import { Link } from "react-router";

/** One filter of a staff list: its name (with a count, if the page has one) and where it leads. */
export interface StatusTab {
  value: string;
  label: string;
  /** The link's target, e.g. "?status=new"; the page keeps whatever else its list needs. */
  to: string;
}

/** The row of status filters above a staff list; the one shown is marked as the current page. */
export function StatusTabs({ label, current, tabs }: { label: string; current: string; tabs: StatusTab[] }) {
  return (
    <nav aria-label={label} className="mb-4">
      <ul className="flex flex-wrap gap-2">
        {tabs.map((tab) => (
          <li key={tab.value}>
            <Link
              to={tab.to}
              aria-current={current === tab.value ? "page" : undefined}
              className="block rounded-full border border-gray-300 px-4 py-1.5 font-medium text-ink text-sm hover:border-brand-700 aria-[current=page]:border-brand-700 aria-[current=page]:bg-brand-700 aria-[current=page]:text-white"
            >
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
