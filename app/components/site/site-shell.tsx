import { ChatWidget } from "~/components/chat/chat-widget";
import type { AgencyContact } from "~/lib/agency-contact";
import type { ToastMessage } from "~/lib/behaviours/toast";
import type { ChatBotAddress } from "~/lib/lex-wire";
import { ScrollToTopButton } from "./scroll-to-top-button";
import { ServicesBanner } from "./services-banner";
import type { ShellUser } from "./shell-user";
import { SiteFooter } from "./site-footer";
import { SiteHeader } from "./site-header";
import { Toaster } from "./toaster";

export function SiteShell({
  children,
  user,
  toast,
  bot,
  contact,
  workPage = false,
}: {
  children: React.ReactNode;
  user: ShellUser | null;
  toast: ToastMessage | null;
  /** The assistant the chat widget talks to; no widget without it (e.g. a page that failed early). */
  bot?: ChatBotAddress | null;
  /** The agency's details from the settings, for the footer. */
  contact?: AgencyContact | null;
  /** A staff or consultant page: their tables want neither the marketing banner nor the chat button. */
  workPage?: boolean;
}) {
  return (
    <>
      <a
        href="#main-content"
        className="sr-only z-50 rounded-md bg-white px-4 py-2 font-semibold text-brand-800 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      {workPage ? null : <ServicesBanner />}
      <SiteHeader user={user} />
      <main id="main-content" tabIndex={-1} className="focus:outline-none">
        {children}
      </main>
      <SiteFooter contact={contact} />
      <ScrollToTopButton />
      {bot && !workPage ? (
        // On a static page the launcher's container says which bot the chat island talks to.
        <div className="contents" data-chat-widget={JSON.stringify(bot)}>
          <ChatWidget bot={bot} signedIn={user !== null} />
        </div>
      ) : null}
      <Toaster toast={toast} />
    </>
  );
}
