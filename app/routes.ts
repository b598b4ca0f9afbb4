import { index, type RouteConfig, route } from "@react-router/dev/routes";
import { services } from "./content/services";

/** Every URL of the site, in one place. */
export default [
  index("routes/home.tsx"),
  route("services", "routes/services.tsx"),
  ...services.map((service) => route(service.slug, "routes/service.tsx", { id: `routes/${service.slug}` })),
  route("about", "routes/about.tsx"),
  route("contact", "routes/contact.tsx"),
  route("login", "routes/login.tsx"),
  route("logout", "routes/logout.ts"),
  route("forgot-password", "routes/forgot-password.tsx"),
  route("reset-password", "routes/reset-password.tsx"),
  route("my-profile", "routes/my-profile.tsx"),
  route("onboarding", "routes/onboarding.tsx"),
  route("consultant/:speciality?", "routes/consultants.tsx"),
  route("appointment/:docId", "routes/appointment.tsx"),
  route("my-appointments", "routes/my-appointments.tsx"),
  route("verify", "routes/verify.tsx"),
  route("project/:type?", "routes/projects.tsx"),
  // Plural, so a project id can never be mistaken for a project type.
  route("projects/:projectId", "routes/project.tsx"),
  route("sandbox/checkout/:paymentId", "routes/sandbox-checkout.tsx"),
  route("blog", "routes/blog.tsx"),
  route("blog/rss.xml", "routes/blog-rss.ts"),
  route("blog/:slug", "routes/blog-post.tsx"),
  route("sitemap.xml", "routes/sitemap.ts"),
  route("robots.txt", "routes/robots.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
