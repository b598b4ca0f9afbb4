import { lazy, Suspense } from "react";
import { Link, NavLink } from "react-router";
import { site } from "~/content/site";
import { attachMobileMenu } from "~/lib/behaviours/mobile-menu";
import { useBehaviour } from "~/lib/behaviours/use-behaviour";
import { DisclosureMenu } from "./disclosure-menu";
import { CloseIcon, MenuIcon } from "./icons";
import { Logo } from "./logo";
import { resourceMenuLinks, serviceMenuLinks } from "./navigation-links";
import type { ShellUser } from "./shell-user";

// Only signed-in visitors need the account menu, so anonymous pages do not load its code.
const AccountMenu = lazy(() =>
  import("~/components/account/account-menu").then((module) => ({ default: module.AccountMenu })),
);

const primaryLinkClass = "rounded-md px-3 py-2 font-medium text-ink hover:text-brand-700";

export function SiteHeader({ user }: { user: ShellUser | null }) {
  const menuButtonRef = useBehaviour<HTMLButtonElement>(attachMobileMenu);

  return (
    <header className="sticky top-0 z-30 border-gray-200 border-b bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <Link to="/" className="rounded-md" aria-label={`${site.name}, home`}>
          <Logo />
        </Link>
        <nav aria-label="Main" className="hidden items-center gap-1 lg:flex">
          <DisclosureMenu label="Services" links={serviceMenuLinks} />
          <DisclosureMenu label="Resources" links={resourceMenuLinks} />
          <NavLink to="/consultant" className={primaryLinkClass}>
            Consultants
          </NavLink>
          <NavLink to="/contact" className={primaryLinkClass}>
            Contact
          </NavLink>
          <NavLink to="/about" className={primaryLinkClass}>
            About Us
          </NavLink>
        </nav>
        <div className="flex items-center gap-2">
          {user ? null : (
            <Link to="/login" className="rounded-md px-3 py-2 font-medium text-ink hover:text-brand-700">
              Log in
            </Link>
          )}
          {user?.workArea ? (
            <NavLink
              to={user.workArea.to}
              className="rounded-md px-3 py-2 font-semibold text-brand-800 hover:text-brand-700"
            >
              {user.workArea.label}
            </NavLink>
          ) : null}
          <Link
            to="/contact"
            className="hidden rounded-full bg-accent-400 px-5 py-2.5 font-semibold text-ink shadow-sm hover:bg-accent-300 sm:inline-block"
          >
            Request a Free Consultation
          </Link>
          {user ? (
            <Suspense fallback={<span className="inline-block size-11" />}>
              <AccountMenu user={user} />
            </Suspense>
          ) : null}
          <button
            ref={menuButtonRef}
            type="button"
            className="group inline-flex size-11 items-center justify-center rounded-md text-ink hover:bg-gray-100 lg:hidden"
            aria-expanded="false"
            aria-controls="mobile-menu"
            data-mobile-menu-button
          >
            <CloseIcon aria-hidden="true" className="hidden size-6 group-aria-expanded:block" />
            <MenuIcon aria-hidden="true" className="size-6 group-aria-expanded:hidden" />
            <span className="sr-only" data-menu-label>
              Open menu
            </span>
          </button>
        </div>
      </div>
      <MobileMenu />
    </header>
  );
}

/** Opened and closed by the header's menu button (~/lib/behaviours/mobile-menu). */
function MobileMenu() {
  const linkClass = "block rounded-lg px-3 py-3 font-medium text-ink hover:bg-brand-50";
  return (
    <nav
      id="mobile-menu"
      aria-label="Mobile"
      hidden
      className="max-h-[calc(100dvh-4rem)] overflow-y-auto border-gray-200 border-t bg-white px-4 pb-6 lg:hidden"
    >
      <ul className="space-y-1 pt-3">
        <li>
          <Link to="/" className={linkClass}>
            Home
          </Link>
        </li>
        <li>
          <DisclosureMenu label="Services" links={serviceMenuLinks} inline />
        </li>
        <li>
          <DisclosureMenu label="Resources" links={resourceMenuLinks} inline />
        </li>
        <li>
          <Link to="/consultant" className={linkClass}>
            Consultants
          </Link>
        </li>
        <li>
          <Link to="/contact" className={linkClass}>
            Contact
          </Link>
        </li>
        <li>
          <Link to="/about" className={linkClass}>
            About Us
          </Link>
        </li>
      </ul>
      <Link
        to="/contact"
        className="mt-4 block rounded-full bg-accent-400 px-5 py-3 text-center font-semibold text-ink hover:bg-accent-300"
      >
        Request a Free Consultation
      </Link>
    </nav>
  );
}
