import { Form, Link, useNavigation } from "react-router";
import { ConsultantReviews } from "~/components/booking/consultant-reviews";
import { FormAlert, PrimaryButton } from "~/components/forms/form-controls";
import { CalendarPanel } from "~/components/staff/calendar-panel";
import { DaysOffEditor } from "~/components/staff/days-off-editor";
import { type AppointmentStatus, appointmentStatus } from "~/features/booking/appointment-status";
import { recordAttendance } from "~/features/booking/attendance.server";
import { calendarView, calendarViewForPage } from "~/features/calendars/calendar-connections.server";
import { requestCalendarContext } from "~/features/calendars/calendar-context.server";
import { runCalendarIntent } from "~/features/calendars/calendar-form.server";
import { isCalendarIntent } from "~/features/calendars/calendar-panel-data";
import { daysOffFromForm } from "~/features/consultants/consultant-schema";
import {
  getOwnConsultant,
  listOwnAppointments,
  type ScheduledAppointment,
  updateOwnAvailability,
} from "~/features/consultants/portal.server";
import { consultantReviews } from "~/features/reviews/reviews.server";
import { SLOT_MINUTES } from "~/features/slot-grid/slots";
import { offerTimesFreedByCalendar, waitlistSettingsFrom } from "~/features/waitlist/offers.server";
import { requireConsultant } from "~/infra/auth-guard.server";
import { redirectWithToast } from "~/infra/flash.server";
import { readForm } from "~/infra/form-body.server";
import { formFailure, textValues } from "~/infra/form-failure.server";
import { formatDay, formatSlotClock } from "~/lib/dates";
import { FeatureError } from "~/lib/errors";
import { formatMoney } from "~/lib/money";
import { privatePageHeaders } from "~/lib/page-headers";
import { pageNumberFrom } from "~/lib/page-number";
import type { Route } from "./+types/my-schedule";

export const meta: Route.MetaFunction = () => [
  { title: "My schedule" },
  { name: "robots", content: "noindex" },
];

const statusLabels: Record<AppointmentStatus, string> = {
  booked: "Booked, not paid yet",
  paid: "Paid",
  completed: "Completed",
  cancelled: "Cancelled",
  no_show: "No-show",
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const { consultantId } = requireConsultant(request, context);
  const query = new URL(request.url).searchParams;
  const now = context.clock();
  const zone = context.env.AGENCY_TZ;
  const consultant = await getOwnConsultant(context.db, consultantId);
  const [upcoming, started, calendar, reviews] = await Promise.all([
    listOwnAppointments(context.db, consultantId, {
      now,
      when: "upcoming",
      page: pageNumberFrom(query.get("upcoming")),
    }),
    listOwnAppointments(context.db, consultantId, {
      now,
      when: "started",
      page: pageNumberFrom(query.get("past")),
    }),
    calendarView(context.db, consultantId, requestCalendarContext(context)),
    consultantReviews(context.db, consultant, pageNumberFrom(query.get("reviews"))),
  ]);
  const row = ({ appointment, customer }: ScheduledAppointment) => {
    const status = appointmentStatus(appointment);
    const { address } = appointment.consultantSnapshot;
    return {
      id: appointment.id,
      customer: { name: customer.name, email: customer.email },
      day: formatDay(appointment.startsAt, zone),
      time: formatSlotClock(appointment.startsAt, zone),
      place: [address.line1, address.line2].filter(Boolean).join(", "),
      // The consultant joins the same room as the customer, while the appointment is on.
      meetingUrl: status === "booked" || status === "paid" ? appointment.meetingUrl : null,
      fee: formatMoney(appointment.amountCents, appointment.currency),
      status,
      statusLabel: statusLabels[status],
      // Only an active appointment that has started can be marked.
      markable: appointment.startsAt <= now && (status === "booked" || status === "paid"),
    };
  };
  return {
    zone,
    consultant: {
      name: consultant.name,
      available: consultant.available,
      archived: consultant.archivedAt !== null,
      daysOff: consultant.daysOff,
      version: consultant.version,
    },
    upcoming: { ...upcoming, appointments: upcoming.appointments.map(row) },
    started: { ...started, appointments: started.appointments.map(row) },
    confirmingNoShow: query.get("noShow"),
    calendar: calendarViewForPage(calendar, zone),
    reviews,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { user, consultantId } = requireConsultant(request, context);
  const form = await readForm(request);
  // The calendar's password is never sent back into the page.
  const values: Record<string, string> = {
    ...textValues(form, ["password"]),
    daysOff: daysOffFromForm(form).join(" "),
  };
  const now = context.clock();
  try {
    if (isCalendarIntent(values.intent)) {
      const fields = textValues(form);
      const toast = await runCalendarIntent(
        context.db,
        consultantId,
        values.intent,
        fields,
        requestCalendarContext(context, offerTimesFreedByCalendar(waitlistSettingsFrom(context.env))),
      );
      return redirectWithToast("/my-schedule#calendar-heading", toast, context);
    }
    if (values.intent === "complete" || values.intent === "no_show") {
      const outcome = values.intent === "complete" ? "completed" : "no_show";
      await recordAttendance(context.db, values.appointmentId, outcome, user, {
        now,
        publicUrl: context.env.publicUrl,
        onlyConsultantId: consultantId,
      });
      const message =
        outcome === "completed" ? "Appointment marked completed" : "Appointment marked as a no-show";
      return redirectWithToast("/my-schedule", { kind: "success", message }, context);
    }
    if (values.intent === "availability") {
      await updateOwnAvailability(
        context.db,
        consultantId,
        { available: form.has("available"), daysOff: daysOffFromForm(form), version: values.version },
        user,
        { now, waitlist: waitlistSettingsFrom(context.env) },
      );
      return redirectWithToast("/my-schedule", { kind: "success", message: "Availability saved" }, context);
    }
    throw new FeatureError("invalid", "This action is not available.");
  } catch (error) {
    return formFailure(error, values);
  }
}

export const headers: Route.HeadersFunction = privatePageHeaders;

type Loaded = Route.ComponentProps["loaderData"];
type Row = Loaded["upcoming"]["appointments"][number];
type Failure = { error: string; fieldErrors: Record<string, string>; values: Record<string, string> };

export default function MySchedule({ loaderData, actionData }: Route.ComponentProps) {
  const { consultant, upcoming, started, zone, confirmingNoShow } = loaderData;
  const failure = actionData ?? undefined;
  const calendarFailure = failure && isCalendarIntent(failure.values.intent) ? failure : undefined;
  const markingFailure =
    failure && failure.values.intent !== "availability" && !calendarFailure ? failure.error : undefined;
  return (
    <section className="mx-auto max-w-5xl px-4 py-10 sm:py-12">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="font-bold text-3xl text-ink tracking-tight">My schedule</h1>
          <p className="mt-1 text-muted">
            {consultant.name} · times in {zone.replace(/_/g, " ")} time
          </p>
        </div>
        <Link
          to="/my-schedule/profile"
          className="font-medium text-brand-700 underline-offset-4 hover:underline"
        >
          My public profile
        </Link>
      </div>
      {consultant.archived ? (
        <p className="mt-6 rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-amber-900 text-sm">
          Your profile is archived by the agency: customers cannot see or book you.
        </p>
      ) : null}
      <FormAlert message={markingFailure} />

      <div className="mt-8 grid gap-10 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="min-w-0 space-y-10">
          <AppointmentList
            id="upcoming"
            title="Upcoming"
            empty="No upcoming appointments."
            page={upcoming}
            pageParameter="upcoming"
            confirmingNoShow={null}
          />
          <AppointmentList
            id="started"
            title="Started and past"
            empty="No appointment has started yet."
            page={started}
            pageParameter="past"
            confirmingNoShow={confirmingNoShow}
          />
          <ConsultantReviews name={consultant.name} reviews={loaderData.reviews} zone={zone} you />
        </div>
        <div className="min-w-0 space-y-6">
          <AvailabilityForm
            consultant={consultant}
            failure={failure?.values.intent === "availability" ? failure : undefined}
          />
          <CalendarPanel calendar={loaderData.calendar} failure={calendarFailure} who="consultant" />
        </div>
      </div>
    </section>
  );
}

function AppointmentList({
  id,
  title,
  empty,
  page,
  pageParameter,
  confirmingNoShow,
}: {
  id: string;
  title: string;
  empty: string;
  page: Loaded["upcoming"];
  pageParameter: string;
  confirmingNoShow: string | null;
}) {
  return (
    <section aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="font-semibold text-ink text-xl">
        {title} <span className="font-normal text-base text-muted">({page.total})</span>
      </h2>
      {page.appointments.length === 0 ? (
        <p className="mt-3 rounded-2xl border border-gray-200 bg-surface p-6 text-center text-muted">
          {empty}
        </p>
      ) : (
        <ul className="mt-3 space-y-3">
          {page.appointments.map((appointment) => (
            <AppointmentCard
              key={appointment.id}
              appointment={appointment}
              confirmingNoShow={confirmingNoShow === appointment.id}
            />
          ))}
        </ul>
      )}
      {page.pageCount > 1 ? (
        <nav aria-label={`${title} pages`} className="mt-3 flex items-center justify-between text-sm">
          {page.page > 1 ? (
            <Link
              to={`?${pageParameter}=${page.page - 1}#${id}-heading`}
              className="font-semibold text-brand-700"
            >
              Previous page
            </Link>
          ) : (
            <span />
          )}
          <span className="text-muted">
            Page {page.page} of {page.pageCount}
          </span>
          {page.page < page.pageCount ? (
            <Link
              to={`?${pageParameter}=${page.page + 1}#${id}-heading`}
              className="font-semibold text-brand-700"
            >
              Next page
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </section>
  );
}

function AppointmentCard({ appointment, confirmingNoShow }: { appointment: Row; confirmingNoShow: boolean }) {
  const busy = useNavigation().state !== "idle";
  return (
    <li className="rounded-2xl border border-gray-200 bg-white p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="font-semibold text-ink">{appointment.customer.name}</h3>
          <p className="wrap-anywhere text-muted text-sm">
            <a href={`mailto:${appointment.customer.email}`} className="underline-offset-4 hover:underline">
              {appointment.customer.email}
            </a>
          </p>
        </div>
        <span className="rounded-full bg-gray-100 px-2.5 py-0.5 font-medium text-gray-800 text-xs">
          {appointment.statusLabel}
        </span>
      </div>
      <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_minmax(0,1fr)]">
        <dt className="font-medium text-ink">When</dt>
        <dd className="text-muted">
          {appointment.day} · {appointment.time} · {SLOT_MINUTES} minutes
        </dd>
        <dt className="font-medium text-ink">Where</dt>
        <dd className="wrap-anywhere text-muted">{appointment.place}</dd>
        {appointment.meetingUrl ? (
          <>
            <dt className="font-medium text-ink">Meeting</dt>
            <dd className="text-muted">
              <a
                href={appointment.meetingUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="font-semibold text-brand-700 underline underline-offset-4"
              >
                Join the meeting<span className="sr-only"> with {appointment.customer.name}</span>
              </a>{" "}
              (opens in a new tab)
            </dd>
          </>
        ) : null}
        <dt className="font-medium text-ink">Fee</dt>
        <dd className="text-muted">{appointment.fee}</dd>
      </dl>
      {appointment.markable && !confirmingNoShow ? (
        <Form method="post" className="mt-4 flex flex-wrap items-center gap-3">
          <input type="hidden" name="appointmentId" value={appointment.id} />
          <button
            type="submit"
            name="intent"
            value="complete"
            disabled={busy}
            className="rounded-full bg-brand-700 px-4 py-2 font-semibold text-sm text-white hover:bg-brand-800 disabled:opacity-60"
          >
            Mark completed
          </button>
          <Link
            to={`?noShow=${appointment.id}`}
            className="rounded-full border border-gray-300 px-4 py-2 font-semibold text-ink text-sm hover:border-brand-700"
          >
            Customer did not come…
          </Link>
        </Form>
      ) : null}
      {appointment.markable && confirmingNoShow ? (
        <Form method="post" className="mt-4 rounded-xl border border-amber-200 bg-amber-50 p-3 text-sm">
          <p className="text-amber-900">
            Mark this appointment as a no-show? {appointment.customer.name} will see it as missed.
          </p>
          <input type="hidden" name="appointmentId" value={appointment.id} />
          <div className="mt-3 flex flex-wrap items-center gap-3">
            <button
              type="submit"
              name="intent"
              value="no_show"
              disabled={busy}
              className="rounded-full bg-amber-800 px-4 py-2 font-semibold text-white hover:bg-amber-900 disabled:opacity-60"
            >
              Yes, mark as a no-show
            </button>
            <Link to="." className="font-medium text-ink underline-offset-4 hover:underline">
              Keep it as it is
            </Link>
          </div>
        </Form>
      ) : null}
    </li>
  );
}

function AvailabilityForm({ consultant, failure }: { consultant: Loaded["consultant"]; failure?: Failure }) {
  const busy = useNavigation().state === "submitting";
  const daysOff = failure ? (failure.values.daysOff ?? "").split(" ").filter(Boolean) : consultant.daysOff;
  const daysOffError = Object.entries(failure?.fieldErrors ?? {}).find(([field]) =>
    field.startsWith("daysOff"),
  )?.[1];
  return (
    <section
      aria-labelledby="availability-heading"
      className="h-fit rounded-2xl border border-gray-200 bg-white p-5"
    >
      <h2 id="availability-heading" className="font-semibold text-ink text-xl">
        My availability
      </h2>
      <Form method="post" className="mt-4 space-y-5" key={consultant.version}>
        <input type="hidden" name="intent" value="availability" />
        <input type="hidden" name="version" value={consultant.version} />
        <FormAlert message={failure?.error} />
        <label className="flex items-center gap-3 rounded-lg border border-gray-300 px-3.5 py-2.5 text-ink has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50">
          <input
            type="checkbox"
            name="available"
            defaultChecked={failure ? failure.values.available !== undefined : consultant.available}
            className="size-4 accent-brand-700"
          />
          Taking new bookings
        </label>
        <DaysOffEditor daysOff={daysOff} error={daysOffError} />
        <PrimaryButton disabled={busy} className="w-full">
          Save availability
        </PrimaryButton>
      </Form>
    </section>
  );
}
