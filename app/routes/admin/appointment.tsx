import { href, Link } from "react-router";
import { AdminShell } from "~/components/staff/admin-shell";
import { AppointmentActions } from "~/components/staff/appointment/appointment-actions";
import { AppointmentDocuments } from "~/components/staff/appointment/appointment-documents";
import { AppointmentReview, type StaffReviewFacts } from "~/components/staff/appointment/appointment-review";
import { AppointmentSummary } from "~/components/staff/appointment/appointment-summary";
import type { FreeDay, Step } from "~/components/staff/appointment/appointment-view";
import { CustomerSummary } from "~/components/staff/appointment/customer-summary";
import { PaymentHistory } from "~/components/staff/appointment/payment-history";
import type { Failure } from "~/components/staff/refused-form";
import { type AttendanceOutcome, recordAttendance } from "~/features/booking/attendance.server";
import { cancellationMoney, staffCancelAppointment } from "~/features/booking/cancellation.server";
import { findStaffAppointment } from "~/features/booking/staff-appointments.server";
import { staffCancelSchema } from "~/features/booking/staff-appointments-schema";
import { rescheduleAppointment } from "~/features/booking/staff-changes.server";
import { consultantSlots, findConsultant } from "~/features/consultants/consultants.server";
import { REFUND_NOTICE_HOURS } from "~/features/payments/refunds.server";
import { listDocumentsOfAppointment } from "~/features/receipts/receipts.server";
import {
  type AppointmentReviewForStaff,
  reviewOfAppointmentForStaff,
} from "~/features/reviews/staff-reviews.server";
import { waitlistSettingsFrom } from "~/features/waitlist/offers.server";
import { requireRole } from "~/infra/auth-guard.server";
import { redirectWithToast } from "~/infra/flash.server";
import { readForm } from "~/infra/form-body.server";
import { formFailure, textValues } from "~/infra/form-failure.server";
import { asErrorPage } from "~/infra/route-errors.server";
import { describeTime, formatTimeOfDay } from "~/lib/dates";
import { documentPath, documentTitles } from "~/lib/document-paths";
import { FeatureError } from "~/lib/errors";
import { formConstraints } from "~/lib/form-constraints";
import { formatMoney } from "~/lib/money";
import { privatePageHeaders } from "~/lib/page-headers";
import type { Route } from "./+types/appointment";

export const meta: Route.MetaFunction = () => [{ title: "Appointment · Staff area" }];

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
  const { appointment, status } = detail;
  const zone = context.env.AGENCY_TZ;
  const now = context.clock();
  const [documents, review] = await Promise.all([
    listDocumentsOfAppointment(context.db, appointment.id),
    reviewOfAppointmentForStaff(context.db, appointment, now),
  ]);
  const active = status === "booked" || status === "paid";
  const started = appointment.startsAt <= now;
  const asked = new URL(request.url).searchParams.get("step");
  const step = stepFor(asked, active, started);
  const when = (instant: Date | null) => (instant ? describeTime(instant, zone) : null);

  let freeDays: FreeDay[] = [];
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
    review: reviewFacts(review, zone),
    documents: documents.map((document) => ({
      number: document.number,
      title: documentTitles[document.kind],
      issued: describeTime(document.issuedAt, zone),
      amount: formatMoney(
        document.kind === "credit_note" ? -document.amountCents : document.amountCents,
        document.currency,
      ),
      href: documentPath(document, "staff"),
    })),
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

/** The review with its times written out in the agency's zone. */
function reviewFacts(review: AppointmentReviewForStaff, zone: string): StaffReviewFacts {
  if (review.kind === "written") {
    const { writtenAt, ...rest } = review;
    return { ...rest, written: describeTime(writtenAt, zone) };
  }
  if (review.kind === "invited") return { kind: "invited", until: describeTime(review.until, zone) };
  return review;
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const staff = requireRole(request, context, "admin");
  const values = textValues(await readForm(request));
  const appointmentId = params.appointmentId;
  const back = href("/admin/appointments/:appointmentId", { appointmentId: appointmentId });
  const changeContext = {
    zone: context.env.AGENCY_TZ,
    agencyEmail: context.env.AGENCY_EMAIL,
    waitlist: waitlistSettingsFrom(context.env),
    now: context.clock(),
  };
  try {
    if (values.intent === "complete" || values.intent === "no-show") {
      const outcome: AttendanceOutcome = values.intent === "complete" ? "completed" : "no_show";
      await recordAttendance(context.db, appointmentId, outcome, staff, {
        now: changeContext.now,
        publicUrl: context.env.publicUrl,
      });
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

export const headers: Route.HeadersFunction = privatePageHeaders;

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
        <AppointmentSummary appointment={appointment} consultant={consultant} />
        <CustomerSummary customer={customer} />
      </div>
      <AppointmentActions
        appointment={appointment}
        customerName={customer.name}
        consultant={consultant}
        freeDays={loaderData.freeDays}
        zone={zone}
        refundNoticeHours={loaderData.refundNoticeHours}
        reasonField={loaderData.cancelFields.reason}
        failure={failure}
        step={step}
      />
      <PaymentHistory payments={payments} />
      <AppointmentDocuments documents={loaderData.documents} />
      <AppointmentReview review={loaderData.review} consultantId={consultant.id} />
    </AdminShell>
  );
}
