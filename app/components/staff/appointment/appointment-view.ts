import type { Failure } from "~/components/staff/refused-form";
import type { AppointmentStatus } from "~/features/booking/appointment-status";

/*
 * What the staff appointment page shows, as its route hands it to the parts: plain values, every
 * time already written out in the agency's zone and every amount in its currency.
 */

/** Which step of an action the page shows: cancel and move before the start, no-show after. */
export type Step = "cancel" | "reschedule" | "no-show" | null;

/** What every step's form is handed by the actions around it. */
export interface StepProps {
  /** The step's own refused attempt, if any. */
  failure?: Failure;
  /** A form of the page is on its way: the step's button waits. */
  busy: boolean;
  /** The page without the step, for the way back ("Keep it", "Back"). */
  back: string;
}

export interface AppointmentFacts {
  id: string;
  status: AppointmentStatus;
  /** Booked or paid: not yet cancelled, completed or missed. */
  active: boolean;
  started: boolean;
  /** The calendar sequence the page was read at, sent back so a change in between is noticed. */
  sequence: number;
  when: string;
  bookedAt: string;
  fee: string;
  paid: boolean;
  paidAt: string | null;
  refundedAt: string | null;
  cancelledAt: string | null;
  cancelledBy: string | null;
  cancelReason: string | null;
  completedAt: string | null;
  noShowAt: string | null;
  speciality: string;
  meetingUrl: string | null;
  /** Whether cancelling now refunds a payment by the policy alone. */
  refundByPolicy: boolean;
}

export interface CustomerFacts {
  id: string;
  name: string;
  email: string;
  phone: string;
}

export interface ConsultantFacts {
  name: string;
  archived: boolean;
  available: boolean;
}

/** A day with free times for a reschedule: each slot's instant (the value sent) and its time of day. */
export interface FreeDay {
  date: string;
  slots: { value: string; label: string }[];
}

export interface PaymentFacts {
  id: string;
  provider: string;
  sandbox: boolean;
  reference: string;
  providerPaymentId: string | null;
  amount: string;
  status: string;
  createdAt: string;
  paidAt: string | null;
  refundedAt: string | null;
  refundReference: string | null;
  events: { id: string; type: string; key: string; receivedAt: string }[];
}
