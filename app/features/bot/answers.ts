/**
 * The assistant's one-turn answers. Facts come from app/content (FAQ, services, offer, site, steps,
 * specialities), the booking and payment rules and the database (knowledge.ts); the sentences
 * around them are the assistant's own.
 */
import { mission } from "~/content/about";
import { faq, faqAnswer } from "~/content/faq";
import { firstCycleOffer } from "~/content/offers";
import { services } from "~/content/services";
import { site } from "~/content/site";
import { specialities } from "~/content/specialities";
import type { Button, Message } from "~/lib/lex-wire";
import type { AssistantData } from "./assistant-data";
import { faqIntentName, INTENT } from "./catalog";
import {
  bookingRules,
  cancellationPolicy,
  consultantFees,
  nextAppointment,
  paymentMethods,
  personalData,
  plansAndOffers,
  reschedule,
} from "./knowledge";
import { card, plain } from "./messages";
import { link } from "./text";

/** The choices offered when the assistant greets, helps or does not understand. */
export const MENU_BUTTONS: Button[] = [
  { text: "Our services", value: "What services do you offer?" },
  { text: "Pricing and offers", value: "Do you have any offers?" },
  { text: "Find a consultant", value: "Find a consultant" },
  { text: "Free consultation", value: "I'd like a free consultation" },
  { text: "Talk to a person", value: "I'd like to talk to a person" },
];

function menu(title = "How can I help?"): Message {
  return card(title, MENU_BUTTONS);
}

function serviceSummaryLines(): string {
  return services.map((service) => `• ${link(service.title, service.path)}: ${service.summary}`).join("\n");
}

function serviceDetails(slug: string | undefined): Message[] {
  const service = services.find((entry) => entry.slug === slug);
  if (!service) return servicesOverview();
  const parts = service.subServices
    .map((sub) => `• ${sub.title}${sub.points.length > 0 ? ` (${sub.points.join(", ").toLowerCase()})` : ""}`)
    .join("\n");
  return [
    plain(`${service.title}: ${service.tagline}\n${parts}\nNew clients get ${firstCycleOffer}.`),
    plain(`More on the ${link(service.title, service.path)} page.`),
    card("What next?", [
      { text: "Free consultation", value: "I'd like a free consultation" },
      { text: "Other services", value: "What services do you offer?" },
      { text: "Pricing and offers", value: "Do you have any offers?" },
    ]),
  ];
}

function servicesOverview(): Message[] {
  return [
    plain(`We offer five services:\n${serviceSummaryLines()}\nAll five come with ${firstCycleOffer}.`),
    card(
      "Tell me more about…",
      services.map((service) => ({ text: service.title, value: `Tell me about ${service.title}` })),
    ),
  ];
}

/** Buttons for the specialities, in cards of at most five (Lex's limit per card). */
function specialityCards(): Message[] {
  const buttons = specialities.map((speciality) => ({
    text: speciality.name,
    value: speciality.name,
  }));
  const cards: Message[] = [];
  for (let start = 0; start < buttons.length; start += 5) {
    cards.push(
      card(start === 0 ? "Consultant specialities" : "More specialities", buttons.slice(start, start + 5)),
    );
  }
  return cards;
}

function findConsultant(slug: string | undefined): Message[] {
  const speciality = specialities.find((entry) => entry.slug === slug);
  if (!speciality) {
    return [
      plain(
        `We have ${specialities.length} kinds of consultants. Which are you looking for? You can also browse ${link("all consultants", "/consultant")}.`,
      ),
      ...specialityCards(),
    ];
  }
  return [
    plain(
      `Here are our ${link(speciality.name, `/consultant/${speciality.slug}`)}. Open a consultant's profile to see their fee and free appointment slots.`,
    ),
    card("What next?", [
      { text: "How do I book?", value: "How do I book an appointment?" },
      { text: "Other specialities", value: "Find a consultant" },
    ]),
  ];
}

function bookAppointment(signedIn: boolean, slug: string | undefined): Message[] {
  const speciality = specialities.find((entry) => entry.slug === slug);
  const where = speciality
    ? link(`our ${speciality.name}`, `/consultant/${speciality.slug}`)
    : link("our consultants", "/consultant");
  if (signedIn) {
    return [
      plain(
        `Choose a consultant from ${where}, open their page and pick a free slot in the next 7 days. You will find your bookings, and can pay for them, in ${link("My Appointments", "/my-appointments")}.`,
      ),
    ];
  }
  return [
    plain(
      `Booking needs an account: please ${link("log in or sign up", "/login")} first. Then choose a consultant from ${where} and pick a free slot in the next 7 days.`,
    ),
    card("What next?", [
      { text: "Find a consultant", value: "Find a consultant" },
      { text: "Free consultation", value: "I'd like a free consultation" },
    ]),
  ];
}

export interface AnswerContext {
  signedIn: boolean;
  /** The visitor's tone, to answer a complaint with sympathy rather than a menu. */
  negative: boolean;
  data: AssistantData;
}

/** What the assistant is for, and a person, when a message is about something else. */
function outOfScope(negative: boolean): Message[] {
  if (negative) {
    return [
      plain("I'm sorry about that. I may not have understood; a person from our team can help."),
      card("What would you like to do?", [MENU_BUTTONS[4]!, ...MENU_BUTTONS.slice(0, 4)]),
    ];
  }
  return [
    plain(
      `Sorry, that's outside what I know. I can tell you about ${site.name}'s services, plans and prices, our consultants and their free times, booking, payment, cancellations and refunds, or pass a message to a person on our team.`,
    ),
    menu("Try one of these"),
  ];
}

/** The answer to a one-turn intent; `value` is the slot value found (service or speciality slug, FAQ id). */
export async function answerFor(
  intent: string,
  value: string | undefined,
  context: AnswerContext,
): Promise<Message[]> {
  switch (intent) {
    case INTENT.greeting:
      return [
        plain(`Hello! I'm the ${site.name} assistant. Ask me anything about our services, or pick a topic.`),
        menu(),
      ];
    case INTENT.help:
      return [
        plain(
          "I can tell you about our services, plans and offers, answer common questions (referrals, working days, fees, plan changes), find a consultant and their free times, explain booking, payment, cancellations, refunds and how we keep your data, request a free consultation, or pass a message to our team.",
        ),
        menu("Pick a topic"),
      ];
    case INTENT.thanks:
      return [plain("You're welcome! Is there anything else I can help with?")];
    case INTENT.goodbye:
      return [plain(`Goodbye, and thank you for visiting ${site.name}!`)];
    case INTENT.about:
      return [plain(`${mission.lead}\nRead more ${link("about us", "/about")}.`)];
    case INTENT.servicesOverview:
      return servicesOverview();
    case INTENT.serviceDetails:
      return serviceDetails(value);
    case INTENT.pricing:
      return plansAndOffers();
    case INTENT.consultantFees:
      return consultantFees(context.data, value);
    case INTENT.bookingRules:
      return bookingRules(context.data);
    case INTENT.paymentMethods:
      return paymentMethods(context.data);
    case INTENT.cancellation:
      return cancellationPolicy();
    case INTENT.reschedule:
      return reschedule();
    case INTENT.personalData:
      return personalData();
    case INTENT.myAppointments:
      return nextAppointment(context.data);
    case INTENT.findConsultant:
      return findConsultant(value);
    case INTENT.bookAppointment:
      return bookAppointment(context.signedIn, value);
    case INTENT.fallback:
      return outOfScope(context.negative);
    default: {
      const item = faq.find((entry) => faqIntentName(entry.id) === intent);
      if (item) {
        const extra =
          item.id === "support"
            ? ` You can also call ${context.data.contact.phone} or use the ${link("contact form", "/contact")}.`
            : "";
        return [plain(`${faqAnswer(item, context.data.contact)}${extra}`)];
      }
      return outOfScope(context.negative);
    }
  }
}
