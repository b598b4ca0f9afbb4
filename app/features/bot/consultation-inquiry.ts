/**
 * How the filled slots of a finished contact dialog become the input of the contact feature's
 * submitInquiry, and which slot to ask again when it refuses a field. The handoff files business
 * type, industry and time zone, which it does not ask, as the lists' neutral value "Other", with a
 * note saying they were not asked.
 */
import type { Slots } from "~/lib/lex-wire";
import { INTENT } from "./catalog";
import { listValues, slotText } from "./dialog-slot";
import { isInquiryService } from "./slot-readers";

/**
 * The contact feature's input for a finished dialog. Values the dialog did not ask are the lists'
 * neutral "Other", explained in the message; an unlisted time zone or a preferred time the
 * assistant could not read are written in the message.
 */
export function inquiryInputFrom(intentName: string, slots: Slots): Record<string, unknown> {
  const chosen = listValues(slots.services);
  const requiredServices = chosen.filter((value) => isInquiryService(value));
  const phone = slots.phone?.value;
  const notes: string[] = [];
  const handoff = intentName === INTENT.talkToPerson;
  notes.push(
    handoff
      ? "Message left with the site assistant (a person is asked to reply)."
      : "Free consultation requested through the site assistant.",
  );
  const zoneWords = slots.timezone?.value?.originalValue?.trim();
  if (slotText(slots, "timezone") === "Other" && zoneWords && zoneWords.toLowerCase() !== "other") {
    notes.push(`Time zone as written: ${zoneWords}.`);
  }
  const preferred = slots.preferredTime?.value;
  const wallClock = preferred?.resolvedValues?.[0] ?? "";
  if (preferred && !wallClock)
    notes.push(
      `Preferred time as written: ${preferred.originalValue?.trim() || preferred.interpretedValue}.`,
    );
  if (handoff) {
    notes.push("Business type, industry and time zone were not asked.");
    notes.push("", slotText(slots, "note") ?? "");
  }
  return {
    name: slotText(slots, "name"),
    email: slotText(slots, "email"),
    phone: phone?.interpretedValue,
    phoneCountry: phone?.resolvedValues?.[1] ?? "",
    requiredServices,
    businessType: handoff ? "Other" : slotText(slots, "businessType"),
    otherBusiness: handoff
      ? "Not asked (message left with the site assistant)"
      : (slotText(slots, "otherBusiness") ?? ""),
    industry: handoff ? "Other" : slotText(slots, "industry"),
    otherIndustry: handoff
      ? "Not asked (message left with the site assistant)"
      : (slotText(slots, "otherIndustry") ?? ""),
    timezone: handoff ? "Other" : slotText(slots, "timezone"),
    preferredCallTime: wallClock,
    message: notes.join("\n"),
  };
}

/** Which slot to ask again when the contact feature refuses a field. */
export const SLOT_FOR_FIELD: Record<string, string> = {
  name: "name",
  email: "email",
  phone: "phone",
  phoneCountry: "phone",
  requiredServices: "services",
  businessType: "businessType",
  otherBusiness: "otherBusiness",
  industry: "industry",
  otherIndustry: "otherIndustry",
  timezone: "timezone",
  preferredCallTime: "preferredTime",
};
