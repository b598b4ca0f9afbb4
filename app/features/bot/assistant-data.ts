/**
 * What the assistant reads live, handed to each turn: consultants (fees, specialities, free
 * slots) from the database, the payment providers this server runs, the agency's zone, and, for a
 * visitor signed in through this very request, their next appointment. Kept behind an interface so
 * the dialog stays a pure function its tests can feed.
 */

import type { AgencyContact } from "~/lib/agency-contact";

export interface ConsultantFacts {
  id: string;
  name: string;
  /** The speciality's slug (app/content/specialities.ts). */
  speciality: string;
  feeCents: number;
  currency: string;
}

interface FreeConsultant extends ConsultantFacts {
  /** Free slot starts inside the asked range, earliest first. */
  slots: Date[];
}

interface UpcomingAppointment {
  consultantName: string;
  startsAt: Date;
  /** booked or paid */
  status: string;
  meetingUrl: string | null;
}

export interface AssistantData {
  /** How visitors reach the agency, as the site shows it (the settings). */
  contact: Pick<AgencyContact, "email" | "phone">;
  /** The zone booking hours are in (AGENCY_TZ). */
  agencyZone: string;
  /** The visitor's zone, when their browser said it, for reading "tomorrow at 3 pm". */
  visitorZone?: string;
  /** The providers a customer can pay through here, by name ("Stripe", "Razorpay"). */
  paymentProviders: string[];
  /** Consultants customers may see, of one speciality (slug) or all. */
  consultants(speciality?: string): Promise<ConsultantFacts[]>;
  /** Consultants with a free slot starting between `from` and `to`, with those slots. */
  freeConsultants(query: { speciality?: string; from: Date; to: Date }): Promise<FreeConsultant[]>;
  /**
   * The signed-in customer's next appointment (null: none). Absent when nobody signed in through
   * this request (an anonymous or API caller): a session attribute never unlocks it.
   */
  nextAppointment?: () => Promise<UpcomingAppointment | null>;
}
