/**
 * The assistant's one-turn answers. Facts come from app/content only (FAQ, services, offer, site,
 * steps, specialities); the sentences around them are the assistant's own.
 */
import { mission } from "~/content/about";
import { faq } from "~/content/faq";
import { firstCycleOffer, services } from "~/content/services";
import { site } from "~/content/site";
import { specialities } from "~/content/specialities";
import { steps } from "~/content/steps";
import type { Button, Message } from "~/lib/lex-wire";
import { faqIntentName, INTENT } from "./catalog";
import { link } from "./text";

export function plain(content: string): Message {
  return { contentType: "PlainText", content };
}

/** Quick replies, as Lex sends them: an ImageResponseCard whose buttons send their value back. */
export function card(title: string, buttons: Button[], subtitle?: string): Message {
  return {
    contentType: "ImageResponseCard",
    imageResponseCard: { title, ...(subtitle ? { subtitle } : {}), buttons: buttons.slice(0, 5) },
  };
}

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

function faqAnswer(id: string): string {
  const item = faq.find((entry) => entry.id === id);
  if (!item) throw new Error(`No FAQ item "${id}"`);
  return item.answer;
}

/** An FAQ answer without its opening "Yes." or "No.", to use inside another sentence. */
function withoutYesOrNo(answer: string): string {
  return answer.replace(/^(?:yes|no)[.,!]\s*/i, "");
}

function stepNamed(title: string) {
  const step = steps.find((entry) => entry.title.toLowerCase().includes(title));
  return step ? `${step.title}: ${step.description}` : "";
}

export function serviceSummaryLines(): string {
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

function pricing(): Message[] {
  return [
    plain(
      `New clients get ${firstCycleOffer} on any of our five services. ${withoutYesOrNo(faqAnswer("setup-fee"))}\n${stepNamed("plan")}`,
    ),
    plain(
      `The first step is a ${link("free consultation", "/contact")}; I can request one for you here too.`,
    ),
    card("What next?", [
      { text: "Free consultation", value: "I'd like a free consultation" },
      { text: "Can I change my plan?", value: "Can I change my plan?" },
      { text: "Our services", value: "What services do you offer?" },
    ]),
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

function bookAppointment(signedIn: boolean): Message[] {
  if (signedIn) {
    return [
      plain(
        `Choose a consultant from ${link("our consultants", "/consultant")}, open their page and pick a free slot in the next 7 days. You will find your bookings, and can pay for them, in ${link("My Appointments", "/my-appointments")}.`,
      ),
    ];
  }
  return [
    plain(
      `Booking needs an account: please ${link("log in or sign up", "/login")} first. Then choose a consultant from ${link("our consultants", "/consultant")} and pick a free slot in the next 7 days.`,
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
}

/** The answer to a one-turn intent; `value` is the slot value the matcher found (slug or FAQ id). */
export function answerFor(intent: string, value: string | undefined, context: AnswerContext): Message[] {
  switch (intent) {
    case INTENT.greeting:
      return [
        plain(`Hello! I'm the ${site.name} assistant. Ask me anything about our services, or pick a topic.`),
        menu(),
      ];
    case INTENT.help:
      return [
        plain(
          "I can tell you about our services and offers, answer common questions (referrals, working days, fees, plan changes), help you find a consultant or book one, request a free consultation, or pass a message to our team.",
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
      return pricing();
    case INTENT.findConsultant:
      return findConsultant(value);
    case INTENT.bookAppointment:
      return bookAppointment(context.signedIn);
    case INTENT.fallback:
      return context.negative
        ? [
            plain("I'm sorry about that. I may not have understood; a person from our team can help."),
            card("What would you like to do?", [MENU_BUTTONS[4]!, ...MENU_BUTTONS.slice(0, 4)]),
          ]
        : [plain("Sorry, I didn't catch that. Here is what I can help with:"), menu("Try one of these")];
    default: {
      const item = faq.find((entry) => faqIntentName(entry.id) === intent);
      if (item) {
        const extra =
          item.id === "support"
            ? ` You can also call ${site.phone} or use the ${link("contact form", "/contact")}.`
            : "";
        return [plain(`${item.answer}${extra}`)];
      }
      return [plain("Sorry, I didn't catch that. Here is what I can help with:"), menu("Try one of these")];
    }
  }
}
