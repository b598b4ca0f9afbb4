/** The onboarding form's steps and rules that the browser also needs (no validation libraries). */
export const kycFields = ["address", "phone", "dob", "idNumber"] as const;
export type KycField = (typeof kycFields)[number];

export const kycFieldLabels: Record<KycField, string> = {
  address: "Address",
  phone: "Phone",
  dob: "Date of Birth",
  idNumber: "ID Number",
};

export const kycSteps: { title: string; fields: readonly KycField[] }[] = [
  { title: "Basic Information", fields: ["address", "phone"] },
  { title: "Additional Information", fields: ["dob", "idNumber"] },
  { title: "Review and Submit", fields: kycFields },
];

/** An ID number as stored: IDs are often written in groups, but spaces and hyphens are not part of it. */
export function normalizeIdNumber(typed: string): string {
  return typed.replace(/[ -]/g, "").toUpperCase();
}

export const MINIMUM_AGE_YEARS = 18;

/** Today's date minus the minimum age, as YYYY-MM-DD (the latest allowed date of birth). */
export function latestAllowedBirthDate(today = new Date()): string {
  const limit = new Date(
    Date.UTC(today.getUTCFullYear() - MINIMUM_AGE_YEARS, today.getUTCMonth(), today.getUTCDate()),
  );
  return limit.toISOString().slice(0, 10);
}
