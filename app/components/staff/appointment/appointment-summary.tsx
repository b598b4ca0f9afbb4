import { Badge } from "~/components/staff/badge";
import { staffStatusLabels, staffStatusTones } from "~/features/booking/staff-appointment-labels";
import type { AppointmentFacts, ConsultantFacts } from "./appointment-view";
import { Fact, Section } from "./section";

/** The appointment's state, time, consultant, meeting link, fee and every change recorded on it. */
export function AppointmentSummary({
  appointment,
  consultant,
}: {
  appointment: AppointmentFacts;
  consultant: ConsultantFacts;
}) {
  return (
    <Section title="Appointment" id="appointment-heading">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        <dt className="text-muted">Status</dt>
        <dd className="flex flex-wrap gap-1.5">
          <Badge tone={staffStatusTones[appointment.status]}>{staffStatusLabels[appointment.status]}</Badge>
          {appointment.refundedAt ? <Badge tone="grey">Refunded</Badge> : null}
        </dd>
        <dt className="text-muted">Starts</dt>
        <dd>{appointment.when}</dd>
        <dt className="text-muted">Consultant</dt>
        <dd>
          {consultant.name}
          <span className="block text-muted">{appointment.speciality}</span>
          {consultant.archived ? <Badge tone="grey">Archived</Badge> : null}
        </dd>
        {appointment.meetingUrl ? (
          <>
            <dt className="text-muted">Meeting</dt>
            <dd className="wrap-anywhere">
              <a
                href={appointment.meetingUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="text-brand-700 underline underline-offset-4"
              >
                {appointment.meetingUrl}
              </a>{" "}
              <span className="text-muted">(opens in a new tab)</span>
            </dd>
          </>
        ) : null}
        <dt className="text-muted">Fee</dt>
        <dd>{appointment.fee}</dd>
        <dt className="text-muted">Booked</dt>
        <dd>{appointment.bookedAt}</dd>
        {appointment.paidAt ? <Fact term="Paid" value={appointment.paidAt} /> : null}
        {appointment.completedAt ? <Fact term="Marked completed" value={appointment.completedAt} /> : null}
        {appointment.noShowAt ? <Fact term="Marked no-show" value={appointment.noShowAt} /> : null}
        {appointment.cancelledAt ? (
          <Fact
            term="Cancelled"
            value={`${appointment.cancelledAt}, by ${appointment.cancelledBy === "staff" ? "the agency" : "the customer"}`}
          />
        ) : null}
        {appointment.cancelReason ? <Fact term="Reason" value={appointment.cancelReason} /> : null}
        {appointment.refundedAt ? <Fact term="Refunded" value={appointment.refundedAt} /> : null}
      </dl>
    </Section>
  );
}
