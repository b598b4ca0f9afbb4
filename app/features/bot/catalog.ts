/**
 * What the assistant knows: its intents, and the example phrases it matches a visitor's words
 * against. Every fact comes from app/content (services, FAQ, site, lists, specialities); the phrases
 * written here only say how people ask, never what the answer is.
 */
import { faq } from "~/content/faq";
import { services } from "~/content/services";
import { site } from "~/content/site";
import { specialities } from "~/content/specialities";

export const INTENT = {
  greeting: "Greeting",
  help: "Help",
  thanks: "Thanks",
  goodbye: "Goodbye",
  about: "AboutAgency",
  servicesOverview: "ServicesOverview",
  serviceDetails: "ServiceDetails",
  pricing: "PricingAndOffers",
  findConsultant: "FindConsultant",
  bookAppointment: "BookAppointment",
  requestConsultation: "RequestConsultation",
  talkToPerson: "TalkToPerson",
  fallback: "FallbackIntent",
} as const;

/** The intent of one FAQ item, e.g. "working-days" → "FaqWorkingDays". */
export function faqIntentName(id: string): string {
  return `Faq${id
    .split(/[^a-zA-Z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join("")}`;
}

/** Intents that run a dialog over several turns (slots, then confirmation). */
export const DIALOG_INTENTS = new Set<string>([INTENT.requestConsultation, INTENT.talkToPerson]);

/** One thing the matcher can find: an example of an intent, with the slot value it implies. */
export interface CatalogEntry {
  id: string;
  intent: string;
  text: string;
  /** For ServiceDetails the service slug; for FindConsultant the speciality slug; for FAQ the item id. */
  value?: string;
}

/** How people ask, per intent (no facts here). */
const phrasings: Record<string, string[]> = {
  [INTENT.greeting]: [
    "hi",
    "hello",
    "hey",
    "hey there",
    "good morning",
    "good afternoon",
    "good evening",
    "hiya",
  ],
  [INTENT.help]: [
    "help",
    "help me",
    "what can you do",
    "what can you help me with",
    "show me the options",
    "menu",
    "how does this chat work",
  ],
  [INTENT.thanks]: ["thanks", "thank you", "thank you very much", "cheers", "much appreciated", "thx"],
  [INTENT.goodbye]: ["bye", "goodbye", "see you", "see you later", "that is all", "talk later"],
  [INTENT.about]: [
    "who are you",
    `what is ${site.name}`,
    "tell me about your agency",
    "about your company",
    "about us",
    "your mission and team",
    "who is behind this agency",
  ],
  [INTENT.servicesOverview]: [
    "services",
    "what services do you offer",
    "what do you do",
    "list your services",
    "what can a virtual assistant do for me",
    "how can you help my business",
    "what kind of work do your assistants do",
  ],
  [INTENT.pricing]: [
    "do you have any offers",
    "offers",
    "pricing",
    "prices",
    "how much does it cost",
    "what does it cost",
    "rates",
    "discount",
    "special offer",
    "promotion",
    "deal",
    "coupon",
    "100 off",
    "first billing cycle",
    "plans and pricing",
  ],
  [INTENT.findConsultant]: [
    "find a consultant",
    "consultants",
    "browse consultants",
    "show me your consultants",
    "i need expert advice from a specialist",
    "which consultants do you have",
  ],
  [INTENT.bookAppointment]: [
    "book an appointment",
    "book a consultant",
    "make an appointment",
    "schedule an appointment with a consultant",
    "appointment slots",
    "available appointment times",
    "reserve a session",
    "how do i book",
    "my appointments",
  ],
  [INTENT.requestConsultation]: [
    "free consultation",
    "request a free consultation",
    "get started",
    "i want to hire a virtual assistant",
    "i need a virtual assistant",
    "i want a va",
    "hire a va for my business",
    "start working with a virtual assistant",
    "sign me up",
    "get a quote",
    "please contact me about your services",
    "call me back",
  ],
  [INTENT.talkToPerson]: [
    "talk to a person",
    "talk to a human",
    "speak to a human",
    "real person",
    "human agent",
    "representative",
    "leave a message",
    "leave a message for the team",
    "someone from your team",
    "customer service person",
  ],
};

/** How people ask about each FAQ item, keyed by the item's id in app/content/faq.ts. */
const faqPhrasings: Record<string, string[]> = {
  referral: [
    "referral program",
    "refer a friend",
    "referral credit",
    "referral bonus reward",
    "refer a business",
  ],
  "working-days": [
    "working days",
    "working hours",
    "do you work weekends",
    "saturday sunday",
    "which days are assistants available",
    "business hours",
  ],
  "setup-fee": ["setup fee", "set up fee", "onboarding fee", "upfront cost", "joining fee"],
  "plan-changes": ["change my plan", "upgrade plan", "downgrade plan", "switch plans", "plan change"],
  replacement: [
    "replace my assistant",
    "replacement virtual assistant",
    "not happy with my assistant",
    "different assistant",
    "assistant not a good fit",
    "swap my va",
  ],
  support: [
    "support",
    "contact support",
    "help desk",
    "your email address",
    "your phone number",
    "how do i reach you",
    "contact details",
  ],
};

/** Other words people use for each service, keyed by slug. */
const serviceAliases: Record<string, string[]> = {
  service1: [
    "admin",
    "administrative assistant",
    "admin tasks",
    "scheduling",
    "inbox",
    "calendar",
    "data entry",
  ],
  service2: ["marketing", "social media", "seo", "content writing", "newsletter", "online presence"],
  service3: [
    "bookkeeping",
    "bookkeeper",
    "accounting",
    "accounts",
    "books",
    "invoices",
    "reconciliation",
    "taxes",
  ],
  service4: ["project management", "project manager", "projects", "coordination", "milestones"],
  service5: [
    "data analysis",
    "data analyst",
    "analytics",
    "dashboards",
    "business intelligence",
    "kpi",
    "reports",
  ],
};

/** Other words people use for each consultant speciality, keyed by slug. */
const specialityAliases: Record<string, string[]> = {
  legal: ["lawyer", "attorney", "legal advice", "contracts", "law"],
  financial: ["finance", "financial advisor", "investments", "money"],
  it: ["it", "technology", "tech", "software", "computers", "developer"],
  marketing: ["marketing consultant", "advertising", "branding"],
  healthcare: ["healthcare", "medical", "health", "clinic", "doctor"],
  sales: ["sales", "selling", "revenue", "sales team"],
  entrepreneurial: ["entrepreneur", "entrepreneurship", "startup advice", "founder", "business plan"],
  tax: ["tax", "tax advice", "tax return", "tax advisor"],
};

/** Every entry the matcher indexes, built from the site's content and the phrasings above. */
export function catalogEntries(): CatalogEntry[] {
  const entries: CatalogEntry[] = [];
  const add = (intent: string, text: string, value?: string) =>
    entries.push({ id: `${intent}#${entries.length}`, intent, text, value });

  for (const [intent, list] of Object.entries(phrasings)) for (const text of list) add(intent, text);

  for (const item of faq) {
    const intent = faqIntentName(item.id);
    add(intent, item.question, item.id);
    for (const text of faqPhrasings[item.id] ?? []) add(intent, text, item.id);
  }

  for (const service of services) {
    add(INTENT.serviceDetails, service.title, service.slug);
    add(INTENT.serviceDetails, `${service.title} ${service.tagline} ${service.summary}`, service.slug);
    for (const sub of service.subServices) {
      add(INTENT.serviceDetails, `${sub.title} ${sub.points.join(" ")}`, service.slug);
    }
    for (const alias of serviceAliases[service.slug] ?? []) add(INTENT.serviceDetails, alias, service.slug);
  }

  for (const speciality of specialities) {
    add(INTENT.findConsultant, speciality.name, speciality.slug);
    for (const alias of specialityAliases[speciality.slug] ?? []) {
      add(INTENT.findConsultant, `${alias} consultant`, speciality.slug);
    }
  }
  return entries;
}

/** Every intent name the assistant knows, FallbackIntent included. */
export function knownIntentNames(): Set<string> {
  return new Set([...Object.values(INTENT), ...faq.map((item) => faqIntentName(item.id))]);
}

export { serviceAliases, specialityAliases };
