export interface FaqItem {
  /** Stable id, used for anchors and by the assistant. */
  id: string;
  question: string;
  answer: string;
}

const referralCreditDollars = 150;

/** Stands in an answer for the agency's e-mail, a setting (AGENCY_EMAIL) that `faqAnswer` fills in. */
export const AGENCY_EMAIL_PLACEHOLDER = "{agencyEmail}";

/**
 * What the agency promises every client, each said once: the FAQ answers with these sentences and
 * the About page lists them as its guarantees, so the two can never disagree.
 */
export const promises = {
  replacement: "We will match you with a replacement virtual assistant at no additional cost.",
  noSetupFee: "There is no setup fee: you pay only for the plan you choose.",
  planChanges:
    "You can move to a larger or smaller plan at any time. Plan changes take effect at the start of the following month.",
  reply: "We will get back to you within one business day.",
} as const;

export type PromiseName = keyof typeof promises;

/** A sentence continuing another ("Yes, you can…"). */
function continuing(sentence: string): string {
  return sentence.charAt(0).toLowerCase() + sentence.slice(1);
}

/** What an answer may name of the agency's contact details. */
export interface FaqContact {
  email: string;
}

/** One answer as visitors read it: the agency's details (from the settings) filled in. */
export function faqAnswer(item: FaqItem, contact: FaqContact): string {
  return item.answer.replaceAll(AGENCY_EMAIL_PLACEHOLDER, contact.email);
}

/** The FAQ as pages and structured data show it, with the agency's details filled in. */
export function faqFor(contact: FaqContact): FaqItem[] {
  return faq.map((item) => ({ ...item, answer: faqAnswer(item, contact) }));
}

/**
 * The FAQ's one source. An answer may hold placeholders for settings (AGENCY_EMAIL_PLACEHOLDER):
 * show answers through `faqFor` or `faqAnswer`, never `answer` itself.
 */
export const faq: FaqItem[] = [
  {
    id: "referral",
    question: "Do you have a referral program?",
    answer: `Yes. Once you have been a client for at least one month, you earn a $${referralCreditDollars} credit for every business you refer. The credit is applied after the business you referred completes its third month with us, and it can be redeemed only for future services.`,
  },
  {
    id: "working-days",
    question: "Which days do your virtual assistants work?",
    answer: "Our virtual assistants work Monday to Friday. Weekend work can be arranged and may cost extra.",
  },
  {
    id: "setup-fee",
    question: "Is there a setup fee?",
    answer: `No. ${promises.noSetupFee}`,
  },
  {
    id: "plan-changes",
    question: "Can I change my plan?",
    answer: `Yes, ${continuing(promises.planChanges)}`,
  },
  {
    id: "replacement",
    question: "What if my virtual assistant is not the right fit?",
    answer: `Tell us and ${continuing(promises.replacement)}`,
  },
  {
    id: "support",
    question: "How do I contact support?",
    answer: `E-mail us at ${AGENCY_EMAIL_PLACEHOLDER} and ${continuing(promises.reply)}`,
  },
];
