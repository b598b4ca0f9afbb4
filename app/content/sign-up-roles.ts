/**
 * The two ways to join, as a business owner reads them on the sign-up form (decision 0019). The
 * values are the old API's `role`; no screen differs by role today.
 */
export const signUpRoles = [
  {
    value: "investor",
    label: "Investor",
    description: "I want to follow and back the projects the agency runs with its clients.",
  },
  {
    value: "borrower",
    label: "Borrower",
    description: "I run a business and am looking for support or funding for a project of mine.",
  },
] as const;
