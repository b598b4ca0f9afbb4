/** What the site's shell (header menus, banner, footer) needs to name and link a service. */
export interface ServiceName {
  slug: "service1" | "service2" | "service3" | "service4" | "service5";
  path: string;
  title: string;
}

export const serviceNames: ServiceName[] = [
  { slug: "service1", path: "/service1", title: "Administrative Support" },
  { slug: "service2", path: "/service2", title: "Digital Marketing" },
  { slug: "service3", path: "/service3", title: "Bookkeeping" },
  { slug: "service4", path: "/service4", title: "Project Management" },
  { slug: "service5", path: "/service5", title: "Business Data Analysis" },
];

/** The four services in the header menu, the footer and the home page cards (bookkeeping has the banner). */
export const featuredServiceNames = serviceNames.filter((service) => service.slug !== "service3");
