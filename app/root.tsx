import { lazy, Suspense, useEffect } from "react";
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  ScrollRestoration,
  useLocation,
  useMatches,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import stylesheetText from "./app.css?inline";
import stylesheetUrl from "./app.css?url";
import { ScriptsAfterFirstPaint } from "./components/site/scripts-after-first-paint";
import { SiteShell } from "./components/site/site-shell";
import { StaticPageScript } from "./components/site/static-page-script";
import { site } from "./content/site";
import { workAreaFor } from "./features/accounts/roles";
import { takeToast } from "./infra/flash.server";
import type { ToastMessage } from "./lib/behaviours/toast";
import { useNonce } from "./lib/nonce";
import { PAGE_STYLESHEET_MARK } from "./lib/page-stylesheet-mark";
import { isStaticPage, isWorkPage, routeTable, staffSections } from "./route-table";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { toast, headers } = await takeToast(request, context);
  const user = context.user
    ? {
        name: context.user.name,
        email: context.user.email,
        image: context.user.image,
        workArea: workAreaFor(context.user.role) ?? null,
      }
    : null;
  const { botId, botAliasId, localeId } = context.env.bot;
  return data(
    {
      origin: context.env.publicUrl,
      requestId: context.requestId,
      user,
      toast,
      bot: { botId, botAliasId, localeId, voice: context.botHears === true },
      // Settings, the same for every visitor of this process (so cached anonymous pages may hold them).
      contact: context.env.contact,
      staticPage: user === null && isStaticPage(routeTable, new URL(request.url).pathname),
      staffSections: context.user?.role === "admin" ? staffSections(routeTable) : null,
    },
    { headers },
  );
}

export const meta: Route.MetaFunction = ({ error }) => {
  if (!error) return [];
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return [
    { title: `${notFound ? "Page not found" : "Something went wrong"} | ${site.name}` },
    { name: "robots", content: "noindex" },
  ];
};

/**
 * In production every page carries its stylesheet in its head, so its first paint waits for no other
 * request; the browser bundle never holds it. A hydrated page carries the whole stylesheet: its
 * next pages render in the browser. A static page carries only the rules its own markup uses, put
 * in by entry.server.tsx (decision 35). Development links the stylesheet, for hot reload (under
 * Vitest it has no URL, and an empty `href` would only draw a warning).
 */
const inlineStylesheet = import.meta.env.PROD && import.meta.env.SSR ? stylesheetText : undefined;

export const links: Route.LinksFunction = () => [
  ...(import.meta.env.DEV && stylesheetUrl ? [{ rel: "stylesheet", href: stylesheetUrl }] : []),
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "alternate", type: "application/rss+xml", title: "Blog", href: "/blog/rss.xml" },
];

/**
 * A toast the page itself comes with: a route's loader may return `pageToast` (e.g. "the list could
 * not be loaded"), and the shell shows it like one from a redirect, on static pages too.
 */
function usePageToast(): ToastMessage | null {
  const matches = useMatches();
  for (const match of matches) {
    const pageToast = (match.loaderData as { pageToast?: ToastMessage | null } | undefined)?.pageToast;
    if (pageToast) return pageToast;
  }
  return null;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const rootData = useRouteLoaderData<typeof loader>("root");
  const pageToast = usePageToast();
  const workPage = isWorkPage(routeTable, useLocation().pathname);
  // Decided where the document is rendered: in the browser the app is already running.
  const staticPage = import.meta.env.SSR && rootData?.staticPage === true;
  // The twin of static-page.ts's mark. Effects run children first, so by now every behaviour the
  // shell attaches in an effect (menus, toasts) listens; a fiber on an element is not yet enough.
  useEffect(() => {
    document.documentElement.dataset.interactive = "react";
  }, []);
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#6d28d9" />
        {import.meta.env.PROD ? (
          <style
            // The browser keeps the server's text: hydration does not compare it.
            suppressHydrationWarning
            // biome-ignore lint/security/noDangerouslySetInnerHtml: our own stylesheet, built by Tailwind
            dangerouslySetInnerHTML={{
              __html: staticPage && inlineStylesheet ? PAGE_STYLESHEET_MARK : (inlineStylesheet ?? ""),
            }}
          />
        ) : null}
        <Meta />
        <Links />
      </head>
      <body>
        <SiteShell
          user={rootData?.user ?? null}
          toast={rootData?.toast ?? pageToast}
          bot={rootData?.bot ?? null}
          contact={rootData?.contact ?? null}
          workPage={workPage}
        >
          {children}
        </SiteShell>
        {staticPage ? (
          <StaticPageScript nonce={nonce} />
        ) : (
          <>
            <ScrollRestoration nonce={nonce} />
            <ScriptsAfterFirstPaint nonce={nonce} />
          </>
        )}
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

// Its own chunk: few visits need it, and every page would otherwise load it.
const ErrorPage = lazy(() =>
  import("./components/site/error-page").then((module) => ({ default: module.ErrorPage })),
);

export function ErrorBoundary() {
  return (
    <Suspense fallback={null}>
      <ErrorPageFor
        error={useRouteError()}
        requestId={useRouteLoaderData<typeof loader>("root")?.requestId}
      />
    </Suspense>
  );
}

function ErrorPageFor({ error, requestId }: { error: unknown; requestId?: string }) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <ErrorPage status={404} />;
  }
  if (isRouteErrorResponse(error) && error.status < 500) {
    const signInPath =
      error.status === 401 ? (error.data as { signInPath?: string } | null)?.signInPath : undefined;
    return <ErrorPage status={error.status} signInPath={signInPath} />;
  }
  return <ErrorPage status={500} requestId={requestId} />;
}
