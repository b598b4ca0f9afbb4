import { type Appointment, appointmentStatuses } from "@db/schema";

export { appointmentStatuses };
export type AppointmentStatus = (typeof appointmentStatuses)[number];

/**
 * Where an appointment stands, from the times recorded on it, for My Appointments, the API and the
 * staff pages. What happened at the appointment's time wins (completed, then no-show), then a
 * cancellation, then a payment. The database keeps the same rule as appointments.status, for
 * filtering; appointment-status.integration.test.ts holds the two together.
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
