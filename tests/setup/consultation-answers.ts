/** The slots the assistant's consultation request asks for, in the order it asks them. */
export const CONSULTATION_SLOTS = [
  "name",
  "email",
  "phone",
  "services",
  "businessType",
  "industry",
  "timezone",
  "preferredTime",
] as const;

type ConsultationSlot = (typeof CONSULTATION_SLOTS)[number];

const ADA: Record<ConsultationSlot, string> = {
  name: "Ada Lovelace",
  email: "ada@example.com",
  phone: "+44 20 7946 0958",
  services: "Digital Marketing",
  businessType: "Startup",
  industry: "Tech",
  timezone: "GMT",
  preferredTime: "tomorrow at 2pm",
};

/**
 * A visitor's answers to the consultation request, one a question in the order they are asked:
 * Ada's, with `changes` to some of them (every answer is one the dialog accepts).
 */
export function consultationAnswers(changes: Partial<Record<ConsultationSlot, string>> = {}): string[] {
  const answers = { ...ADA, ...changes };
  return CONSULTATION_SLOTS.map((slot) => answers[slot]);
}
