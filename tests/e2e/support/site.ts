import { expect, type Page } from "@playwright/test";

/** Every page of the public site that must answer 200 inside the shell. */
export const publicPages = [
  "/",
  "/services",
  "/service1",
  "/service2",
  "/service3",
  "/service4",
  "/service5",
  "/about",
  "/blog",
] as const;

/** The four services the header's menus offer, in order. */
export const menuServices = [
  "Administrative Support",
  "Digital Marketing",
  "Project Management",
  "Business Data Analysis",
] as const;

export const resourceLinks = ["Clients Testimonials", "FAQs", "Blog", "Projects"] as const;

export const footerTagline = "Your Hub for Reliable Virtual Assistance";

/**
 * Waits until the page responds: React has hydrated it and run its effects (root.tsx marks the
 * page), and has reached the element (the header by default), so keys and clicks reach listeners
 * instead of falling on server-rendered markup that does nothing yet; or, on a static page (no
 * React), its behaviours are attached.
 */
export async function waitUntilInteractive(page: Page, selector = "header"): Promise<void> {
  await page.waitForFunction(
    (target) => {
      const mark = document.documentElement.dataset.interactive;
      if (mark === "static") return true;
      if (mark !== "react") return false;
      // A part React hydrates later (behind Suspense) has its own fiber only once it is reached.
      const element = document.querySelector(target);
      return element !== null && Object.keys(element).some((key) => key.startsWith("__reactFiber"));
    },
    selector,
    { timeout: 15_000 },
  );
}

/**
 * The path of a public page React Router runs for anonymous visitors, for tests of what must work
 * on both kinds of page: most public pages reach them static (decisions 29 and 34), a consultant's
 * booking page does not.
 */
export async function pathOfAPageReactRuns(page: Page): Promise<string> {
  const response = await page.request.get("/api/doctor/list");
  const { doctors } = (await response.json()) as { doctors: { _id: string }[] };
  expect(doctors.length, "consultants to book").toBeGreaterThan(0);
  return `/appointment/${doctors[0]!._id}`;
}

/** A page as a test names it, and how to find its path. */
export interface PageToOpen {
  name: string;
  path: (page: Page) => Promise<string>;
}

/** A static public page, and the page React runs (above). */
export function staticAndReactPages(staticPath: string): PageToOpen[] {
  return [
    { name: staticPath, path: async () => staticPath },
    { name: "a consultant's booking page", path: pathOfAPageReactRuns },
  ];
}

/** Opens a page and waits for it to be interactive. */
export async function openPage(page: Page, path: string, hydrated = "header"): Promise<void> {
  const response = await page.goto(path);
  expect(response?.status(), `status of ${path}`).toBe(200);
  await waitUntilInteractive(page, hydrated);
}

/** Resolves once window.scrollY has stopped changing (smooth scrolls have finished). */
export async function waitForScrollToSettle(page: Page): Promise<number> {
  let previous = Number.NaN;
  let stableReads = 0;
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const current = await page.evaluate(
      () =>
        new Promise<number>((resolve) =>
          requestAnimationFrame(() => requestAnimationFrame(() => resolve(window.scrollY))),
        ),
    );
    stableReads = current === previous ? stableReads + 1 : 0;
    if (stableReads >= 5) return current;
    previous = current;
  }
  throw new Error(`scrolling did not settle within 10 s (last scrollY ${previous})`);
}

/** Scrolls instantly (whatever the page's scroll-behavior) and waits for scroll listeners to run. */
export async function scrollToY(page: Page, y: number): Promise<number> {
  return page.evaluate(
    (top) =>
      new Promise<number>((resolve) => {
        window.scrollTo({ top, behavior: "instant" });
        requestAnimationFrame(() => requestAnimationFrame(() => resolve(window.scrollY)));
      }),
    y,
  );
}
