import type { UserRole } from "@db/schema";

/** What each role is called on staff pages. */
export const roleLabels: Record<UserRole, string> = {
  investor: "Customer (investor)",
  borrower: "Customer (borrower)",
  admin: "Agency staff",
  consultant: "Consultant",
};

/** The staff area a role works in, for the header link; customers have none. */
export function workAreaFor(role: UserRole): { label: string; to: string } | undefined {
  if (role === "admin") return { label: "Admin", to: "/admin" };
  if (role === "consultant") return { label: "My schedule", to: "/my-schedule" };
  return undefined;
}
