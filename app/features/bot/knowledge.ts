/**
 * Answers about how the site works, each fact read where the site keeps it: plans and terms
 * (app/content/plans.ts), the booking grid (features/booking), the refund rule (features/payments),
 * identity verification (app/content), consultants' fees and free slots (the database, through
 * AssistantData). Only the sentences around the facts are the assistant's own.
 */
import { values } from "~/content/about";
import { identityVerification } from "~/content/identity-verification";
import { describePlan, planHourlyPrice, plans, planTerms } from "~/content/plans";
import { specialities } from "~/content/specialities";
import { MAX_UNPAID_UPCOMING } from "~/features/booking/booking.server";
import { REFUND_NOTICE_HOURS } from "~/features/payments/refunds.server";
import { BOOKING_WINDOW_DAYS, DAY_END_HOUR, DAY_START_HOUR, SLOT_MINUTES } from "~/features/slot-grid/slots";
import { formatDay, formatTimeOfDay, zoneTimeLabel } from "~/lib/dates";
import type { Message } from "~/lib/lex-wire";
import { formatMoney } from "~/lib/money";
import type { AssistantData, ConsultantFacts } from "./assistant-data";
import { card, plain } from "./messages";
import { link } from "./text";

/** Free slots shown per consultant, and consultants per answer. */
const SLOTS_SHOWN = 3;
const CONSULTANTS_SHOWN = 4;

function hour(value: number): string {
  return `${String(value).padStart(2, "0")}:00`;
}

function specialityNamed(slug: string | undefined) {
  return specialities.find((speciality) => speciality.slug === slug);
}

export function plansAndOffers(): Message[] {
  const lines = plans.map(
    (plan) => `• ${describePlan(plan)}, about ${planHourlyPrice(plan)} an hour: ${plan.suits}`,
  );
  return [
    plain(
      `Our monthly plans:\n${lines.join("\n")}\nNew clients get ${planTerms.firstCycleOffer}, and there is no setup fee. See ${link("plans and pricing", "/pricing")}.`,
    ),
    card("What next?", [
      { text: "Free consultation", value: "I'd like a free consultation" },
      { text: "Can I change my plan?", value: "Can I change my plan?" },
      { text: "Our services", value: "What services do you offer?" },
    ]),
  ];
}

function feeRange(list: ConsultantFacts[]): string {
  const fees = list.map((consultant) => consultant.feeCents);
  const currency = list[0]!.currency;
  const low = formatMoney(Math.min(...fees), currency);
  const high = formatMoney(Math.max(...fees), currency);
  return low === high ? low : `${low} to ${high}`;
}

/** The fee range of one speciality, or of all with each speciality's, live from the database. */
export async function consultantFees(data: AssistantData, slug: string | undefined): Promise<Message[]> {
  const speciality = specialityNamed(slug);
  const listed = await data.consultants(speciality?.slug);
  if (listed.length === 0) {
    return [
      plain(
        `We have no ${speciality ? speciality.name : "consultants"} to book right now. ${link("See all consultants", "/consultant")}.`,
      ),
    ];
  }
  const session = `one ${SLOT_MINUTES}-minute session`;
  if (speciality) {
    return [
      plain(
        `Our ${link(speciality.name, `/consultant/${speciality.slug}`)} charge ${feeRange(listed)} for ${session}; each consultant's page shows their fee. You pay after booking, in ${link("My Appointments", "/my-appointments")}. A first talk about a virtual-assistant plan is a ${link("free consultation", "/contact")}.`,
      ),
    ];
  }
  const bySpeciality = specialities
    .map((entry) => ({ entry, listed: listed.filter((consultant) => consultant.speciality === entry.slug) }))
    .filter((group) => group.listed.length > 0)
    .map(
      (group) => `• ${link(group.entry.name, `/consultant/${group.entry.slug}`)}: ${feeRange(group.listed)}`,
    );
  return [
    plain(
      `A consultant charges ${feeRange(listed)} for ${session}, depending on who you choose:\n${bySpeciality.join("\n")}\nA first talk about a virtual-assistant plan is a ${link("free consultation", "/contact")}.`,
    ),
  ];
}

export function bookingRules(data: AssistantData): Message[] {
  return [
    plain(
      `Each appointment is a ${SLOT_MINUTES}-minute online session. You can book any free slot in the next ${BOOKING_WINDOW_DAYS} days, every ${SLOT_MINUTES} minutes from ${hour(DAY_START_HOUR)} to ${hour(DAY_END_HOUR)} ${zoneTimeLabel(data.agencyZone)} (the agency's time), as each consultant's hours allow. You can hold up to ${MAX_UNPAID_UPCOMING} unpaid upcoming bookings at once. Pick a consultant from ${link("our consultants", "/consultant")}.`,
    ),
  ];
}

export function paymentMethods(data: AssistantData): Message[] {
  const providers =
    data.paymentProviders.length > 0
      ? `online through ${data.paymentProviders.join(" or ")}`
      : "online (payments are not switched on here right now, so ask our team)";
  return [
    plain(
      `You pay for an appointment ${providers}, after booking, from ${link("My Appointments", "/my-appointments")}; the amount is the consultant's fee. Virtual-assistant plans are agreed and billed after the ${link("free consultation", "/contact")}, not on the site.`,
    ),
  ];
}

export function cancellationPolicy(): Message[] {
  return [
    plain(
      `You can cancel an appointment in ${link("My Appointments", "/my-appointments")} any time before it starts. If you paid and cancel at least ${REFUND_NOTICE_HOURS} hours before the start, you get a full refund; cancelled later, the payment is not refunded. There is no cancellation fee, and an unpaid booking costs nothing to cancel.`,
    ),
    card("What next?", [
      { text: "Reschedule instead", value: "How do I reschedule?" },
      { text: "Talk to a person", value: "I'd like to talk to a person" },
    ]),
  ];
}

export function reschedule(): Message[] {
  return [
    plain(
      `You can move an appointment to another free slot of the same consultant in ${link("My Appointments", "/my-appointments")}, any time before it starts. Your payment moves with it, and the new time follows the same booking rules (a free slot in the next ${BOOKING_WINDOW_DAYS} days).`,
    ),
  ];
}

export function personalData(): Message[] {
  const confidentiality = values.find((value) => value.title === "Confidentiality");
  return [
    plain(
      `${identityVerification.why} ${identityVerification.idNumber} You complete the check on ${link("your profile", "/onboarding")}.${confidentiality ? ` ${confidentiality.body}` : ""}`,
    ),
  ];
}

function slotTimes(slots: Date[], zone: string): string {
  const shown = slots.slice(0, SLOTS_SHOWN);
  const day = formatDay(shown[0]!, zone);
  return `${day}: ${shown.map((slot) => formatTimeOfDay(slot, zone)).join(", ")}`;
}

/** Consultants with real free slots in the asked range, with links to book them. */
export async function freeConsultants(
  data: AssistantData,
  query: { speciality?: string; from: Date; to: Date; words: string },
): Promise<Message[]> {
  const speciality = specialityNamed(query.speciality);
  const zone = data.visitorZone ?? data.agencyZone;
  const found = await data.freeConsultants({ speciality: speciality?.slug, from: query.from, to: query.to });
  const who = speciality ? speciality.name : "consultants";
  if (found.length === 0) {
    return [
      plain(
        `No ${who} have a free slot ${query.words}. Slots open ${BOOKING_WINDOW_DAYS} days ahead; see ${link(speciality ? speciality.name : "all consultants", speciality ? `/consultant/${speciality.slug}` : "/consultant")} for every free time.`,
      ),
    ];
  }
  const lines = found
    .slice(0, CONSULTANTS_SHOWN)
    .map(
      (consultant) =>
        `• ${link(consultant.name, `/appointment/${consultant.id}`)} (${formatMoney(consultant.feeCents, consultant.currency)}): ${slotTimes(consultant.slots, zone)}`,
    );
  const more = found.length > CONSULTANTS_SHOWN ? `\n…and ${found.length - CONSULTANTS_SHOWN} more.` : "";
  return [
    plain(
      `Free ${query.words}, ${zoneTimeLabel(zone)}:\n${lines.join("\n")}${more}\nOpen a name to book (you'll need to be signed in).`,
    ),
  ];
}

export async function nextAppointment(data: AssistantData): Promise<Message[]> {
  if (!data.nextAppointment) {
    return [
      plain(
        `I can only look up appointments for a signed-in customer, here on the site. Please ${link("log in", "/login")}, or see ${link("My Appointments", "/my-appointments")}.`,
      ),
    ];
  }
  const next = await data.nextAppointment();
  if (!next) {
    return [
      plain(`You have no upcoming appointments. ${link("Find a consultant", "/consultant")} to book one.`),
    ];
  }
  const zone = data.visitorZone ?? data.agencyZone;
  const when = `${formatDay(next.startsAt, zone)} at ${formatTimeOfDay(next.startsAt, zone)} ${zoneTimeLabel(zone)}`;
  const payment = next.status === "paid" ? "It is paid." : "It is not paid yet.";
  const meeting = next.meetingUrl
    ? ` Join it from ${link("My Appointments", "/my-appointments")} when it starts.`
    : "";
  return [plain(`Your next appointment is with ${next.consultantName} on ${when}. ${payment}${meeting}`)];
}
