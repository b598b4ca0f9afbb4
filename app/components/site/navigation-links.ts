import { featuredServiceNames } from "~/content/service-names";
import type { MenuLink } from "./disclosure-menu";

export const serviceMenuLinks: MenuLink[] = featuredServiceNames.map((service) => ({
  label: service.title,
  to: service.path,
}));

export const resourceMenuLinks: MenuLink[] = [
  { label: "Clients Testimonials", to: "/#testimonials" },
  { label: "FAQs", to: "/#faq" },
  { label: "Blog", to: "/blog" },
  { label: "Projects", to: "/project" },
];
