/**
 * Every URL of the site, one row each, with what the server and search engines need to know about
 * it. app/routes.ts hands the rows to React Router; server/http-app.ts asks the table which pages
 * it may cache; /sitemap.xml and /robots.txt are made from it. A fact about a page is written here
 * and nowhere else.
 */
import { services } from "./content/services";

export type PageCacheKind = "public-content" | "catalogue";

export interface PageRoute {
  /** The URL pattern, React Router style: "/blog/:slug", "/consultant/:speciality?", "/*". */
  path: string;
  /** The route module, relative to app/. */
  file: string;
  /** Needed only when one module serves several URLs. */
  id?: string;
  /**
   * "public-content": the page shows nothing personal, so one render is reused for every anonymous
   * visitor for a few seconds (docs/decisions/0008-page-cache-for-anonymous-visitors.md).
   * "catalogue": the same for every anonymous visitor, but made from consultants and bookings, so
   * one render is reused until the database says either changed, or the booking grid moves on
   * (docs/decisions/0025-caches-the-database-invalidates.md).
   */
  cache?: PageCacheKind;
  /** Listed in /sitemap.xml (without its optional parameters). */
  sitemap?: true;
  /** robots.txt asks crawlers to stay out of this path and everything below it. */
  robots?: "disallow";
  /**
   * Only this role may open the page: 401 without a session, 403 for every other role. The
   * authorization matrix test walks every row that has it.
   */
  access?: "admin" | "consultant";
  /**
   * Sent to anonymous visitors as a static page: without React Router's browser code, its parts
   * driven by small behaviours (app/components/site/static-page.ts); its links load whole pages
   * (docs/decisions/0029-static-pages.md). Signed-in visitors get the full app.
   */
  static?: true;
  /** Its form takes a picture: a post to it may be as large as a picture (PICTURE_MAX_BYTES) allows. */
  uploads?: true;
  /**
   * Its posts change neither consultants nor appointments, so what the process keeps of them
   * outlives a post (server/http-app.ts forgets it after any other write).
   */
  leavesCatalogueAlone?: true;
  /** The staff area's navigation lists the page under this label, in the table's order. */
  staffSection?: string;
}

/** The staff area: one row per page, all for agency staff only. */
const adminPages: PageRoute[] = (
  [
    { path: "/admin", file: "routes/admin/dashboard.tsx", staffSection: "Dashboard" },
    { path: "/admin/appointments", file: "routes/admin/appointments.tsx", staffSection: "Appointments" },
    { path: "/admin/appointments/export.csv", file: "routes/admin/appointments-export.ts" },
    { path: "/admin/appointments/:appointmentId", file: "routes/admin/appointment.tsx" },
    // receipt.pdf and credit-note.pdf; any other name is a 404.
    {
      path: "/admin/appointments/:appointmentId/:documentFile",
      file: "routes/admin/appointment-document.ts",
    },
    { path: "/admin/consultants", file: "routes/admin/consultants.tsx", staffSection: "Consultants" },
    {
      path: "/admin/consultants/new",
      file: "routes/admin/consultant-edit.tsx",
      id: "routes/admin/consultant-new",
      uploads: true,
    },
    { path: "/admin/consultants/:consultantId", file: "routes/admin/consultant-edit.tsx", uploads: true },
    { path: "/admin/inquiries", file: "routes/admin/inquiries.tsx", staffSection: "Inquiries" },
    { path: "/admin/inquiries/:inquiryId", file: "routes/admin/inquiry.tsx" },
    { path: "/admin/kyc", file: "routes/admin/kyc.tsx", staffSection: "KYC" },
    { path: "/admin/reviews", file: "routes/admin/reviews.tsx", staffSection: "Reviews" },
    { path: "/admin/waitlist", file: "routes/admin/waitlist.tsx", staffSection: "Waitlist" },
    { path: "/admin/receipts", file: "routes/admin/receipts.tsx", staffSection: "Receipts" },
    { path: "/admin/receipts/export.csv", file: "routes/admin/receipts-export.ts" },
    { path: "/admin/projects", file: "routes/admin/projects.tsx", staffSection: "Projects" },
    {
      path: "/admin/projects/new",
      file: "routes/admin/project-edit.tsx",
      id: "routes/admin/project-new",
      uploads: true,
    },
    { path: "/admin/projects/:projectId", file: "routes/admin/project-edit.tsx", uploads: true },
    { path: "/admin/emails", file: "routes/admin/emails.tsx", staffSection: "E-mails" },
    { path: "/admin/emails/:messageId", file: "routes/admin/email.tsx" },
    { path: "/admin/emails/:messageId/html", file: "routes/admin/email-html.ts" },
    { path: "/admin/people", file: "routes/admin/people.tsx", staffSection: "People" },
    { path: "/admin/people/:userId", file: "routes/admin/person.tsx" },
    { path: "/admin/audit", file: "routes/admin/audit.tsx", staffSection: "Audit log" },
  ] satisfies PageRoute[]
).map((page) => ({ ...page, access: "admin" as const }));

export const routeTable: readonly PageRoute[] = [
  { path: "/", file: "routes/home.tsx", cache: "public-content", sitemap: true, static: true },
  { path: "/services", file: "routes/services.tsx", cache: "public-content", sitemap: true, static: true },
  ...services.map(
    (service): PageRoute => ({
      path: service.path,
      file: "routes/service.tsx",
      id: `routes/${service.slug}`,
      cache: "public-content",
      sitemap: true,
      static: true,
    }),
  ),
  { path: "/pricing", file: "routes/pricing.tsx", cache: "public-content", sitemap: true, static: true },
  { path: "/about", file: "routes/about.tsx", cache: "public-content", sitemap: true, static: true },
  { path: "/blog", file: "routes/blog.tsx", cache: "public-content", sitemap: true, static: true },
  { path: "/blog/rss.xml", file: "routes/blog-rss.ts" },
  // The sitemap lists each post from the blog folder, with its date.
  { path: "/blog/:slug", file: "routes/blog-post.tsx", cache: "public-content", static: true },
  // The same form for every anonymous visitor (its ?plan= is part of the cache's key); a failed
  // post's errors and the toast after a sent inquiry are not anonymous GETs, so they render.
  {
    path: "/contact",
    file: "routes/contact.tsx",
    cache: "public-content",
    sitemap: true,
    static: true,
    leavesCatalogueAlone: true,
  },
  // The same form for every anonymous visitor (what the query asks for is part of the cache's key).
  {
    path: "/login",
    file: "routes/login.tsx",
    cache: "public-content",
    static: true,
    leavesCatalogueAlone: true,
  },
  { path: "/logout", file: "routes/logout.ts", leavesCatalogueAlone: true },
  { path: "/forgot-password", file: "routes/forgot-password.tsx", cache: "public-content", static: true },
  { path: "/reset-password", file: "routes/reset-password.tsx", static: true },
  { path: "/my-profile", file: "routes/my-profile.tsx", robots: "disallow", uploads: true },
  { path: "/my-appointments", file: "routes/my-appointments.tsx", robots: "disallow" },
  // Crawlers are kept out by the /my-appointments row above (robots.txt disallows by prefix).
  { path: "/my-appointments/:appointmentId/calendar.ics", file: "routes/my-appointment-calendar.ts" },
  // receipt.pdf and credit-note.pdf (cookie or token); any other name is a 404.
  { path: "/my-appointments/:appointmentId/:documentFile", file: "routes/my-appointment-document.ts" },
  // A consultant's private feed (secret address, never linked; it answers X-Robots-Tag: noindex).
  { path: "/calendar/:feedFile", file: "routes/calendar-feed.ts" },
  { path: "/onboarding", file: "routes/onboarding.tsx", robots: "disallow" },
  { path: "/verify", file: "routes/verify.tsx", robots: "disallow" },
  {
    path: "/consultant/:speciality?",
    file: "routes/consultants.tsx",
    cache: "catalogue",
    sitemap: true,
    static: true,
  },
  { path: "/appointment/:docId", file: "routes/appointment.tsx" },
  { path: "/project/:type?", file: "routes/projects.tsx", sitemap: true, static: true },
  // Plural, so a project id can never be mistaken for a project type.
  { path: "/projects/:projectId", file: "routes/project.tsx", static: true },
  { path: "/sandbox/checkout/:paymentId", file: "routes/sandbox-checkout.tsx" },
  ...adminPages,
  { path: "/my-schedule", file: "routes/my-schedule.tsx", robots: "disallow", access: "consultant" },
  {
    path: "/my-schedule/profile",
    file: "routes/my-schedule-profile.tsx",
    robots: "disallow",
    access: "consultant",
    uploads: true,
  },
  { path: "/sitemap.xml", file: "routes/sitemap.ts" },
  { path: "/robots.txt", file: "routes/robots.ts" },
  { path: "/*", file: "routes/not-found.tsx" },
];

/**
 * Areas the server answers outside React Router's pages that crawlers must stay out of too: the
 * staff area and the JSON API.
 */
const privateAreas = ["/admin", "/api/"] as const;

/**
 * A table compiled once for lookups: rows without parameters by lower-case path, the others as
 * regular expressions, the catch-all last. React Router's own matcher ranks the whole table on
 * each call, which is costly, and the server asks for every request; route-table.test.ts checks
 * that both choose the same row.
 */
interface CompiledTable {
  fixed: Map<string, PageRoute>;
  patterns: { pattern: RegExp; page: PageRoute }[];
}

const compiledTables = new WeakMap<readonly PageRoute[], CompiledTable>();

function compiled(table: readonly PageRoute[]): CompiledTable {
  let found = compiledTables.get(table);
  if (!found) {
    const hasParameters = (page: PageRoute) => /[:*]/.test(page.path);
    const patterns = table
      .filter(hasParameters)
      .map((page) => ({ pattern: patternOf(page.path), page }))
      .sort((a, b) => Number(a.page.path.endsWith("*")) - Number(b.page.path.endsWith("*")));
    found = {
      fixed: new Map(
        table.filter((page) => !hasParameters(page)).map((page) => [page.path.toLowerCase(), page]),
      ),
      patterns,
    };
    compiledTables.set(table, found);
  }
  return found;
}

/** "/blog/:slug", "/consultant/:speciality?", "/*" as React Router reads them (case-insensitive). */
function patternOf(path: string): RegExp {
  const source = path
    .split("/")
    .filter(Boolean)
    .map((segment) => {
      if (segment === "*") return "(?:/.*)?";
      if (segment.startsWith(":")) return segment.endsWith("?") ? "(?:/[^/]+)?" : "/[^/]+";
      return `/${segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`;
    })
    .join("");
  return new RegExp(`^${source}/*$`, "i");
}

/** The path as React Router matches it: each segment percent-decoded, when it can be. */
function decodedPath(pathname: string): string {
  try {
    return pathname
      .split("/")
      .map((segment) => decodeURIComponent(segment).replace(/\//g, "%2F"))
      .join("/");
  } catch {
    return pathname;
  }
}

/** The row that answers a path, chosen as React Router chooses. */
export function pageRouteFor(table: readonly PageRoute[], pathname: string): PageRoute | undefined {
  const { fixed, patterns } = compiled(table);
  const path = decodedPath(pathname);
  const withoutTrailingSlashes = path.length > 1 ? path.replace(/\/+$/, "") || "/" : path;
  return (
    fixed.get(withoutTrailingSlashes.toLowerCase()) ??
    patterns.find(({ pattern }) => pattern.test(path))?.page
  );
}

/** How a rendered page may be reused for anonymous visitors, if at all. */
export function pageCacheKind(table: readonly PageRoute[], pathname: string): PageCacheKind | undefined {
  return pageRouteFor(table, pathname)?.cache;
}

/** Whether a page is sent without React Router's browser code to visitors who are not signed in. */
export function isStaticPage(table: readonly PageRoute[], pathname: string): boolean {
  return pageRouteFor(table, pathname)?.static === true;
}

/** Whether a page is a place of work (staff, a consultant's schedule): no marketing banner, no chat. */
export function isWorkPage(table: readonly PageRoute[], pathname: string): boolean {
  return pageRouteFor(table, pathname)?.access !== undefined;
}

/** A link of the staff area's navigation: `end` when only its own path makes it current. */
export interface StaffSection {
  to: string;
  label: string;
  end: boolean;
}

/** The staff area's navigation, from the rows that name a section. */
export function staffSections(table: readonly PageRoute[]): StaffSection[] {
  const sections = table.filter((page) => page.staffSection !== undefined);
  return sections.map((page) => ({
    to: page.path,
    label: page.staffSection!,
    end: sections.some((other) => other.path.startsWith(`${page.path}/`)),
  }));
}

/** Whether posts to a page leave consultants and appointments as they were. */
export function postsLeaveCatalogueAlone(table: readonly PageRoute[], pathname: string): boolean {
  return pageRouteFor(table, pathname)?.leavesCatalogueAlone === true;
}

/** Whether posts to a page may carry a picture. */
export function takesUploads(table: readonly PageRoute[], pathname: string): boolean {
  return pageRouteFor(table, pathname)?.uploads === true;
}

/** The paths /sitemap.xml lists, in table order. */
export function sitemapPaths(table: readonly PageRoute[]): string[] {
  return table.filter((page) => page.sitemap).map(listedPath);
}

/** The path prefixes robots.txt disallows. */
export function disallowedPaths(table: readonly PageRoute[]): string[] {
  return [...table.filter((page) => page.robots === "disallow").map(listedPath), ...privateAreas];
}

/** "/consultant/:speciality?" is listed as "/consultant"; a required parameter has no one path to list. */
function listedPath(page: PageRoute): string {
  const path = page.path
    .split("/")
    .filter((segment) => !segment.endsWith("?"))
    .join("/");
  if (/[:*]/.test(path)) throw new Error(`${page.path} has required parameters: it cannot be listed.`);
  return path || "/";
}
