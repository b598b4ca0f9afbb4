import { useId } from "react";
import { Link } from "react-router";
import { attachDisclosure, disclosureOptionsFor } from "~/lib/behaviours/disclosure";
import { useBehaviour } from "~/lib/behaviours/use-behaviour";
import { ChevronDownIcon } from "./icons";

export interface MenuLink {
  label: string;
  to: string;
}

/**
 * A navigation dropdown: opens on hover for a mouse, on tap or click, and from the keyboard;
 * Escape, a click elsewhere or focus moving away closes it (~/lib/behaviours/disclosure).
 */
export function DisclosureMenu({
  label,
  links,
  inline = false,
}: {
  label: string;
  links: MenuLink[];
  /** Inside the mobile menu the list opens in place and stays open until its button is used again. */
  inline?: boolean;
}) {
  const panelId = useId();
  const kind = inline ? "inline" : "dropdown";
  const containerRef = useBehaviour<HTMLDivElement>((container) =>
    attachDisclosure(container, disclosureOptionsFor(kind)),
  );

  return (
    <div className="relative" ref={containerRef} data-disclosure={kind}>
      <button
        type="button"
        aria-expanded="false"
        aria-controls={panelId}
        className={`group inline-flex items-center gap-1 rounded-md px-3 font-medium text-ink hover:text-brand-700 ${inline ? "w-full justify-between py-3" : "py-2"}`}
      >
        {label}
        <ChevronDownIcon
          aria-hidden="true"
          className="size-4 transition-transform group-aria-expanded:rotate-180"
        />
      </button>
      <ul
        id={panelId}
        hidden
        className={
          inline
            ? "space-y-1 border-brand-100 border-l-2 py-1 pl-3"
            : "absolute left-0 z-40 min-w-60 rounded-xl border border-gray-200 bg-white p-2 shadow-lg"
        }
      >
        {links.map((link) => (
          <li key={link.to}>
            <Link
              to={link.to}
              className="block rounded-lg px-3 py-2 text-ink hover:bg-brand-50 hover:text-brand-800"
            >
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
