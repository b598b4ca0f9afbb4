/**
 * The signed-in visitor as the page shell shows them. A module of its own so the shell, its
 * header and the account menu all import it without importing each other back.
 */
export interface ShellUser {
  name: string;
  email: string;
  image: string;
  /** Staff's "Admin", a consultant's "My schedule"; customers have none. */
  workArea?: { label: string; to: string } | null;
}
