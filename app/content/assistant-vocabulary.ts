/**
 * The other words people use for what the site names, and words that mean one thing to the site's
 * assistant: how it recognises a service, a consultant speciality or an answer to the inquiry
 * form's choices in a sentence, and which words it reads as one before classifying.
 */
import type { businessTypes, industries, timeZones } from "./lists";
import type { ServiceName } from "./service-names";
import type { SpecialitySlug } from "./specialities";

/** Other words people use for each service, keyed by slug (also how a service is recognised in a sentence). */
export const serviceAliases: Record<ServiceName["slug"], string[]> = {
  service1: [
    "admin",
    "administrative assistant",
    "admin tasks",
    "admin support",
    "scheduling",
    "inbox",
    "email management",
    "calendar",
    "data entry",
    "enter data",
    "spreadsheets",
    "travel",
    "customer emails",
    "paperwork",
    "errands",
  ],
  service2: [
    "marketing",
    "social media",
    "seo",
    "search engine",
    "content writing",
    "newsletter",
    "online presence",
    "instagram",
    "facebook",
    "linkedin",
    "tiktok",
    "youtube",
    "twitter",
    "followers",
    "blog",
    "website",
  ],
  service3: [
    "bookkeeping",
    "bookkeeper",
    "accounting",
    "accounts",
    "books",
    "invoices",
    "invoicing",
    "reconciliation",
    "bank statements",
    "payroll",
    "budget",
    "forecasting",
  ],
  service4: [
    "project management",
    "project manager",
    "project coordinator",
    "projects",
    "coordination",
    "coordinate",
    "milestones",
    "deadlines",
    "tasks for my team",
  ],
  service5: [
    "data analysis",
    "data analyst",
    "analytics",
    "dashboards",
    "business intelligence",
    "kpi",
    "reports",
    "sales data",
    "competitor analysis",
    "customer insights",
    "data",
  ],
};

/** Other words people use for each consultant speciality, keyed by slug. */
export const specialityAliases: Record<SpecialitySlug, string[]> = {
  legal: ["legal", "lawyer", "attorney", "legal advice", "contracts", "contract", "law", "solicitor"],
  financial: ["finance", "financial", "financial advisor", "investments", "investing", "money", "wealth"],
  // Not "it" alone: the pronoun would name IT in "can I make it" or "how much does it cost".
  it: [
    "it support",
    "it department",
    "it problems",
    "it issues",
    "it systems",
    "technology",
    "tech",
    "software",
    "computers",
    "developer",
    "cybersecurity",
    "security",
  ],
  marketing: ["marketing", "marketing consultant", "advertising", "branding", "brand", "instagram"],
  healthcare: ["healthcare", "health care", "medical", "health", "clinic", "doctor", "hospital"],
  sales: ["sales", "selling", "revenue", "sales team"],
  entrepreneurial: [
    "entrepreneur",
    "entrepreneurship",
    "startup advice",
    "founder",
    "business plan",
    "entrepreneurial",
  ],
  tax: ["tax", "taxes", "tax advice", "tax return", "tax advisor", "tax adviser", "accountant", "irs"],
};

/** Other words for each business type of the inquiry form. */
export const businessTypeAliases: Record<(typeof businessTypes)[number], string[]> = {
  Entrepreneur: ["self employed", "solo", "freelancer", "sole trader", "founder"],
  Professional: ["consultant", "lawyer", "doctor", "accountant", "coach", "practice"],
  Startup: ["start up", "new company", "early stage"],
  "Small/Medium-Sized Business": ["small business", "medium business", "smb", "sme", "small company"],
  Other: [],
};

/** Other words for each industry of the inquiry form. */
export const industryAliases: Record<(typeof industries)[number], string[]> = {
  "E-Commerce": ["ecommerce", "online store", "online shop", "shopify", "retail online"],
  Education: ["school", "teaching", "training", "courses", "tutoring", "edtech"],
  Fashion: ["clothing", "apparel", "design"],
  Finance: ["financial", "fintech", "banking", "insurance", "accounting", "investment"],
  "Marketing/Advertising": ["marketing", "advertising", "agency", "pr", "public relations"],
  Media: ["publishing", "film", "video", "podcast", "news", "entertainment"],
  "Non-Profit": ["nonprofit", "not for profit", "charity", "ngo", "foundation"],
  "Real Estate": ["property", "realtor", "real estate agent", "housing"],
  Tech: ["technology", "software", "saas", "it", "startup tech", "app"],
  Other: [],
};

/** Other words for each time zone of the inquiry form: its names, and places in it. */
export const timeZoneAliases: Record<(typeof timeZones)[number], string[]> = {
  EST: ["eastern", "et", "edt", "new york", "east coast", "toronto", "miami"],
  CST: ["central", "ct", "cdt", "chicago", "dallas", "houston", "mexico city"],
  PST: ["pacific", "pt", "pdt", "california", "los angeles", "seattle", "west coast"],
  MST: ["mountain", "mt", "mdt", "denver", "arizona", "phoenix", "utah"],
  GMT: ["utc", "london", "uk", "britain", "greenwich", "lisbon", "dublin"],
  Other: [],
};

/**
 * Words that mean the same here, read as the first of each group before classifying, so an example
 * with one of them teaches all of them ("what do consultants charge" and "what do experts cost").
 */
export const sameMeaning: string[][] = [
  ["hello", "hi", "hey", "hiya", "helo", "yo", "howdy", "greetings"],
  ["thanks", "thank", "thx", "ty", "cheers"],
  [
    "consultant",
    "consultants",
    "expert",
    "experts",
    "specialist",
    "specialists",
    "advisor",
    "advisors",
    "adviser",
    "advisers",
  ],
  ["assistant", "assistants", "va", "vas"],
  [
    "price",
    "prices",
    "pricing",
    "cost",
    "costs",
    "charge",
    "charges",
    "rate",
    "rates",
    "expensive",
    "cheap",
    "cheapest",
    "fee",
    "fees",
  ],
  ["appointment", "appointments", "session", "sessions", "booking", "bookings"],
  ["person", "human", "humans", "agent", "representative", "staff", "people"],
  ["refund", "refunds", "refunded", "reimburse", "reimbursed"],
  ["plan", "plans", "package", "packages"],
  ["information", "info", "details", "data"],
];

/** Phrases that mean one word here, read as that word before classifying. */
export const samePhrase: Array<[word: string, phrases: string[]]> = [
  // Not "set up" alone: "set up an appointment" is booking; "set up fee" is two words the classifier pairs.
  ["setup", ["set things up", "setting up", "set it up", "set everything up", "setting things up"]],
  ["refund", ["money back", "my money returned"]],
];
