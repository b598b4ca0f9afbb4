import { Link } from "react-router";
import { featuredServiceNames } from "~/content/service-names";

/** The scrolling strip above the header; the whole strip leads to the bookkeeping page. */
export function ServicesBanner() {
  const items = featuredServiceNames.map((service) => service.title);
  const row = (hidden: boolean) => (
    <ul className="flex shrink-0 items-center gap-10 pr-10" aria-hidden={hidden || undefined}>
      {items.map((title) => (
        <li key={title} className="flex items-center gap-10 whitespace-nowrap">
          <span>{title}</span>
          <span aria-hidden="true" className="text-accent-400">
            ✦
          </span>
        </li>
      ))}
    </ul>
  );
  return (
    <aside aria-label="Our services">
      <Link
        to="/service3"
        className="group block overflow-hidden bg-brand-800 py-2 font-medium text-sm text-white"
      >
        <div className="flex w-max animate-marquee group-hover:[animation-play-state:paused] group-focus-visible:[animation-play-state:paused]">
          {row(false)}
          {row(true)}
        </div>
      </Link>
    </aside>
  );
}
