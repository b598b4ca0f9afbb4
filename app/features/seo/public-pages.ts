import { services } from "~/content/services";

/**
 * The pages search engines may list, in the order the sitemap gives them. Add a public page here
 * and it appears in /sitemap.xml; blog posts are added from the blog folder.
 */
export const publicPagePaths: readonly string[] = [
  "/",
  "/services",
  ...services.map((service) => service.path),
  "/about",
  "/blog",
  "/contact",
  "/consultant",
  "/project",
];

/** Paths robots.txt asks crawlers to stay out of: signed-in areas, staff pages, payment returns, the API. */
export const privatePathPrefixes: readonly string[] = [
  "/admin",
  "/my-profile",
  "/my-appointments",
  "/onboarding",
  "/verify",
  "/api/",
];
