import type { PromiseName } from "./faq";

/** Copy of the About page: the mission and the values we work by. */
export const mission = {
  lead: "We are more than a virtual assistant agency. Vetted assistants, a coordinator who knows your business and a clear plan from day one: that is how we help owners grow without the busywork.",
  statement:
    "Our mission is to give business owners their time back for the work only they can do, by pairing them with reliable, well-supported virtual assistants who care about their business as much as they do.",
  detail:
    "We believe delegation should feel like gaining a teammate, not managing a vendor. That is why every client has a coordinator, every assistant is vetted, and every partnership starts with a clear plan.",
} as const;

export type ValueIcon = "reliability" | "confidentiality" | "communication" | "partnership";

export const values: { title: string; body: string; icon: ValueIcon }[] = [
  {
    title: "Reliability",
    body: "We do what we said, when we said. Deadlines and response times are agreed up front and kept.",
    icon: "reliability",
  },
  {
    title: "Confidentiality",
    body: "Your clients, data and accounts are handled with care: least-privilege access, secure password sharing and signed confidentiality agreements.",
    icon: "confidentiality",
  },
  {
    title: "Clear communication",
    body: "Regular updates in plain language and no surprises. You always know what is done and what comes next.",
    icon: "communication",
  },
  {
    title: "Partnership",
    body: "We measure our success by yours, and we adapt the support as your business grows.",
    icon: "partnership",
  },
];

/** How a client is matched with an assistant, in the order it happens. */
export const matching = {
  summary:
    "Matching is done by people, not an algorithm: a coordinator who has met you chooses from assistants our talent team has already vetted.",
  steps: [
    {
      title: "We learn how you work",
      body: "In a free consultation a coordinator asks about the tasks, tools, hours and time zone you need covered, and what good work looks like to you.",
    },
    {
      title: "We shortlist from the vetted pool",
      body: "Your coordinator looks for the assistants whose tested skills, experience and working hours fit, and introduces the best match.",
    },
    {
      title: "We stay on after the match",
      body: "Your coordinator checks in during the first weeks, arranges cover for holidays and adjusts the support as your business changes.",
    },
  ],
} as const;

/** The guarantees the About page lists: each a short title over the FAQ's own sentence (see `promises`). */
export const guarantees: { title: string; promise: PromiseName }[] = [
  { title: "Free replacement", promise: "replacement" },
  { title: "No setup fee", promise: "noSetupFee" },
  { title: "Plans that flex", promise: "planChanges" },
  { title: "Replies within a business day", promise: "reply" },
];

/**
 * How personal data is looked after: only what the code does (docs/decisions/0005 and the
 * upload and payment code). Change this text when that changes.
 */
export const dataProtection: { title: string; body: string }[] = [
  {
    title: "Identity details encrypted",
    body: "The address, phone number, date of birth and ID number you give for identity verification are encrypted at rest (AES-256-GCM). Only the last four characters of the ID number are ever shown, to you or to our staff.",
  },
  {
    title: "Secure sign-in",
    body: "Passwords are stored only as salted scrypt hashes. Your session lives in a cookie page scripts cannot read, sent only over HTTPS on our site; signing out ends it on our server at once, and a password reset signs you out everywhere.",
  },
  {
    title: "Card details never reach us",
    body: "Payments are taken by Stripe or Razorpay on their own secure checkout. We learn whether a payment succeeded, never your card number.",
  },
  {
    title: "Photos without hidden data",
    body: "A picture you upload is re-encoded before it is stored, which drops its metadata, such as where a photo was taken.",
  },
  {
    title: "Every staff action recorded",
    body: "Each change our staff make to an account, appointment or verification is written to an audit log: who, what and when.",
  },
];
