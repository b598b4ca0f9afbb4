import { type ServiceName, serviceNames } from "./service-names";
import type { SpecialitySlug } from "./specialities";

/** Names of the pictures drawn for services and their parts (see components/site/illustration.tsx). */
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

/** What the pages that present services need: names (./service-names.ts) with a few words on each. */
export interface ServiceSummary extends ServiceName {
  tagline: string;
  /** One or two sentences for cards and the services overview. */
  summary: string;
  illustration: IllustrationName;
  /** The consultants a business owner interested in this service would want to talk to first. */
  consultantSpecialities: readonly SpecialitySlug[];
}

const descriptions: Record<ServiceName["slug"], Omit<ServiceSummary, keyof ServiceName>> = {
  service1: {
    tagline: "Hand off the busywork and get back to the work only you can do.",
    summary:
      "Calendars, inboxes, documents and customer questions handled by an assistant who learns how you like things done.",
    illustration: "calendar",
    consultantSpecialities: ["entrepreneurial", "legal"],
  },
  service2: {
    tagline: "A steady, professional presence online without taking over your week.",
    summary:
      "Social media, content, SEO and reporting run consistently, so customers keep finding and trusting you.",
    illustration: "share",
    consultantSpecialities: ["marketing", "sales"],
  },
  service3: {
    tagline: "Accurate books every month, and no scramble at tax time.",
    summary: "Reconciled accounts, paid bills, sent invoices and reports you can act on.",
    illustration: "invoice",
    consultantSpecialities: ["financial", "tax"],
  },
  service4: {
    tagline: "Projects that finish on time, with everyone kept in the loop.",
    summary: "Plans, milestones, meetings and reports coordinated so your projects keep moving.",
    illustration: "kanban",
    consultantSpecialities: ["entrepreneurial", "it"],
  },
  service5: {
    tagline: "Turn the data you already have into decisions you can trust.",
    summary: "Clean data, clear dashboards and honest analysis of your market, finances and customers.",
    illustration: "dashboard",
    consultantSpecialities: ["it", "financial"],
  },
};

export const serviceSummaries: ServiceSummary[] = serviceNames.map((name) => ({
  ...name,
  ...descriptions[name.slug],
}));

/** The featured services (./service-names.ts) with their descriptions, for the home page's cards. */
export const featuredServices = serviceSummaries.filter((service) => service.slug !== "service3");
