/**
 * The assistant's intents, and its training sentences built from app/content: the phrasings of
 * how people ask (assistant-phrases.ts), and the content's own questions, service and speciality
 * names and the words of every service's parts.
 */
import { type AssistantTopic, faqPhrasings, topicLabels, topicPhrasings } from "~/content/assistant-phrases";
import { serviceAliases, specialityAliases } from "~/content/assistant-vocabulary";
import { faq } from "~/content/faq";
import { plans } from "~/content/plans";
import { services } from "~/content/services";
import { specialities } from "~/content/specialities";

/** Each topic's intent, by the name Lex clients know it. */
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
} as const satisfies Record<AssistantTopic, string>;

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

const topics = Object.entries(INTENT) as Array<[AssistantTopic, string]>;
/** Each intent's phrasings, in the topics' order (the order they train in). */
const phrasings = new Map(topics.map(([topic, intent]) => [intent, topicPhrasings[topic]]));
/** How a clarifying question names each intent (FAQ items use their question). */
const intentLabels = new Map(
  topics.flatMap(([topic, intent]) => (topic === "fallback" ? [] : [[intent, topicLabels[topic]] as const])),
);

/** Sentences made from the content and the other words for its names: how a visitor names a service or a speciality. */
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
    for (const alias of serviceAliases[service.slug]) add(INTENT.serviceDetails, `help with ${alias}`);
  }

  for (const speciality of specialities) {
    add(INTENT.findConsultant, speciality.name);
    for (const alias of specialityAliases[speciality.slug]) {
      add(INTENT.findConsultant, `${alias} consultant`);
      add(INTENT.findConsultant, `I need ${alias} advice`);
    }
    add(INTENT.consultantAvailability, `is a ${speciality.name.toLowerCase()} free tomorrow`);
    add(INTENT.consultantFees, `how much do ${speciality.name.toLowerCase()} charge`);
  }

  for (const plan of plans) add(INTENT.pricing, `how much is the ${plan.name} plan`);
  return examples;
}

/** Every training sentence, from the phrasings and the content. */
export function trainingExamples(): TrainingExample[] {
  const examples: TrainingExample[] = [];
  for (const [intent, list] of phrasings) {
    for (const text of list) examples.push({ intent, text });
  }
  return [...examples, ...contentExamples()];
}

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
  return { text: intentLabels.get(intent) ?? intent, value: phrasings.get(intent)?.[0] ?? intent };
}

/** Every intent name the assistant knows, FallbackIntent included. */
export function knownIntentNames(): Set<string> {
  return new Set([...Object.values(INTENT), ...faq.map((item) => faqIntentName(item.id))]);
}
