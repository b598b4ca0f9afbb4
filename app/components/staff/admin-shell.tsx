import { NavLink, useRouteLoaderData } from "react-router";

/** The root loader's list of the staff area's sections (app/route-table.ts, staffSections). */
type RootData = { staffSections?: { to: string; label: string; end: boolean }[] | null };

/**
 * The frame of every staff page: the sections as a sidebar at desk widths and a scrolling row on
 * phones, then the page's own heading and content.
 */
export function AdminShell({
  title,
  description,
  actions,
  children,
}: {
  title: string;
  description?: string;
  /** Buttons or links beside the heading, e.g. "Add a consultant". */
  actions?: React.ReactNode;
  children: React.ReactNode;
}) {
  const sections = useRouteLoaderData<RootData>("root")?.staffSections ?? [];
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:grid lg:grid-cols-[13rem_minmax(0,1fr)] lg:gap-8 lg:px-8 lg:py-10">
      <nav aria-label="Staff area" className="-mx-4 mb-6 overflow-x-auto px-4 lg:mx-0 lg:mb-0 lg:px-0">
        <p className="mb-2 hidden font-semibold text-muted text-xs uppercase tracking-widest lg:block">
          Staff area
        </p>
        <ul className="flex gap-1 lg:flex-col">
          {sections.map((section) => (
            <li key={section.to} className="shrink-0">
              <NavLink
                to={section.to}
                end={section.end}
                className={({ isActive }) =>
                  `block rounded-lg px-3 py-2 font-medium text-sm ${
                    isActive ? "bg-brand-700 text-white" : "text-ink hover:bg-brand-50 hover:text-brand-800"
                  }`
                }
              >
                {section.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="min-w-0">
        <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
          <div>
            <h1 className="font-bold text-2xl text-ink tracking-tight sm:text-3xl">{title}</h1>
            {description ? <p className="mt-1 text-muted">{description}</p> : null}
          </div>
          {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
        </div>
        {children}
      </div>
    </div>
  );
}
