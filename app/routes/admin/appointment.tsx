import { Form, Link, useNavigation } from "react-router";
import { RevealButton } from "~/components/booking/reveal-button";
import { FormAlert, PrimaryButton, selectClass, TextAreaField } from "~/components/forms/form-controls";
import { AdminShell } from "~/components/staff/admin-shell";
import { Badge } from "~/components/staff/badge";
import { type AttendanceOutcome, recordAttendance } from "~/features/booking/attendance.server";
import { cancellationMoney, staffCancelAppointment } from "~/features/booking/cancellation.server";
import { staffStatusLabels, staffStatusTones } from "~/features/booking/staff-appointment-labels";
import { findStaffAppointment } from "~/features/booking/staff-appointments.server";
import { staffCancelSchema } from "~/features/booking/staff-appointments-schema";
import { rescheduleAppointment } from "~/features/booking/staff-changes.server";
import { consultantSlots, findConsultant } from "~/features/consultants/consultants.server";
import { REFUND_NOTICE_HOURS } from "~/features/payments/refunds.server";
import { requireRole } from "~/infra/auth-guard.server";
import { redirectWithToast } from "~/infra/flash.server";
import { readForm } from "~/infra/form-body.server";
import { formFailure, textValues } from "~/infra/form-failure.server";
import { asErrorPage } from "~/infra/route-errors.server";
import { describeTime, formatCalendarDate, formatTimeOfDay } from "~/lib/dates";
import { FeatureError } from "~/lib/errors";
import { formConstraints } from "~/lib/form-constraints";
import { formatMoney } from "~/lib/money";
import { privatePageHeaders } from "~/lib/page-headers";
import type { Route } from "./+types/appointment";

export const meta: Route.MetaFunction = () => [{ title: "Appointment · Staff area" }];

type Step = "cancel" | "reschedule" | "no-show" | null;

/** Which step of an action the page may show now: cancel and move before the start, no-show after. */
function stepFor(asked: string | null, active: boolean, started: boolean): Step {
  if (!active) return null;
  if (!started && (asked === "cancel" || asked === "reschedule")) return asked;
  if (started && asked === "no-show") return asked;
  return null;
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  requireRole(request, context, "admin");
  const detail = await findStaffAppointment(context.db, params.appointmentId).catch(asErrorPage);
  const zone = context.env.AGENCY_TZ;
  const now = context.clock();
  const { appointment, status } = detail;
  const active = status === "booked" || status === "paid";
  const started = appointment.startsAt <= now;
  const asked = new URL(request.url).searchParams.get("step");
  const step = stepFor(asked, active, started);
  const when = (instant: Date | null) => (instant ? describeTime(instant, zone) : null);

  let freeDays: { date: string; slots: { value: string; label: string }[] }[] = [];
  if (step === "reschedule") {
    const consultant = await findConsultant(context.db, appointment.consultantId, { includeArchived: true });
    const days = consultant ? await consultantSlots(context.db, consultant, { zone, now }) : [];
    freeDays = days
      .map((day) => ({
        date: day.date,
        slots: day.slots.map((slot) => ({
          value: slot.startsAt,
          label: formatTimeOfDay(new Date(slot.startsAt), zone),
        })),
      }))
      .filter((day) => day.slots.length > 0);
  }

  return {
    zone,
    step,
    freeDays,
    refundNoticeHours: REFUND_NOTICE_HOURS,
    cancelFields: formConstraints(staffCancelSchema),
    appointment: {
      id: appointment.id,
      status,
      active,
      started,
      sequence: appointment.calendarSequence,
      when: describeTime(appointment.startsAt, zone),
      bookedAt: describeTime(appointment.createdAt, zone),
      fee: formatMoney(appointment.amountCents, appointment.currency),
      paid: appointment.paidAt !== null,
      paidAt: when(appointment.paidAt),
      refundedAt: when(appointment.refundedAt),
      cancelledAt: when(appointment.cancelledAt),
      cancelledBy: appointment.cancelledBy,
      cancelReason: appointment.cancelReason,
      completedAt: when(appointment.completedAt),
      noShowAt: when(appointment.noShowAt),
      speciality: appointment.consultantSnapshot.speciality,
      meetingUrl: appointment.meetingUrl,
      refundByPolicy: cancellationMoney(appointment, now, false) === "refunded",
    },
    customer: detail.customer,
    consultant: detail.consultant,
    payments: detail.payments.map((payment) => ({
      id: payment.id,
      provider: payment.provider === "stripe" ? "Stripe" : "Razorpay",
      sandbox: payment.mode === "sandbox",
      reference: payment.providerReference,
      providerPaymentId: payment.providerPaymentId,
      amount: formatMoney(payment.amountCents, payment.currency),
      status: payment.status,
      createdAt: describeTime(payment.createdAt, zone),
      paidAt: when(payment.paidAt),
      refundedAt: when(payment.refundedAt),
      refundReference: payment.refundReference,
      events: payment.events.map((event) => ({
        id: event.id,
        type: event.type,
        key: event.eventKey,
        receivedAt: describeTime(event.receivedAt, zone),
      })),
    })),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const staff = requireRole(request, context, "admin");
  const values = textValues(await readForm(request));
  const appointmentId = params.appointmentId;
  const back = `/admin/appointments/${appointmentId}`;
  const changeContext = {
    zone: context.env.AGENCY_TZ,
    agencyEmail: context.env.AGENCY_EMAIL,
    now: context.clock(),
  };
  try {
    if (values.intent === "complete" || values.intent === "no-show") {
      const outcome: AttendanceOutcome = values.intent === "complete" ? "completed" : "no_show";
      await recordAttendance(context.db, appointmentId, outcome, staff, { now: changeContext.now });
      const message = outcome === "completed" ? "Marked completed" : "Marked as a no-show";
      return redirectWithToast(back, { kind: "success", message }, context);
    }
    if (values.intent === "cancel") {
      const cancelled = await staffCancelAppointment(
        context.db,
        appointmentId,
        { reason: values.reason, refundAnyway: values.refundAnyway, sequence: values.sequence },
        staff,
        { ...changeContext, payments: context.payments },
      );
      const message = cancelled.refundedAt
        ? "Appointment cancelled and payment refunded. The customer has been e-mailed."
        : "Appointment cancelled. The customer has been e-mailed.";
      return redirectWithToast(back, { kind: "success", message }, context);
    }
    if (values.intent === "reschedule") {
      const moved = await rescheduleAppointment(
        context.db,
        appointmentId,
        { startsAt: values.startsAt, sequence: values.sequence },
        { kind: "staff", staff },
        changeContext,
      );
      const message = `Moved to ${describeTime(moved.startsAt, changeContext.zone)}. The customer has been e-mailed.`;
      return redirectWithToast(back, { kind: "success", message }, context);
    }
    throw new FeatureError("invalid", "This action is not available.");
  } catch (error) {
    return formFailure(error, values);
  }
}

export function headers(args: Route.HeadersArgs) {
  return privatePageHeaders(args);
}

type LoaderData = Route.ComponentProps["loaderData"];
type Failure = { error: string; fieldErrors: Record<string, string>; values: Record<string, string> };

export default function AppointmentPage({ loaderData, actionData }: Route.ComponentProps) {
  const { appointment, customer, consultant, payments, step, zone } = loaderData;
  const failure = actionData && "error" in actionData ? (actionData as Failure) : undefined;
  return (
    <AdminShell
      title={`${consultant.name}, ${appointment.when}`}
      description={`Consultation with ${customer.name}. Times in ${zone.replace(/_/g, " ")} time.`}
      actions={
        <Link
          to="/admin/appointments"
          className="rounded-full border border-gray-300 bg-white px-5 py-2.5 font-semibold text-ink text-sm hover:border-brand-700"
        >
          All appointments
        </Link>
      }
    >
      <div className="grid gap-6 lg:grid-cols-2">
        <Section title="Appointment" id="appointment-heading">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            <dt className="text-muted">Status</dt>
            <dd className="flex flex-wrap gap-1.5">
              <Badge tone={staffStatusTones[appointment.status]}>
                {staffStatusLabels[appointment.status]}
              </Badge>
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
            {appointment.completedAt ? (
              <Fact term="Marked completed" value={appointment.completedAt} />
            ) : null}
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

        <Section title="Customer" id="customer-heading">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
            <dt className="text-muted">Name</dt>
            <dd>
              <Link
                to={`/admin/people/${customer.id}`}
                className="font-semibold text-brand-800 hover:underline"
              >
                {customer.name}
              </Link>
            </dd>
            <dt className="text-muted">E-mail</dt>
            <dd className="break-all">
              <a href={`mailto:${customer.email}`} className="text-brand-800 hover:underline">
                {customer.email}
              </a>
            </dd>
            <dt className="text-muted">Phone</dt>
            <dd>{customer.phone || "Not given"}</dd>
          </dl>
        </Section>
      </div>

      <Actions data={loaderData} failure={failure} step={step} />

      <Section title="Payment history" id="payments-heading" className="mt-6">
        {payments.length === 0 ? (
          <p className="text-muted text-sm">No payment was started for this appointment.</p>
        ) : (
          <ol className="space-y-4">
            {payments.map((payment) => (
              <PaymentCard key={payment.id} payment={payment} />
            ))}
          </ol>
        )}
      </Section>
    </AdminShell>
  );
}

function Fact({ term, value }: { term: string; value: string }) {
  return (
    <>
      <dt className="text-muted">{term}</dt>
      <dd className="min-w-0 wrap-anywhere">{value}</dd>
    </>
  );
}

function Section({
  title,
  id,
  className = "",
  children,
}: {
  title: string;
  id: string;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={`rounded-2xl border border-gray-200 bg-white p-5 ${className}`}>
      <h2 id={id} className="mb-4 font-semibold text-ink text-lg">
        {title}
      </h2>
      {children}
    </section>
  );
}

const buttonClass =
  "inline-flex items-center justify-center rounded-full border border-gray-300 bg-white px-5 py-2.5 font-semibold text-ink text-sm hover:border-brand-700 disabled:opacity-60";

/** What staff can do now: attendance once started, cancel or move before, each its own POST form. */
function Actions({ data, failure, step }: { data: LoaderData; failure?: Failure; step: Step }) {
  const busy = useNavigation().state !== "idle";
  const { appointment } = data;
  if (!appointment.active) return null;
  const here = `/admin/appointments/${appointment.id}`;
  return (
    <Section title="Actions" id="actions-heading" className="mt-6">
      {failure ? (
        <div className="mb-4">
          <FormAlert message={failure.error} />
        </div>
      ) : null}
      {appointment.started && step === null ? (
        <div className="flex flex-wrap gap-3">
          <p className="w-full text-muted text-sm">The appointment has started. Record what happened:</p>
          <Form method="post">
            <input type="hidden" name="intent" value="complete" />
            <PrimaryButton className="px-5 py-2.5 text-sm" disabled={busy}>
              Mark completed
            </PrimaryButton>
          </Form>
          <RevealButton parameter="step" value="no-show" className={buttonClass}>
            Mark no-show
          </RevealButton>
        </div>
      ) : null}
      {step === "no-show" ? <NoShowForm data={data} busy={busy} back={here} /> : null}
      {!appointment.started && step === null ? (
        <div className="flex flex-wrap gap-3">
          <p className="w-full text-muted text-sm">
            Completed and no-show can be recorded once the appointment has started.
          </p>
          <RevealButton parameter="step" value="reschedule" className={buttonClass}>
            Reschedule
          </RevealButton>
          <RevealButton
            parameter="step"
            value="cancel"
            className={`${buttonClass} text-red-800 hover:border-red-700`}
          >
            Cancel appointment
          </RevealButton>
        </div>
      ) : null}
      {step === "cancel" ? <CancelForm data={data} failure={failure} busy={busy} back={here} /> : null}
      {step === "reschedule" ? (
        <RescheduleForm data={data} failure={failure} busy={busy} back={here} />
      ) : null}
    </Section>
  );
}

function CancelForm({
  data,
  failure,
  busy,
  back,
}: {
  data: LoaderData;
  failure?: Failure;
  busy: boolean;
  back: string;
}) {
  const { appointment, customer, refundNoticeHours, cancelFields } = data;
  const policy = !appointment.paid
    ? "The customer has not paid, so there is nothing to refund."
    : appointment.refundByPolicy
      ? `It starts at least ${refundNoticeHours} hours from now, so the payment of ${appointment.fee} is refunded in full through the provider.`
      : `It starts in less than ${refundNoticeHours} hours, so by the policy the payment of ${appointment.fee} is kept, unless you refund it anyway.`;
  return (
    <Form method="post" className="space-y-4 rounded-xl border border-red-200 bg-red-50 p-4">
      <h3 className="font-semibold text-red-900">Cancel this appointment?</h3>
      <p className="text-red-900 text-sm">
        {policy} {customer.name} is e-mailed the reason and a calendar update, and the time becomes free.
      </p>
      <input type="hidden" name="intent" value="cancel" />
      <input type="hidden" name="sequence" value={appointment.sequence} />
      <TextAreaField
        label="Reason (the customer reads it)"
        {...cancelFields.reason}
        rows={3}
        defaultValue={failure?.values.reason ?? ""}
        error={failure?.fieldErrors.reason}
      />
      {appointment.paid && !appointment.refundByPolicy ? (
        <label className="flex items-start gap-3 text-ink text-sm">
          <input
            type="checkbox"
            name="refundAnyway"
            value="yes"
            defaultChecked={failure?.values.refundAnyway === "yes"}
            className="mt-0.5 size-4 shrink-0 accent-brand-700"
          />
          Refund the payment of {appointment.fee} anyway
        </label>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <button
          type="submit"
          disabled={busy}
          className="rounded-full bg-red-700 px-5 py-2.5 font-semibold text-sm text-white hover:bg-red-800 disabled:opacity-60"
        >
          Yes, cancel the appointment
        </button>
        <Link to={back} preventScrollReset className={buttonClass}>
          Keep it
        </Link>
      </div>
    </Form>
  );
}

/** A no-show cannot be taken back, so staff confirm it before it is recorded. */
function NoShowForm({ data, busy, back }: { data: LoaderData; busy: boolean; back: string }) {
  return (
    <Form method="post" className="space-y-4 rounded-xl border border-red-200 bg-red-50 p-4">
      <h3 className="font-semibold text-red-900">Mark this appointment as a no-show?</h3>
      <p className="text-red-900 text-sm">
        Record that {data.customer.name} did not come. This cannot be undone, and the appointment can then no
        longer be marked completed.
      </p>
      <input type="hidden" name="intent" value="no-show" />
      <div className="flex flex-wrap gap-3">
        <button
          type="submit"
          disabled={busy}
          className="rounded-full bg-red-700 px-5 py-2.5 font-semibold text-sm text-white hover:bg-red-800 disabled:opacity-60"
        >
          Yes, mark no-show
        </button>
        <Link to={back} preventScrollReset className={buttonClass}>
          Go back
        </Link>
      </div>
    </Form>
  );
}

function RescheduleForm({
  data,
  failure,
  busy,
  back,
}: {
  data: LoaderData;
  failure?: Failure;
  busy: boolean;
  back: string;
}) {
  const { appointment, freeDays, consultant, zone } = data;
  if (freeDays.length === 0) {
    return (
      <div className="space-y-3">
        <p className="text-sm">
          {consultant.name} has no free times in the next seven days.{" "}
          {consultant.archived || !consultant.available ? "The consultant is not taking bookings." : null}
        </p>
        <Link to={back} className={buttonClass}>
          Back
        </Link>
      </div>
    );
  }
  const fieldError = failure?.fieldErrors.startsAt;
  return (
    <Form method="post" className="space-y-4 rounded-xl border border-gray-200 bg-surface p-4">
      <h3 className="font-semibold text-ink">Move this appointment</h3>
      <p className="text-muted text-sm">
        The customer keeps their payment and is e-mailed the new time with a calendar update. Only{" "}
        {consultant.name}'s free times are offered ({zone.replace(/_/g, " ")} time).
      </p>
      <input type="hidden" name="intent" value="reschedule" />
      <input type="hidden" name="sequence" value={appointment.sequence} />
      <div>
        <label htmlFor="reschedule-slot" className="block font-medium text-ink text-sm">
          New time
        </label>
        <select
          id="reschedule-slot"
          name="startsAt"
          required
          defaultValue={failure?.values.startsAt ?? ""}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={fieldError ? "reschedule-slot-error" : undefined}
          className={`${selectClass} sm:max-w-sm`}
        >
          <option value="" disabled>
            Choose a day and time
          </option>
          {freeDays.map((day) => (
            <optgroup
              key={day.date}
              label={formatCalendarDate(day.date, { weekday: "long", month: "long", day: "numeric" })}
            >
              {day.slots.map((slot) => (
                <option key={slot.value} value={slot.value}>
                  {formatCalendarDate(day.date, { weekday: "short", month: "short", day: "numeric" })},{" "}
                  {slot.label}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
        {fieldError ? (
          <p id="reschedule-slot-error" className="mt-1.5 text-red-700 text-sm">
            {fieldError}
          </p>
        ) : null}
      </div>
      <div className="flex flex-wrap gap-3">
        <PrimaryButton className="px-5 py-2.5 text-sm" disabled={busy}>
          Move the appointment
        </PrimaryButton>
        <Link to={back} preventScrollReset className={buttonClass}>
          Back
        </Link>
      </div>
    </Form>
  );
}

type PaymentRow = LoaderData["payments"][number];

const paymentTones: Record<string, "red" | "green" | "amber" | "grey"> = {
  created: "amber",
  paid: "green",
  failed: "red",
  expired: "grey",
  refunded: "grey",
};

function PaymentCard({ payment }: { payment: PaymentRow }) {
  return (
    <li className="rounded-xl border border-gray-200 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-semibold text-ink">
          {payment.provider}{" "}
          {payment.sandbox ? <span className="font-normal text-muted text-sm">(sandbox)</span> : null}
        </p>
        <p className="flex items-center gap-2">
          <span className="tabular-nums">{payment.amount}</span>
          <Badge tone={paymentTones[payment.status] ?? "grey"}>{payment.status}</Badge>
        </p>
      </div>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <Fact term="Started" value={payment.createdAt} />
        <dt className="text-muted">Reference</dt>
        <dd className="min-w-0 break-all font-mono text-xs leading-5">{payment.reference}</dd>
        {payment.providerPaymentId ? (
          <>
            <dt className="text-muted">Payment id</dt>
            <dd className="min-w-0 break-all font-mono text-xs leading-5">{payment.providerPaymentId}</dd>
          </>
        ) : null}
        {payment.paidAt ? <Fact term="Paid" value={payment.paidAt} /> : null}
        {payment.refundedAt ? <Fact term="Refunded" value={payment.refundedAt} /> : null}
        {payment.refundReference ? (
          <>
            <dt className="text-muted">Refund id</dt>
            <dd className="min-w-0 break-all font-mono text-xs leading-5">{payment.refundReference}</dd>
          </>
        ) : null}
      </dl>
      <h3 className="mt-4 font-medium text-ink text-sm">Provider events</h3>
      {payment.events.length === 0 ? (
        <p className="mt-1 text-muted text-sm">None received.</p>
      ) : (
        <ul className="mt-1 space-y-1 text-sm">
          {payment.events.map((event) => (
            <li key={event.id} className="min-w-0 wrap-anywhere">
              <span className="font-mono text-xs">{event.type}</span> — {event.receivedAt}
              <span className="block break-all text-muted text-xs">{event.key}</span>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}
