import { FileText } from "lucide-react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { AddToCalendar } from "~/components/booking/add-to-calendar";
import { AppointmentReview } from "~/components/booking/appointment-review";
import { Portrait } from "~/components/booking/portrait";
import { RazorpayCheckout } from "~/components/booking/razorpay-checkout";
import { RescheduleForm } from "~/components/booking/reschedule-form";
import { RevealButton } from "~/components/booking/reveal-button";
import type { PickerDay } from "~/components/booking/slot-picker";
import { WaitlistEntries, type WaitlistEntryView } from "~/components/booking/waitlist-entries";
import { appointmentStatus } from "~/features/booking/appointment-status";
import { appointmentTimesFor } from "~/features/booking/appointment-times";
import { findOwnAppointment, listAppointments } from "~/features/booking/appointments.server";
import { bookingContextFrom } from "~/features/booking/booking.server";
import { appointmentCalendarLinks } from "~/features/booking/calendar-links";
import { cancelAppointment } from "~/features/booking/cancellation.server";
import { rescheduleOwnAppointment } from "~/features/booking/customer-reschedule.server";
import { claimWaitlistOffer } from "~/features/booking/waitlist-claim.server";
import { consultantSlots, findConsultant } from "~/features/consultants/consultants.server";
import { checkoutPolicyAdditions } from "~/features/payments/checkout-policy.server";
import { startRazorpayOrder, startStripeCheckout } from "~/features/payments/payments.server";
import { refundsOnCancel } from "~/features/payments/refunds.server";
import { listDocumentsOfCustomer } from "~/features/receipts/receipts.server";
import {
  editReview,
  reviewState,
  reviewsOfAppointments,
  writeReview,
} from "~/features/reviews/reviews.server";
import { SLOT_MINUTES } from "~/features/slot-grid/slots";
import { waitlistSettingsFrom } from "~/features/waitlist/offers.server";
import { entryStatusLabels, leaveWaitlist, listOwnWaitlist } from "~/features/waitlist/waitlist.server";
import { requireUser } from "~/infra/auth-guard.server";
import { contentSecurityPolicy, policyOptionsFor } from "~/infra/content-security-policy.server";
import { redirectWithToast } from "~/infra/flash.server";
import { readForm } from "~/infra/form-body.server";
import { formFailure, textValues } from "~/infra/form-failure.server";
import { answerFormOnce, newFormIdempotencyKey } from "~/infra/form-idempotency.server";
import {
  describeTime,
  formatCalendarDate,
  formatDay,
  formatSlotClock,
  zoneName,
  zoneTimeLabel,
} from "~/lib/dates";
import { documentPath, documentTitles } from "~/lib/document-paths";
import { FeatureError } from "~/lib/errors";
import { IdempotencyKeyField } from "~/lib/idempotency-key-field";
import { formatMoney } from "~/lib/money";
import { privatePageHeaders } from "~/lib/page-headers";
import { originFrom, pageMeta } from "~/lib/seo";
import type { Route } from "./+types/my-appointments";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "My Appointments",
    description: "Your booked consultations.",
    path: "/my-appointments",
    origin: originFrom(matches),
    noindex: true,
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  const url = new URL(request.url);
  const now = context.clock();
  const zone = context.env.AGENCY_TZ;
  // Each customer reads times in their own zone (decision 0018), the agency's beside it.
  const customerZone = user.timeZone ?? zone;
  const [own, documents] = await Promise.all([
    listAppointments(context.db, user.id),
    listDocumentsOfCustomer(context.db, user.id),
  ]);
  const reviewed = await reviewsOfAppointments(
    context.db,
    user.id,
    own.filter((appointment) => appointment.completedAt).map((appointment) => appointment.id),
  );
  const appointments = own.map((appointment) => {
    const { name, image, speciality, address } = appointment.consultantSnapshot;
    const status = appointmentStatus(appointment);
    // Joining and adding to a calendar make sense until the session is over, never once cancelled.
    const ended = appointment.startsAt.getTime() + SLOT_MINUTES * 60_000 <= now.getTime();
    const active = (status === "booked" || status === "paid") && !ended;
    return {
      id: appointment.id,
      consultant: { name, image, speciality, address },
      status,
      ...appointmentTimesFor(appointment.startsAt, customerZone, zone),
      fee: formatMoney(appointment.amountCents, appointment.currency),
      refunded: appointment.refundedAt !== null,
      // The agency's reason, when it was the agency that cancelled.
      agencyReason: appointment.cancelledBy === "staff" ? (appointment.cancelReason ?? "") : null,
      started: appointment.startsAt <= now,
      refundOnCancel: refundsOnCancel(appointment, now),
      meetingUrl: active ? appointment.meetingUrl : null,
      calendarLinks: active ? appointmentCalendarLinks(appointment) : null,
      review: reviewState(appointment, reviewed.get(appointment.id), now),
      documents: documents
        .filter((document) => document.appointmentId === appointment.id)
        .reverse()
        .map((document) => ({
          number: document.number,
          title: documentTitles[document.kind],
          href: documentPath(document),
        })),
    };
  });
  const rescheduling = url.searchParams.get("reschedule");
  const movable = own.find(
    (appointment) =>
      appointment.id === rescheduling &&
      ["booked", "paid"].includes(appointmentStatus(appointment)) &&
      appointment.startsAt > now,
  );
  const consultant = movable
    ? await findConsultant(context.db, movable.consultantId, { includeArchived: true })
    : undefined;
  // The same consultant's free times, as the booking page offers them.
  const rescheduleDays: PickerDay[] =
    consultant && !consultant.archivedAt && consultant.available
      ? await consultantSlots(context.db, consultant, { zone, now })
      : [];
  const waitlist: WaitlistEntryView[] = (await listOwnWaitlist(context.db, user.id, { zone, now })).map(
    (entry) => ({
      id: entry.id,
      consultantId: entry.consultantId,
      consultantName: entry.consultantName,
      day: formatCalendarDate(entry.day, { weekday: "long", month: "long", day: "numeric" }),
      statusLabel: entryStatusLabels[entry.status],
      open: entry.status === "waiting" || entry.status === "offered",
      offer: entry.offer
        ? {
            startsAt: entry.offer.startsAt.toISOString(),
            ...appointmentTimesFor(entry.offer.startsAt, customerZone, zone),
            until: describeTime(entry.offer.expiresAt, customerZone),
          }
        : null,
    }),
  );
  // A live provider's checkout needs its own origins, on this page only.
  const policy = contentSecurityPolicy(
    { nonce: context.cspNonce },
    policyOptionsFor(context.env),
    checkoutPolicyAdditions(context.payments),
  );
  return data(
    {
      appointments,
      waitlist,
      zone,
      customerZone,
      confirmingCancel: url.searchParams.get("cancel"),
      rescheduling: movable ? { id: movable.id, days: rescheduleDays, profileZone: user.timeZone } : null,
      choosingPayment: url.searchParams.get("pay"),
      editingReview: url.searchParams.get("review"),
      providers: { stripe: Boolean(context.payments.stripe), razorpay: Boolean(context.payments.razorpay) },
      idempotencyKey: newFormIdempotencyKey(),
    },
    { headers: { "Content-Security-Policy": policy } },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(request, context);
  const form = await readForm(request);
  const values = textValues(form);
  const urls = { publicUrl: context.env.publicUrl };
  // Cancelling, moving, claiming a held time and starting a payment are done once per form sent
  // (its idempotency key).
  const once = <Answer extends Response | object>(run: () => Promise<Answer>) =>
    answerFormOnce(context, { request, userId: user.id, values }, run);
  try {
    if (values.intent === "cancel") {
      return await once(async () => {
        const cancelled = await cancelAppointment(
          context.db,
          user.id,
          { appointmentId: values.appointmentId },
          bookingContextFrom(context),
        );
        const message = cancelled.refundedAt
          ? "Appointment cancelled and payment refunded"
          : "Appointment cancelled";
        return redirectWithToast("/my-appointments", { kind: "success", message }, context);
      });
    }
    if (values.intent === "reschedule") {
      return await once(async () => {
        const moved = await rescheduleOwnAppointment(
          context.db,
          user.id,
          { appointmentId: values.appointmentId, startsAt: values.startsAt },
          { ...bookingContextFrom(context), now: context.clock() },
        );
        const zone = context.env.AGENCY_TZ;
        const message = `Appointment moved to ${formatDay(moved.startsAt, zone)}, ${formatSlotClock(moved.startsAt, zone)}. We have e-mailed you the updated invitation.`;
        return redirectWithToast("/my-appointments", { kind: "success", message }, context);
      });
    }
    if (values.intent === "claim-waitlist") {
      return await once(async () => {
        const booked = await claimWaitlistOffer(
          context.db,
          user.id,
          values.entryId,
          (startsAt) => startsAt.toISOString() === values.startsAt,
          bookingContextFrom(context),
        );
        const zone = context.env.AGENCY_TZ;
        const message = `Appointment booked: ${formatDay(booked.startsAt, zone)}, ${formatSlotClock(booked.startsAt, zone)}.`;
        return redirectWithToast("/my-appointments", { kind: "success", message }, context);
      });
    }
    if (values.intent === "leave-waitlist") {
      await leaveWaitlist(
        context.db,
        user.id,
        values.entryId,
        waitlistSettingsFrom(context.env),
        context.clock(),
      );
      return redirectWithToast(
        "/my-appointments#waitlist",
        { kind: "success", message: "Removed from the waitlist" },
        context,
      );
    }
    if (values.intent === "review" || values.intent === "edit-review") {
      const review = { rating: values.rating, comment: values.comment };
      const now = { now: context.clock() };
      if (values.intent === "review")
        await writeReview(context.db, user.id, { ...review, appointmentId: values.appointmentId }, now);
      else await editReview(context.db, user.id, values.appointmentId, review, now);
      const message = values.intent === "review" ? "Thank you for your review" : "Review updated";
      return redirectWithToast(
        `/my-appointments#review-${values.appointmentId}`,
        { kind: "success", message },
        context,
      );
    }
    if (values.intent === "pay" && values.provider === "stripe") {
      return await once(async () => {
        const appointment = await findOwnAppointment(context.db, user.id, values.appointmentId);
        const { sessionUrl } = await startStripeCheckout(context.db, context.payments, appointment, urls);
        return redirect(sessionUrl);
      });
    }
    if (values.intent === "pay" && values.provider === "razorpay") {
      return await once(async () => {
        const appointment = await findOwnAppointment(context.db, user.id, values.appointmentId);
        const started = await startRazorpayOrder(context.db, context.payments, appointment);
        if (started.sandboxUrl) return redirect(started.sandboxUrl);
        return { razorpay: { order: started.order, keyId: started.keyId } };
      });
    }
    throw new FeatureError("invalid", "This action is not available.");
  } catch (error) {
    return formFailure(error, values);
  }
}

export function headers(args: Route.HeadersArgs) {
  return privatePageHeaders(args, ["Content-Security-Policy"]);
}

export default function MyAppointments({ loaderData, actionData }: Route.ComponentProps) {
  const {
    appointments,
    waitlist,
    zone,
    customerZone,
    confirmingCancel,
    rescheduling,
    choosingPayment,
    editingReview,
    providers,
    idempotencyKey,
  } = loaderData;
  const failure = actionData && "error" in actionData ? actionData : undefined;
  const razorpay = actionData && "razorpay" in actionData ? actionData.razorpay : undefined;
  return (
    <section className="mx-auto max-w-4xl px-4 py-12">
      <h1 className="font-bold text-3xl text-ink tracking-tight">My Appointments</h1>
      <p className="mt-1 text-muted text-sm">
        Times are shown in {zoneName(customerZone)} time
        {customerZone === zone ? "" : `, with the agency's ${zoneTimeLabel(zone)} beside them`}.{" "}
        <Link to="/my-profile?edit" className="font-medium text-brand-700 underline-offset-4 hover:underline">
          Change your time zone
        </Link>
      </p>
      {/* A failed move is told inside its own form, beside the times. */}
      {failure && !ownFormIntents.has(failure.values.intent ?? "") ? (
        <p
          role="alert"
          className="mt-4 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-red-800 text-sm"
        >
          {failure.error}
        </p>
      ) : null}
      {razorpay ? <RazorpayCheckout order={razorpay.order} keyId={razorpay.keyId} /> : null}
      {appointments.length === 0 ? (
        <div className="mt-8 rounded-2xl border border-gray-200 bg-surface p-8 text-center">
          <p className="text-muted">You have no appointments yet.</p>
          <Link
            to="/consultant"
            className="mt-3 inline-block font-semibold text-brand-700 underline-offset-4 hover:underline"
          >
            Find a consultant
          </Link>
        </div>
      ) : (
        <ul className="mt-8 divide-y divide-gray-200 border-gray-200 border-y">
          {appointments.map((appointment) => (
            <AppointmentRow
              key={appointment.id}
              appointment={appointment}
              confirmingCancel={confirmingCancel === appointment.id}
              rescheduling={rescheduling?.id === appointment.id ? rescheduling : null}
              zone={zone}
              failure={failure?.values.appointmentId === appointment.id ? failure : undefined}
              choosingPayment={choosingPayment === appointment.id}
              editingReview={editingReview === appointment.id}
              customerZone={customerZone}
              providers={providers}
              idempotencyKey={idempotencyKey}
            />
          ))}
        </ul>
      )}
      <WaitlistEntries entries={waitlist} idempotencyKey={idempotencyKey} />
    </section>
  );
}

/** Intents whose failure is told inside their own form, beside the fields. */
const ownFormIntents = new Set(["reschedule", "review", "edit-review"]);

type AppointmentRowData = Route.ComponentProps["loaderData"]["appointments"][number];

function AppointmentRow({
  appointment,
  confirmingCancel,
  rescheduling,
  zone,
  failure,
  choosingPayment,
  editingReview,
  customerZone,
  providers,
  idempotencyKey,
}: {
  appointment: AppointmentRowData;
  confirmingCancel: boolean;
  /** The consultant's free times while this appointment is being moved; null otherwise. */
  rescheduling: { days: PickerDay[]; profileZone: string | null } | null;
  zone: string;
  failure?: { error: string; fieldErrors: Record<string, string>; values: Record<string, string> };
  choosingPayment: boolean;
  editingReview: boolean;
  customerZone: string;
  providers: { stripe: boolean; razorpay: boolean };
  /** The page's key for its forms (IdempotencyKeyField). */
  idempotencyKey: string;
}) {
  const busy = useNavigation().state !== "idle";
  const { consultant, status } = appointment;
  const about = ` the appointment with ${consultant.name} on ${appointment.day}`;
  const buttonClass = "w-full rounded-lg border px-4 py-2 text-center text-sm sm:w-48";
  const cancellable = (status === "booked" || status === "paid") && !appointment.started;
  const paymentOptions = [
    { provider: "stripe", label: "Stripe", enabled: providers.stripe },
    { provider: "razorpay", label: "Razorpay", enabled: providers.razorpay },
  ].filter((option) => option.enabled);

  return (
    <li className="flex flex-col gap-4 py-6 sm:flex-row sm:flex-wrap">
      <Portrait
        src={consultant.image}
        name={consultant.name}
        alt=""
        width={128}
        className="size-32 rounded-xl bg-brand-50 object-cover"
      />
      <div className="flex-1 text-muted text-sm">
        <h2 className="font-semibold text-base text-ink">{consultant.name}</h2>
        <p>{consultant.speciality}</p>
        <p className="mt-2 font-medium text-ink">Address:</p>
        <p>{consultant.address.line1}</p>
        <p>{consultant.address.line2}</p>
        <p className="mt-2">
          <span className="font-medium text-ink">Date &amp; Time:</span> {appointment.day} |{" "}
          {appointment.time}
          {appointment.agencyTime ? ` (${appointment.agencyTime})` : null}
        </p>
        <p className="mt-1">
          <span className="font-medium text-ink">Fee:</span> {appointment.fee}
        </p>
        {appointment.meetingUrl ? (
          <p className="mt-2">
            <span className="font-medium text-ink">Online meeting:</span>{" "}
            <a
              href={appointment.meetingUrl}
              target="_blank"
              rel="noopener noreferrer"
              className="font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-900"
            >
              Join the meeting<span className="sr-only">{about}</span>
            </a>{" "}
            <span>(opens in a new tab)</span>
          </p>
        ) : null}
        {appointment.calendarLinks ? <AddToCalendar links={appointment.calendarLinks} about={about} /> : null}
        {appointment.documents.length > 0 ? (
          <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1" aria-label={`Receipts for${about}`}>
            {appointment.documents.map((document) => (
              <li key={document.number}>
                <a
                  href={document.href}
                  className="inline-flex items-center gap-1 font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-900"
                >
                  <FileText aria-hidden="true" className="size-4" />
                  {document.title}
                  <span className="sr-only"> {document.number}, PDF</span>
                </a>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <div className="flex flex-col justify-end gap-2">
        {status === "completed" ? (
          <p className={`${buttonClass} border-green-600 text-green-700`}>Completed</p>
        ) : null}
        {status === "no_show" ? <p className={`${buttonClass} border-gray-400 text-muted`}>No-show</p> : null}
        {status === "cancelled" ? (
          <>
            <p className={`${buttonClass} border-red-600 text-red-700`}>Appointment cancelled</p>
            {appointment.agencyReason !== null ? (
              <p className="text-center text-muted text-sm sm:w-48">
                Cancelled by the agency{appointment.agencyReason ? `: ${appointment.agencyReason}` : "."}
              </p>
            ) : null}
            {appointment.refunded ? (
              <p className="text-center text-muted text-sm sm:w-48">Your payment was refunded.</p>
            ) : null}
          </>
        ) : null}
        {status === "paid" ? (
          <p className={`${buttonClass} border-brand-200 bg-brand-50 text-brand-900`}>Paid</p>
        ) : null}
        {status === "booked" && !choosingPayment ? (
          <RevealButton
            parameter="pay"
            value={appointment.id}
            className={`${buttonClass} border-gray-300 text-ink hover:bg-brand-700 hover:text-white`}
          >
            Pay Online<span className="sr-only"> for{about}</span>
          </RevealButton>
        ) : null}
        {status === "booked" && choosingPayment ? (
          <fieldset className="flex flex-col gap-2">
            <legend className="sr-only">Choose how to pay for{about}</legend>
            {paymentOptions.length === 0 ? (
              <p className="text-muted text-sm sm:w-48">Online payment is not available at the moment.</p>
            ) : null}
            {paymentOptions.map((option) => (
              <Form key={option.provider} method="post">
                <input type="hidden" name="appointmentId" value={appointment.id} />
                <input type="hidden" name="provider" value={option.provider} />
                <IdempotencyKeyField
                  pageKey={idempotencyKey}
                  scope={`pay-${option.provider}-${appointment.id}`}
                />
                <button
                  type="submit"
                  name="intent"
                  value="pay"
                  disabled={busy}
                  className={`${buttonClass} border-gray-300 font-semibold text-ink hover:border-brand-700`}
                >
                  {option.label}
                </button>
              </Form>
            ))}
          </fieldset>
        ) : null}
        {cancellable && rescheduling === null ? (
          <RevealButton
            parameter="reschedule"
            value={appointment.id}
            className={`${buttonClass} border-gray-300 text-ink hover:bg-brand-700 hover:text-white`}
          >
            Reschedule<span className="sr-only">{about}</span>
          </RevealButton>
        ) : null}
        {cancellable && !confirmingCancel ? (
          <RevealButton
            parameter="cancel"
            value={appointment.id}
            className={`${buttonClass} border-gray-300 text-ink hover:bg-red-600 hover:text-white`}
          >
            Cancel<span className="sr-only">{about}</span>
          </RevealButton>
        ) : null}
        {cancellable && confirmingCancel ? (
          <Form
            method="post"
            className="flex flex-col gap-2 rounded-lg border border-red-200 bg-red-50 p-3 sm:w-48"
          >
            <p className="text-red-900 text-sm">
              {status === "paid"
                ? appointment.refundOnCancel
                  ? `Cancel this appointment? Your payment of ${appointment.fee} will be refunded in full.`
                  : "Cancel this appointment? It starts in less than 24 hours, so your payment will not be refunded."
                : "Cancel this appointment? The time becomes free for others."}
            </p>
            <input type="hidden" name="appointmentId" value={appointment.id} />
            <IdempotencyKeyField pageKey={idempotencyKey} scope={`cancel-${appointment.id}`} />
            <button
              type="submit"
              name="intent"
              value="cancel"
              disabled={busy}
              className="rounded-lg bg-red-700 px-3 py-2 font-semibold text-sm text-white hover:bg-red-800"
            >
              Yes, cancel it
            </button>
            <Link
              to="/my-appointments"
              preventScrollReset
              className="rounded-lg border border-gray-300 bg-white px-3 py-2 text-center text-ink text-sm"
            >
              Keep it
            </Link>
          </Form>
        ) : null}
      </div>
      {cancellable && rescheduling !== null ? (
        <RescheduleForm
          appointmentId={appointment.id}
          about={about}
          days={rescheduling.days}
          zone={zone}
          profileZone={rescheduling.profileZone}
          error={failure?.fieldErrors.startsAt ?? failure?.error}
          idempotencyKey={idempotencyKey}
        />
      ) : null}
      {appointment.review ? (
        <AppointmentReview
          appointmentId={appointment.id}
          consultantName={consultant.name}
          review={appointment.review}
          editing={editingReview}
          zone={customerZone}
          failure={failure && ownFormIntents.has(failure.values.intent ?? "") ? failure : undefined}
        />
      ) : null}
    </li>
  );
}
