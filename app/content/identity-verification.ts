/** Why clients are verified before work begins and how their ID number is kept (DESIGN.md §5, KYC). */
export const identityVerification = {
  why: "We verify every client before work begins.",
  idNumber: "Your ID number is encrypted and only its last four characters are ever shown.",
} as const;
