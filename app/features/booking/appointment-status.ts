import type { Appointment } from "../../../db/schema";

export const appointmentStatuses = ["booked", "paid", "completed", "cancelled", "no_show"] as const;
export type AppointmentStatus = (typeof appointmentStatuses)[number];

/**
 * Where an appointment stands, from the times recorded on it; the one place this is decided, for
 * My Appointments, the API and the staff pages. What happened at the appointment's time wins
 * (completed, then no-show), then a cancellation, then a payment.
 */
export function appointmentStatus(
  appointment: Pick<Appointment, "cancelledAt" | "paidAt" | "completedAt" | "noShowAt">,
): AppointmentStatus {
  if (appointment.completedAt) return "completed";
  if (appointment.noShowAt) return "no_show";
  if (appointment.cancelledAt) return "cancelled";
  if (appointment.paidAt) return "paid";
  return "booked";
}
