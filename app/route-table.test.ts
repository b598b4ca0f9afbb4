import { existsSync } from "node:fs";
import { matchRoutes } from "react-router";
import { describe, expect, it } from "vitest";
import { services } from "./content/services";
import {
  disallowedPaths,
  type PageRoute,
  pageCacheKind,
  pageRouteFor,
  routeTable,
  sitemapPaths,
  staffSections,
  takesUploads,
} from "./route-table";

/** The pages that read nothing personal: home, services, the five service pages, pricing, about, blog. */
const contentPages = [
  "/",
  "/services",
  ...services.map((service) => service.path),
  "/pricing",
  "/about",
  "/blog",
];

describe("the route table", () => {
  it("lets the pages whose forms take a picture receive one, and no other", () => {
    const withPictures = [
      "/my-profile",
      "/my-schedule/profile",
      "/admin/consultants/new",
      "/admin/consultants/0b5c3b8e-1f0a-4a53-9f34-6f5d1f1e2a10",
      "/admin/projects/new",
      "/admin/projects/0b5c3b8e-1f0a-4a53-9f34-6f5d1f1e2a10",
    ];
    for (const path of withPictures) expect(takesUploads(routeTable, path), path).toBe(true);
    for (const path of [
      "/contact",
      "/login",
      "/onboarding",
      "/admin/consultants",
      "/admin/people/x",
      "/nowhere",
    ]) {
      expect(takesUploads(routeTable, path), path).toBe(false);
    }
  });

  it("names a route module that exists on every row", () => {
    for (const page of routeTable) {
      expect(existsSync(new URL(page.file, import.meta.url)), page.file).toBe(true);
    }
  });

  it("caches the content pages, the directory until the catalogue changes, and nothing personal", () => {
    expect(contentPages).toHaveLength(10);
    const cached = [
      ...contentPages,
      "/blog/how-to-onboard-a-virtual-assistant-in-your-first-week",
      // The same form for every anonymous visitor.
      "/login",
      "/forgot-password",
      "/contact",
    ];
    const notCached = [
      "/blog/rss.xml",
      "/logout",
      "/reset-password",
      "/appointment/x",
      "/my-appointments",
      "/my-profile",
      "/onboarding",
      "/verify",
      "/project",
      "/projects/x",
      "/sandbox/checkout/x",
      "/sitemap.xml",
      "/robots.txt",
      "/service6",
      "/nowhere",
      "/api/doctor/list",
    ];
    // Made from consultants and bookings: kept until the database says they changed.
    const keptUntilTheCatalogueChanges = ["/consultant", "/consultant/bookkeeping"];
    for (const path of cached) expect(pageCacheKind(routeTable, path), path).toBe("public-content");
    for (const path of keptUntilTheCatalogueChanges)
      expect(pageCacheKind(routeTable, path), path).toBe("catalogue");
    for (const path of notCached) expect(pageCacheKind(routeTable, path), path).toBeUndefined();
  });

  it("lists the public pages in the sitemap, optional parameters left out", () => {
    expect(sitemapPaths(routeTable)).toEqual([...contentPages, "/contact", "/consultant", "/project"]);
  });

  it("keeps crawlers out of the signed-in areas, payment returns, the staff area and the API", () => {
    expect(disallowedPaths(routeTable).sort()).toEqual(
      [
        "/admin",
        "/api/",
        "/my-appointments",
        "/my-profile",
        "/my-schedule",
        "/my-schedule/profile",
        "/onboarding",
        "/verify",
      ].sort(),
    );
  });

  it("refuses to list a page whose address needs a parameter", () => {
    const table: PageRoute[] = [
      { path: "/appointment/:docId", file: "routes/appointment.tsx", sitemap: true },
    ];
    expect(() => sitemapPaths(table)).toThrow("/appointment/:docId has required parameters");
  });
});

describe("finding the row that answers a path", () => {
  const asReactRouterChooses = (pathname: string) =>
    matchRoutes(
      routeTable.map((page) => ({ path: page.path, page })),
      pathname,
    )?.at(-1)?.route.page;

  it("chooses the row React Router chooses, for every kind of path", () => {
    const paths = routeTable.flatMap((page) => {
      const filled = page.path
        .replace(/:[a-zA-Z]+\?/g, "tax-advisor")
        .replace(/:[a-zA-Z]+/g, "0b5c3b8e-1f0a-4a53-9f34-6f5d1f1e2a10")
        .replace("*", "no/such/page");
      const bare = page.path.replace(/\/:[a-zA-Z]+\?/g, "");
      return [filled, `${filled}/`, filled.toUpperCase(), bare, `${bare}/extra`, `${filled}//`];
    });
    paths.push("/", "/log%69n", "/blog/caf%C3%A9", "/blog/%E0%A4%A", "/admin/consultants/new", "/ADMIN");
    for (const path of paths) {
      expect({ path, row: pageRouteFor(routeTable, path)?.path }).toEqual({
        path,
        row: asReactRouterChooses(path)?.path,
      });
    }
  });
});

describe("the staff area's navigation", () => {
  it("lists the staff pages that name a section, in the table's order; only the dashboard needs its own path", () => {
    expect(
      staffSections(routeTable).map(({ label, to, end }) => `${label} ${to}${end ? " (end)" : ""}`),
    ).toEqual([
      "Dashboard /admin (end)",
      "Appointments /admin/appointments",
      "Consultants /admin/consultants",
      "Inquiries /admin/inquiries",
      "KYC /admin/kyc",
      "Reviews /admin/reviews",
      "Waitlist /admin/waitlist",
      "Receipts /admin/receipts",
      "Projects /admin/projects",
      "E-mails /admin/emails",
      "People /admin/people",
      "Audit log /admin/audit",
    ]);
  });

  it("names staff pages only", () => {
    for (const page of routeTable.filter((row) => row.staffSection)) expect(page.access).toBe("admin");
  });
});
