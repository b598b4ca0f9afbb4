/**
 * What the assistant is trained on: its intents, and example sentences of how people ask for each.
 * Facts never live here. The content's own questions, service and speciality names and the words
 * of every service's parts (app/content) are training sentences too; the phrasings written here
 * only say how people ask. The evaluation set of `npm run bench:bot` is kept apart from these.
 */
import { faq } from "~/content/faq";
import { plans } from "~/content/plans";
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
  consultantAvailability: "ConsultantAvailability",
  consultantFees: "ConsultantFees",
  bookAppointment: "BookAppointment",
  myAppointments: "MyAppointments",
  bookingRules: "BookingRules",
  paymentMethods: "PaymentMethods",
  cancellation: "CancellationPolicy",
  reschedule: "RescheduleAppointment",
  personalData: "PersonalData",
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

/** Intents whose answer names a consultant speciality when the message names one. */
export const SPECIALITY_INTENTS = new Set<string>([
  INTENT.findConsultant,
  INTENT.consultantAvailability,
  INTENT.consultantFees,
  INTENT.bookAppointment,
]);

/** One training sentence: the intent it is an example of. */
export interface TrainingExample {
  intent: string;
  text: string;
}

/** How people ask, per intent (no facts here). */
const phrasings: Record<string, string[]> = {
  [INTENT.greeting]: [
    "is anyone there",
    "hello team",
    "hey, you around",
    "hi",
    "hello",
    "hey",
    "hey there",
    "hi there",
    "good morning",
    "good afternoon",
    "good evening",
    "hiya",
    "howdy",
    "greetings",
    "hello, is anybody there",
    "hi assistant",
  ],
  [INTENT.help]: [
    "which topics can you cover",
    "what information can you give me",
    "what are the options",
    "where should I begin",
    "help",
    "help me",
    "what can you do",
    "what can you help me with",
    "show me the options",
    "menu",
    "how does this chat work",
    "what do you know",
    "what can I ask about",
    "I'm not sure what I need",
    "what questions can you answer",
    "can you assist me",
    "what is this chat for",
  ],
  [INTENT.thanks]: [
    "thanks",
    "thank you",
    "thank you very much",
    "cheers",
    "much appreciated",
    "thx",
    "thanks so much",
    "great thank you",
    "perfect, thanks",
    "that helps, thanks",
    "thank you for your help",
  ],
  [INTENT.goodbye]: [
    "later",
    "see ya",
    "bye",
    "goodbye",
    "see you",
    "see you later",
    "that is all",
    "talk later",
    "bye for now",
    "have a good day",
    "that's all I needed",
    "I'm finished",
  ],
  [INTENT.about]: [
    "your background",
    "your history",
    "the story of your company",
    "tell me about the team",
    "who are you",
    `what is ${site.name}`,
    "tell me about your agency",
    "about your company",
    "about us",
    "your mission and team",
    "who is behind this agency",
    "who owns the company",
    "how long have you been in business",
    "what kind of company are you",
    "where does your team come from",
  ],
  [INTENT.servicesOverview]: [
    "what do you offer",
    "what kind of help do you offer",
    "the list of services",
    "do you do more than admin",
    "services",
    "what services do you offer",
    "what do you do",
    "list your services",
    "what can a virtual assistant do for me",
    "how can you help my business",
    "what kind of work do your assistants do",
    "which services are there",
    "what do you provide",
    "what work can I outsource to you",
    "all your services",
  ],
  [INTENT.serviceDetails]: [
    "can you manage my email",
    "can your assistants handle social media posts",
    "do you do SEO",
    "I need help with bookkeeping",
    "can an assistant schedule my meetings",
    "I need someone to run our facebook page",
    "can a VA write my newsletter",
    "do you offer data entry",
    "can you track my project milestones",
    "could you analyse our sales numbers",
    "what does the bookkeeping service include",
    "tell me about marketing",
    "details of the admin service",
    "who would handle my invoices",
    "I need reports on my business data",
    "can someone update my website",
    "post content on tiktok and youtube for me",
  ],
  [INTENT.pricing]: [
    "package prices",
    "promo code",
    "are you expensive",
    "what do you charge",
    "how much do your assistants charge an hour",
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
    "what plans do you offer",
    "monthly plans",
    "how much per month",
    "price list",
    "how much does an assistant cost",
    "what is the hourly price",
    "is there an offer for new clients",
    "discount for first time customers",
    "cost of hiring a virtual assistant",
    "which plan should I choose",
    "how many hours do I get",
    "how much is a plan",
    "price of a full-time VA",
    "cheapest option",
    "budget friendly plan",
  ],
  [INTENT.findConsultant]: [
    "I need a lawyer",
    "looking for an advisor",
    "experts in my field",
    "an advisor for my company",
    "the people who give advice",
    "talk to a specialist about my business",
    "find a consultant",
    "consultants",
    "browse consultants",
    "show me your consultants",
    "i need expert advice from a specialist",
    "which consultants do you have",
    "I'm looking for an expert",
    "do you have specialists",
    "I need professional advice",
    "can I consult an expert",
    "who can advise me",
    "I need advice about my business",
    "recommend a consultant",
  ],
  [INTENT.consultantAvailability]: [
    "can I see a consultant today",
    "free this evening",
    "who is available tomorrow",
    "which consultants have free slots today",
    "is a consultant free this afternoon",
    "any free times on wednesday",
    "when is the next available slot",
    "do you have openings this week",
    "is anyone available at 2 pm",
    "free appointment times",
    "available appointment times",
    "appointment slots",
    "earliest free slot",
    "who can meet me on saturday evening",
    "check availability",
  ],
  [INTENT.consultantFees]: [
    "how much to see a consultant",
    "how much does a consultant cost",
    "consultant fees",
    "what is the fee for an appointment",
    "how much is one session",
    "price of a consultation with an expert",
    "what do consultants charge per session",
    "cost of an appointment",
    "how much does a legal consultant charge",
    "how expensive is a specialist",
    "session price",
    "appointment fee",
  ],
  [INTENT.bookAppointment]: [
    "make an appointment with an expert",
    "set up a session with a consultant",
    "book me a session",
    "book an appointment",
    "book a consultant",
    "make an appointment",
    "schedule an appointment with a consultant",
    "reserve a session",
    "how do i book",
    "I want to book",
    "book a session with an expert",
    "can I schedule a call with a specialist",
    "booking",
    "how does the booking process work",
    "I'd like to meet a consultant",
  ],
  [INTENT.myAppointments]: [
    "my bookings coming up",
    "when do I meet my consultant",
    "have I got an appointment",
    "my appointments",
    "my next appointment",
    "when is my booking",
    "show me my bookings",
    "what appointments do I have",
    "my upcoming appointment",
    "did I book anything",
    "when is my session",
    "what time is my meeting with the consultant",
    "check my booking",
  ],
  [INTENT.bookingRules]: [
    "hours for bookings",
    "are sessions half an hour",
    "how late can appointments be",
    "can I book in the evening",
    "booking rules",
    "how long is a session",
    "how many days in advance can I book",
    "what times are appointments available",
    "opening hours for appointments",
    "when can I book",
    "what hours do consultants take appointments",
    "can I book weeks ahead",
    "how long does a consultation last",
    "can I book late at night",
    "earliest and latest appointment time",
    "how many bookings can I make",
    "can I book on weekends",
    "appointment length",
  ],
  [INTENT.paymentMethods]: [
    "payment methods",
    "how can I pay",
    "do you accept cards",
    "can I pay with a debit card",
    "which payment providers do you use",
    "do you take stripe",
    "can I pay through razorpay",
    "how do I pay for a booking",
    "pay online",
    "do you accept upi",
    "when do I have to pay",
    "is payment taken when I book",
    "payment",
  ],
  [INTENT.cancellation]: [
    "cancellation policy",
    "refund policy",
    "how do I cancel a booking",
    "can I cancel my appointment",
    "will I be refunded",
    "do I get my money back",
    "refund",
    "cancel and refund",
    "what if I cancel late",
    "is cancelling free",
    "I want to cancel an appointment",
    "money back if I cancel",
    "cancellation rules",
  ],
  [INTENT.reschedule]: [
    "rebook my appointment",
    "book a different time instead",
    "I can not come at that time",
    "reschedule",
    "reschedule an appointment",
    "move my appointment",
    "change my booking time",
    "can I change the date of my session",
    "move a booking to another slot",
    "I can't make it, can I come another day",
    "postpone my appointment",
    "pick a new time for my booking",
    "shift my meeting to later",
  ],
  [INTENT.personalData]: [
    "is my information safe with you",
    "encryption of my details",
    "who has access to my data",
    "personal data",
    "privacy",
    "data protection",
    "how do you keep my data",
    "is my id number safe",
    "why do you ask for my id number",
    "what is identity verification",
    "why do I need to complete my profile",
    "kyc",
    "know your customer",
    "do you store my id",
    "who sees my personal information",
    "is my data encrypted",
    "do you sell my data",
    "why verify my identity",
    "onboarding verification",
  ],
  [INTENT.requestConsultation]: [
    "set up a consultation",
    "arrange a call to discuss my needs",
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
    "book a free call",
    "arrange a free consultation",
    "I'd like an assistant for my company",
    "let's get started",
    "I want to work with you",
  ],
  [INTENT.talkToPerson]: [
    "connect me to an agent",
    "your staff",
    "a message for your staff",
    "can a person contact me",
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
    "can I chat with a live agent",
    "I want to speak with someone",
    "put me through to a person",
    "send a message to your team",
    "a person please",
  ],
  [INTENT.fallback]: [
    "what's the weather like",
    "tell me something funny",
    "who won the world cup",
    "what is the capital of germany",
    "where can I get a good burger",
    "how do I change a tyre",
    "what is 5 plus 7",
    "compose a song for me",
    "I like sushi",
    "who is the prime minister",
    "play a video",
    "how do you say thanks in german",
    "what is the purpose of life",
    "how deep is the ocean",
    "buy plane tickets",
    "call me an uber",
    "what's on tv",
    "solve my math exercise",
    "diet tips",
    "suggest a novel",
    "are you human",
    "ghjk zxcv",
    "what day is it today",
    "how do I make pancakes",
    "ethereum value",
    "my dog is ill",
    "tell me a story",
    "how many planets are there",
    "will it snow this weekend",
    "who discovered penicillin",
    "remind me to call mom",
    "football results",
    "how do I update my iphone",
    "haha",
    "apple",
    "do you dream",
    "find a restaurant near me",
    "I want to sell my house",
    "teach me to play guitar",
    "what happened in the news today",
    "find someone's password",
    "what's your favourite colour",
    "I need an electrician",
    "hotels in madrid",
    "explain black holes",
    "how hot is the sun",
    "learn spanish",
  ],
};

/** How people ask about each FAQ item, keyed by the item's id in app/content/faq.ts. */
const faqPhrasings: Record<string, string[]> = {
  referral: [
    "bonus for recommending you",
    "recommend you to a friend",
    "referral program",
    "refer a friend",
    "referral credit",
    "referral bonus reward",
    "refer a business",
    "do you reward recommendations",
    "what do I get for referring a client",
    "credit for introducing another business",
  ],
  "working-days": [
    "are you open on saturdays",
    "do vas work sundays",
    "days you are open",
    "working days",
    "working hours",
    "do you work weekends",
    "saturday sunday",
    "which days are assistants available",
    "business hours",
    "do assistants work on weekends",
    "are virtual assistants available every day",
    "what hours do your assistants work",
  ],
  "setup-fee": [
    "any setup charges",
    "startup fee",
    "onboarding costs",
    "charge for setting up an account",
    "fees to start",
    "setup fee",
    "set up fee",
    "onboarding fee",
    "upfront cost",
    "joining fee",
    "do I pay anything to start",
    "any initial fees",
    "is there a charge for getting set up",
    "one time fee",
  ],
  "plan-changes": [
    "upgrade my plan later on",
    "can I upgrade",
    "I need extra hours",
    "change my plan",
    "upgrade plan",
    "downgrade plan",
    "switch plans",
    "plan change",
    "can I get more hours",
    "move to a bigger plan",
    "reduce my hours",
  ],
  replacement: [
    "another va instead of mine",
    "replace my assistant",
    "replacement virtual assistant",
    "not happy with my assistant",
    "different assistant",
    "assistant not a good fit",
    "swap my va",
    "I don't get along with my assistant",
    "new assistant please",
    "my va is not good",
  ],
  support: [
    "get in touch",
    "contact information",
    "support",
    "contact support",
    "help desk",
    "your email address",
    "your phone number",
    "how do i reach you",
    "contact details",
    "how can I contact you",
    "phone",
    "email",
    "call you",
  ],
};

/** Other words people use for each service, keyed by slug (also how a service is recognised in a sentence). */
export const serviceAliases: Record<string, string[]> = {
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
export const specialityAliases: Record<string, string[]> = {
  legal: ["legal", "lawyer", "attorney", "legal advice", "contracts", "contract", "law", "solicitor"],
  financial: ["finance", "financial", "financial advisor", "investments", "investing", "money", "wealth"],
  it: ["it", "technology", "tech", "software", "computers", "developer", "cybersecurity", "security"],
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

/** Sentences made from the content and the words above: how a visitor names a service or a speciality. */
function contentExamples(): TrainingExample[] {
  const examples: TrainingExample[] = [];
  const add = (intent: string, text: string) => examples.push({ intent, text });

  for (const item of faq) {
    const intent = faqIntentName(item.id);
    add(intent, item.question);
    for (const text of faqPhrasings[item.id] ?? []) add(intent, text);
  }

  for (const service of services) {
    add(INTENT.serviceDetails, service.title);
    add(INTENT.serviceDetails, `tell me about ${service.title}`);
    add(INTENT.serviceDetails, service.tagline);
    add(INTENT.serviceDetails, service.summary);
    for (const sub of service.subServices) {
      add(INTENT.serviceDetails, sub.title);
      add(INTENT.serviceDetails, sub.description);
      add(INTENT.serviceDetails, `can you help with ${sub.points.join(" and ").toLowerCase()}`);
    }
    for (const alias of serviceAliases[service.slug] ?? []) add(INTENT.serviceDetails, `help with ${alias}`);
  }

  for (const speciality of specialities) {
    add(INTENT.findConsultant, speciality.name);
    for (const alias of specialityAliases[speciality.slug] ?? []) {
      add(INTENT.findConsultant, `${alias} consultant`);
      add(INTENT.findConsultant, `I need ${alias} advice`);
    }
    add(INTENT.consultantAvailability, `is a ${speciality.name.toLowerCase()} free tomorrow`);
    add(INTENT.consultantFees, `how much do ${speciality.name.toLowerCase()} charge`);
  }

  for (const plan of plans) add(INTENT.pricing, `how much is the ${plan.name} plan`);
  return examples;
}

/** Every training sentence, from the content and the phrasings above. */
export function trainingExamples(): TrainingExample[] {
  const examples: TrainingExample[] = [];
  for (const [intent, list] of Object.entries(phrasings)) {
    for (const text of list) examples.push({ intent, text });
  }
  return [...examples, ...contentExamples()];
}

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

/** How a clarifying question names each intent (FAQ items use their question). */
const intentLabels: Record<string, string> = {
  [INTENT.greeting]: "Just saying hello",
  [INTENT.help]: "What I can help with",
  [INTENT.thanks]: "Saying thanks",
  [INTENT.goodbye]: "Saying goodbye",
  [INTENT.about]: `About ${site.name}`,
  [INTENT.servicesOverview]: "Our services",
  [INTENT.serviceDetails]: "A service",
  [INTENT.pricing]: "Plans and prices",
  [INTENT.findConsultant]: "Finding a consultant",
  [INTENT.consultantAvailability]: "Consultants' free times",
  [INTENT.consultantFees]: "Consultants' fees",
  [INTENT.bookAppointment]: "Booking an appointment",
  [INTENT.myAppointments]: "Your appointments",
  [INTENT.bookingRules]: "Booking hours and rules",
  [INTENT.paymentMethods]: "Ways to pay",
  [INTENT.cancellation]: "Cancelling and refunds",
  [INTENT.reschedule]: "Rescheduling",
  [INTENT.personalData]: "How we keep your data",
  [INTENT.requestConsultation]: "A free consultation",
  [INTENT.talkToPerson]: "Talking to a person",
};

/**
 * A quick reply for one side of a clarifying question: its label, and a sentence the assistant
 * knows whole (a training sentence), so pressing it is understood without doubt.
 */
export function clarifyingButton(intent: string, value?: string): { text: string; value: string } {
  const item = faq.find((entry) => faqIntentName(entry.id) === intent);
  if (item) return { text: item.question, value: item.question };
  const service = services.find((entry) => entry.slug === value);
  if (intent === INTENT.serviceDetails && service) {
    return { text: service.title, value: `tell me about ${service.title}` };
  }
  const speciality = specialities.find((entry) => entry.slug === value);
  if (intent === INTENT.findConsultant && speciality)
    return { text: speciality.name, value: speciality.name };
  return { text: intentLabels[intent] ?? intent, value: phrasings[intent]?.[0] ?? intent };
}

/** Every intent name the assistant knows, FallbackIntent included. */
export function knownIntentNames(): Set<string> {
  return new Set([...Object.values(INTENT), ...faq.map((item) => faqIntentName(item.id))]);
}
