import { Form, Link, useNavigation } from "react-router";
import {
  bookingContextFrom,
  cancelAppointment,
  listAppointments,
  type PublicAppointment,
} from "~/features/booking/booking.server";
import { requireUser } from "~/infra/auth-guard.server";
import { redirectWithToast } from "~/infra/flash.server";
import { formFailure, textValues } from "~/infra/form-failure.server";
import { FeatureError } from "~/lib/errors";
import { originFrom, pageMeta } from "~/lib/seo";
import type { Route } from "./+types/my-appointments";

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta({
    title: "My Appointments",
    description: "Your booked consultations.",
    path: "/my-appointments",
    origin: originFrom(matches),
  }),
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  const url = new URL(request.url);
  return {
    appointments: await listAppointments(context.db, user.id, context.env.AGENCY_TZ),
    zone: context.env.AGENCY_TZ,
    confirmingCancel: url.searchParams.get("cancel"),
    choosingPayment: url.searchParams.get("pay"),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(request, context);
  const form = await request.formData();
  const values = textValues(form);
  try {
    if (values.intent === "cancel") {
      await cancelAppointment(
        context.db,
        user.id,
        { appointmentId: values.appointmentId },
        bookingContextFrom(context),
      );
      return redirectWithToast(
        "/my-appointments",
        { kind: "success", message: "Appointment cancelled" },
        context,
      );
    }
    throw new FeatureError("invalid", "This action is not available.");
  } catch (error) {
    return formFailure(error, values);
  }
}

export function headers() {
  return { "Cache-Control": "no-store" };
}

export default function MyAppointments({ loaderData, actionData }: Route.ComponentProps) {
  const { appointments, zone, confirmingCancel, choosingPayment } = loaderData;
  return (
    <section className="mx-auto max-w-4xl px-4 py-12">
      <h1 className="font-bold text-3xl text-ink tracking-tight">My Appointments</h1>
      <p className="mt-1 text-muted text-sm">Times are shown in {zone.replace(/_/g, " ")} time.</p>
      {actionData?.error ? (
        <p
          role="alert"
          className="mt-4 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-red-800 text-sm"
        >
          {actionData.error}
        </p>
      ) : null}
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
              key={appointment._id}
              appointment={appointment}
              zone={zone}
              confirmingCancel={confirmingCancel === appointment._id}
              choosingPayment={choosingPayment === appointment._id}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

function AppointmentRow({
  appointment,
  zone,
  confirmingCancel,
  choosingPayment,
}: {
  appointment: PublicAppointment;
  zone: string;
  confirmingCancel: boolean;
  choosingPayment: boolean;
}) {
  const busy = useNavigation().state === "submitting";
  const { docData: consultant } = appointment;
  const state = appointment.isCompleted
    ? "completed"
    : appointment.cancelled
      ? "cancelled"
      : appointment.payment
        ? "paid"
        : "active";
  const date = new Date(appointment.startsAt).toLocaleDateString("en-US", {
    weekday: "short",
    day: "numeric",
    month: "short",
    year: "numeric",
    timeZone: zone,
  });
  const buttonClass = "w-full rounded-lg border px-4 py-2 text-center text-sm sm:w-48";
  return (
    <li className="flex flex-col gap-4 py-6 sm:flex-row">
      <img
        src={consultant.image}
        alt=""
        width={128}
        height={128}
        loading="lazy"
        className="size-32 rounded-xl bg-brand-50 object-cover"
      />
      <div className="flex-1 text-muted text-sm">
        <h2 className="font-semibold text-base text-ink">{consultant.name}</h2>
        <p>{consultant.speciality}</p>
        <p className="mt-2 font-medium text-ink">Address:</p>
        <p>{consultant.address.line1}</p>
        <p>{consultant.address.line2}</p>
        <p className="mt-2">
          <span className="font-medium text-ink">Date &amp; Time:</span> {date} | {appointment.slotTime}
        </p>
        <p className="mt-1">
          <span className="font-medium text-ink">Fee:</span> ${appointment.amount}
        </p>
      </div>
      <div className="flex flex-col justify-end gap-2">
        {state === "completed" ? (
          <p className={`${buttonClass} border-green-600 text-green-700`}>Completed</p>
        ) : null}
        {state === "cancelled" ? (
          <p className={`${buttonClass} border-red-600 text-red-700`}>Appointment cancelled</p>
        ) : null}
        {state === "paid" ? (
          <p className={`${buttonClass} border-brand-200 bg-brand-50 text-brand-900`}>Paid</p>
        ) : null}
        {state === "active" && !choosingPayment ? (
          <Link
            to={`?pay=${appointment._id}`}
            preventScrollReset
            className={`${buttonClass} border-gray-300 text-ink hover:bg-brand-700 hover:text-white`}
          >
            Pay Online
            <span className="sr-only">
              {" "}
              for the appointment with {consultant.name} on {date}
            </span>
          </Link>
        ) : null}
        {state === "active" && choosingPayment ? (
          <fieldset className="flex flex-col gap-2">
            <legend className="sr-only">Choose how to pay</legend>
            {[
              { provider: "stripe", label: "Pay with Stripe" },
              { provider: "razorpay", label: "Pay with Razorpay" },
            ].map((option) => (
              <Form key={option.provider} method="post">
                <input type="hidden" name="appointmentId" value={appointment._id} />
                <input type="hidden" name="provider" value={option.provider} />
                <button
                  type="submit"
                  name="intent"
                  value="pay"
                  disabled={busy}
                  className={`${buttonClass} border-gray-300 text-ink hover:border-brand-700`}
                >
                  {option.label}
                </button>
              </Form>
            ))}
          </fieldset>
        ) : null}
        {(state === "active" || state === "paid") && !confirmingCancel ? (
          <Link
            to={`?cancel=${appointment._id}`}
            preventScrollReset
            className={`${buttonClass} border-gray-300 text-ink hover:bg-red-600 hover:text-white`}
          >
            Cancel
            <span className="sr-only">
              {" "}
              the appointment with {consultant.name} on {date}
            </span>
          </Link>
        ) : null}
        {(state === "active" || state === "paid") && confirmingCancel ? (
          <Form
            method="post"
            className="flex flex-col gap-2 rounded-lg border border-red-200 bg-red-50 p-3 sm:w-48"
          >
            <p className="text-red-900 text-sm">Cancel this appointment? The time becomes free for others.</p>
            <input type="hidden" name="appointmentId" value={appointment._id} />
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
    </li>
  );
}
