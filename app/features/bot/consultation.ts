/**
 * The two dialogs that end in a contact inquiry: a free-consultation request and a message for a
 * person (handoff). Their slots in the order they are asked, and the summary the visitor confirms;
 * slot-readers.ts and preferred-time.ts read the answers, consultation-inquiry.ts turns the filled
 * slots into the contact feature's input.
 *
 * The inquiry needs more than a chat naturally asks. The consultation dialog asks for everything
 * (name, e-mail, phone, services, business type, industry, time zone, preferred time). The handoff
 * asks name, e-mail, phone, services and the message.
 */
import { businessTypes, industries, timeZones } from "~/content/lists";
import { services } from "~/content/services";
import { describeWallClock } from "~/lib/dates";
import type { Message, Slots } from "~/lib/lex-wire";
import { INTENT } from "./catalog";
import { listValues, type SlotDefinition, slotText } from "./dialog-slot";
import { card, plain } from "./messages";
import { exampleTime, readPreferredTime } from "./preferred-time";
import {
  isInquiryService,
  readBusinessType,
  readEmail,
  readIndustry,
  readName,
  readNote,
  readOther,
  readPhone,
  readServices,
  readTimeZone,
} from "./slot-readers";

// ---- The slots, in the order they are asked

function buttonsFor(values: readonly string[]) {
  return values.map((value) => ({ text: value, value }));
}

function cardsOf(title: string, values: readonly string[]): Message[] {
  const cards: Message[] = [];
  for (let start = 0; start < values.length; start += 5) {
    cards.push(card(start === 0 ? title : `${title} (more)`, buttonsFor(values.slice(start, start + 5))));
  }
  return cards;
}

const always = () => true;

const nameSlot = (firstPrompt: string): SlotDefinition => ({
  name: "name",
  needed: always,
  prompt: () => [plain(firstPrompt)],
  read: (text) => readName(text),
  summary: (slots) => `Name: ${slotText(slots, "name")}`,
});

const emailSlot: SlotDefinition = {
  name: "email",
  needed: always,
  prompt: (slots) => [
    plain(`Thanks, ${slotText(slots, "name") ?? "there"}. What e-mail address should we reply to?`),
  ],
  read: (text) => readEmail(text),
  summary: (slots) => `E-mail: ${slotText(slots, "email")}`,
};

const phoneSlot: SlotDefinition = {
  name: "phone",
  needed: always,
  prompt: () => [
    plain("And a phone number for the call? Please include the country code if you're outside the US."),
  ],
  read: (text) => readPhone(text),
  summary: (slots) => `Phone: ${slots.phone?.value?.originalValue?.trim() || slotText(slots, "phone")}`,
};

const servicesSlot = (question: string): SlotDefinition => ({
  name: "services",
  needed: (slots) => !listValues(slots.services).some(isInquiryService),
  prompt: (slots) => {
    const chosen = listValues(slots.services);
    const offered = services.map((service) => service.title).filter((title) => !chosen.includes(title));
    return [plain(question), card("Services", buttonsFor(offered))];
  },
  read: (text, slots) => readServices(text, slots),
  summary: (slots) => `Services: ${listValues(slots.services).join(", ")}`,
});

const businessTypeSlot: SlotDefinition = {
  name: "businessType",
  needed: always,
  prompt: () => [plain("What best describes your business?"), ...cardsOf("Business type", businessTypes)],
  read: (text) => readBusinessType(text),
  summary: (slots) =>
    `Business: ${slotText(slots, "businessType") === "Other" ? `Other (${slotText(slots, "otherBusiness") ?? ""})` : slotText(slots, "businessType")}`,
};

const otherBusinessSlot: SlotDefinition = {
  name: "otherBusiness",
  needed: (slots) => slotText(slots, "businessType") === "Other",
  prompt: () => [plain("What kind of business is it?")],
  read: (text) => readOther("otherBusiness", text),
};

const industrySlot: SlotDefinition = {
  name: "industry",
  needed: always,
  prompt: () => [plain("Which industry are you in?"), ...cardsOf("Industry", industries)],
  read: (text) => readIndustry(text),
  summary: (slots) =>
    `Industry: ${slotText(slots, "industry") === "Other" ? `Other (${slotText(slots, "otherIndustry") ?? ""})` : slotText(slots, "industry")}`,
};

const otherIndustrySlot: SlotDefinition = {
  name: "otherIndustry",
  needed: (slots) => slotText(slots, "industry") === "Other",
  prompt: () => [plain("Which industry is that?")],
  read: (text) => readOther("otherIndustry", text),
};

const timezoneSlot: SlotDefinition = {
  name: "timezone",
  needed: always,
  prompt: () => [plain("Which time zone are you in?"), ...cardsOf("Time zone", timeZones)],
  read: (text) => readTimeZone(text),
  summary: (slots) => {
    const zone = slotText(slots, "timezone");
    const typed = slots.timezone?.value?.originalValue?.trim();
    return `Time zone: ${zone === "Other" && typed && typed.toLowerCase() !== "other" ? `Other (${typed})` : zone}`;
  },
};

const preferredTimeSlot: SlotDefinition = {
  name: "preferredTime",
  needed: always,
  prompt: (slots, context) => [
    plain(
      `When would suit you for the call, in your time? For example "tomorrow at 2pm" or "${exampleTime(slots, context.now)}", or say "any time".`,
    ),
  ],
  read: readPreferredTime,
  summary: (slots) => {
    const slot = slots.preferredTime?.value;
    if (!slot) return undefined;
    const wallClock = slot.resolvedValues?.[0];
    const zone = slotText(slots, "timezone");
    const clock = zone && zone !== "Other" ? zone : "your time";
    return `Preferred time: ${wallClock ? `${describeWallClock(wallClock)} (${clock})` : slot.interpretedValue}`;
  },
};

const noteSlot: SlotDefinition = {
  name: "note",
  needed: always,
  prompt: () => [plain("What would you like to tell our team?")],
  read: (text) => readNote(text),
  summary: (slots) => `Message: ${slotText(slots, "note")}`,
};

export const DIALOG_SLOTS: Record<string, SlotDefinition[]> = {
  [INTENT.requestConsultation]: [
    nameSlot("Happy to set up a free consultation. First, what's your name?"),
    emailSlot,
    phoneSlot,
    servicesSlot("Which services would you like to discuss? Pick one or more, or type them."),
    businessTypeSlot,
    otherBusinessSlot,
    industrySlot,
    otherIndustrySlot,
    timezoneSlot,
    preferredTimeSlot,
  ],
  [INTENT.talkToPerson]: [
    nameSlot("I'll pass your message to our team, and a person will reply. First, what's your name?"),
    emailSlot,
    phoneSlot,
    servicesSlot("Which service is it about? Pick one or more."),
    noteSlot,
  ],
};

/** The slot names of a dialog intent, every one present (null when empty), as Lex returns them. */
export function emptySlots(intentName: string): Slots {
  return Object.fromEntries((DIALOG_SLOTS[intentName] ?? []).map((slot) => [slot.name, null]));
}

/** One slot of a dialog intent, by name. */
export function slotDefinition(intentName: string, slotName: string | undefined): SlotDefinition | undefined {
  return DIALOG_SLOTS[intentName]?.find((slot) => slot.name === slotName);
}

export function nextMissingSlot(intentName: string, slots: Slots): SlotDefinition | undefined {
  return (DIALOG_SLOTS[intentName] ?? []).find((slot) => slot.needed(slots) && !slots[slot.name]?.value);
}

export function confirmationPrompt(intentName: string, slots: Slots): Message[] {
  const lines = (DIALOG_SLOTS[intentName] ?? [])
    .flatMap((slot) => (slot.needed(slots) || slots[slot.name] ? [slot.summary?.(slots)] : []))
    .filter((line): line is string => Boolean(line))
    .map((line) => `• ${line}`);
  const what = intentName === INTENT.talkToPerson ? "message" : "consultation request";
  return [
    plain(`Please check your ${what}:\n${lines.join("\n")}\nShall I send it?`),
    card("Send it?", [
      { text: "Yes, send it", value: "yes" },
      { text: "No", value: "no" },
    ]),
  ];
}
