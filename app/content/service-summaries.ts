import type { SpecialitySlug } from "./specialities";

/** Names of the pictures drawn for services and their parts (see components/illustration.tsx). */
export type IllustrationName =
  | "calendar"
  | "mail"
  | "files"
  | "headset"
  | "sparkles"
  | "share"
  | "pen"
  | "search"
  | "layout"
  | "chart"
  | "report"
  | "bank"
  | "invoice"
  | "trend"
  | "receipt"
  | "checklist"
  | "plug"
  | "kanban"
  | "message"
  | "database"
  | "lightbulb"
  | "dashboard"
  | "target"
  | "compass"
  | "wallet"
  | "users"
  | "shield";

/** What every page needs to name and link a service; its parts are in services.ts. */
export interface ServiceSummary {
  slug: "service1" | "service2" | "service3" | "service4" | "service5";
  path: string;
  title: string;
  tagline: string;
  /** One or two sentences for cards and the services overview. */
  summary: string;
  illustration: IllustrationName;
  /** The consultants a business owner interested in this service would want to talk to first. */
  consultantSpecialities: readonly SpecialitySlug[];
}

export const serviceSummaries: ServiceSummary[] = [
  {
    slug: "service1",
    path: "/service1",
    title: "Administrative Support",
    tagline: "Hand off the busywork and get back to the work only you can do.",
    summary:
      "Calendars, inboxes, documents and customer questions handled by an assistant who learns how you like things done.",
    illustration: "calendar",
    consultantSpecialities: ["entrepreneurial", "legal"],
  },
  {
    slug: "service2",
    path: "/service2",
    title: "Digital Marketing",
    tagline: "A steady, professional presence online without taking over your week.",
    summary:
      "Social media, content, SEO and reporting run consistently, so customers keep finding and trusting you.",
    illustration: "share",
    consultantSpecialities: ["marketing", "sales"],
  },
  {
    slug: "service3",
    path: "/service3",
    title: "Bookkeeping",
    tagline: "Accurate books every month, and no scramble at tax time.",
    summary: "Reconciled accounts, paid bills, sent invoices and reports you can act on.",
    illustration: "invoice",
    consultantSpecialities: ["financial", "tax"],
  },
  {
    slug: "service4",
    path: "/service4",
    title: "Project Management",
    tagline: "Projects that finish on time, with everyone kept in the loop.",
    summary: "Plans, milestones, meetings and reports coordinated so your projects keep moving.",
    illustration: "kanban",
    consultantSpecialities: ["entrepreneurial", "it"],
  },
  {
    slug: "service5",
    path: "/service5",
    title: "Business Data Analysis",
    tagline: "Turn the data you already have into decisions you can trust.",
    summary: "Clean data, clear dashboards and honest analysis of your market, finances and customers.",
    illustration: "dashboard",
    consultantSpecialities: ["it", "financial"],
  },
];

/** The four services in the header menu and the home page cards (bookkeeping has the banner). */
export const featuredServices = serviceSummaries.filter((service) => service.slug !== "service3");
