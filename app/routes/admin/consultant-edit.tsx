import { Form, href, Link, useNavigation } from "react-router";
import { PictureChooser } from "~/components/account/picture-chooser";
import { Portrait } from "~/components/booking/portrait";
import {
  FieldError,
  FormAlert,
  inputClass,
  PrimaryButton,
  SelectField,
  TextAreaField,
  TextField,
} from "~/components/forms/form-controls";
import { AdminShell } from "~/components/staff/admin-shell";
import { BackLink } from "~/components/staff/back-link";
import { CalendarPanel } from "~/components/staff/calendar-panel";
import { DangerButton, DangerLink } from "~/components/staff/danger-actions";
import { DaysOffEditor } from "~/components/staff/days-off-editor";
import type { Failure } from "~/components/staff/refused-form";
import { specialityNames } from "~/content/specialities";
import { calendarView, calendarViewForPage } from "~/features/calendars/calendar-connections.server";
import { requestCalendarContext } from "~/features/calendars/calendar-context.server";
import { runCalendarIntent } from "~/features/calendars/calendar-form.server";
import { isCalendarIntent } from "~/features/calendars/calendar-panel-data";
import {
  clockTime,
  consultantFieldsSchema,
  consultantFormInput,
  daysOffFromForm,
  GRID_END_MINUTES,
  GRID_START_MINUTES,
  gridTimes,
  weekdays,
} from "~/features/consultants/consultant-schema";
import {
  archiveConsultant,
  createConsultant,
  getConsultantForStaff,
  restoreConsultant,
  type StaffConsultantRow,
  updateConsultant,
} from "~/features/consultants/staff-consultants.server";
import { PICTURE_MAX_LABEL } from "~/features/pictures/picture-limits";
import { pictureUploadFrom } from "~/features/pictures/pictures.server";
import { offerTimesFreedByCalendar, waitlistSettingsFrom } from "~/features/waitlist/offers.server";
import { requireRole } from "~/infra/auth-guard.server";
import { redirectWithToast } from "~/infra/flash.server";
import { readForm } from "~/infra/form-body.server";
import { formFailure, textValues } from "~/infra/form-failure.server";
import { asErrorPage } from "~/infra/route-errors.server";
import { FeatureError } from "~/lib/errors";
import { formConstraints } from "~/lib/form-constraints";
import { privatePageHeaders } from "~/lib/page-headers";
import type { Route } from "./+types/consultant-edit";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: `${data?.consultant ? data.consultant.name : "Add a consultant"} · Staff area` },
];

/** Dollars as staff type them: 5000 → "50", 4950 → "49.50". */
function dollars(cents: number): string {
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
}

/** The form's view of a consultant: every field as the inputs show it. */
function formFields(consultant: StaffConsultantRow) {
  return {
    id: consultant.id,
    name: consultant.name,
    image: consultant.image,
    speciality: consultant.speciality,
    degree: consultant.degree,
    experience: consultant.experience,
    about: consultant.about,
    fee: dollars(consultant.feeCents),
    available: consultant.available,
    addressLine1: consultant.addressLine1,
    addressLine2: consultant.addressLine2,
    hours: Object.fromEntries(
      weekdays.map(({ key }) => {
        const day =
          consultant.workingHours === null
            ? { start: GRID_START_MINUTES, end: GRID_END_MINUTES }
            : consultant.workingHours[key];
        return [
          key,
          day
            ? { works: true, start: clockTime(day.start), end: clockTime(day.end) }
            : { works: false, start: "10:00", end: "21:00" },
        ];
      }),
    ) as Record<string, { works: boolean; start: string; end: string }>,
    daysOff: consultant.daysOff,
    archived: consultant.archivedAt !== null,
    version: consultant.version,
  };
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  requireRole(request, context, "admin");
  const url = new URL(request.url);
  // An edit sends every field too, so the whole record's rules apply to the form either way.
  const fields = formConstraints(consultantFieldsSchema);
  if (!params.consultantId)
    return { consultant: null, appointmentCount: 0, confirmingArchive: false, fields, calendar: null };
  const consultant = await getConsultantForStaff(context.db, params.consultantId).catch(asErrorPage);
  const calendar = await calendarView(context.db, consultant.id, requestCalendarContext(context));
  return {
    calendar: calendarViewForPage(calendar, context.env.AGENCY_TZ),
    fields,
    consultant: formFields(consultant),
    appointmentCount: consultant.appointmentCount,
    confirmingArchive: url.searchParams.has("archive") && consultant.archivedAt === null,
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const user = requireRole(request, context, "admin");
  const form = await readForm(request);
  // The calendar's password is never sent back into the page.
  const values: Record<string, string> = {
    ...textValues(form, ["password"]),
    daysOff: daysOffFromForm(form).join(" "),
  };
  const now = context.clock();
  const waitlist = waitlistSettingsFrom(context.env);
  const id = params.consultantId;
  try {
    const intent = values.intent;
    if (id && isCalendarIntent(intent)) {
      // A 404 with a sentence for an unknown consultant, before anything is written for it.
      const consultant = await getConsultantForStaff(context.db, id);
      const calendarContext = requestCalendarContext(context, offerTimesFreedByCalendar(waitlist));
      const toast = await runCalendarIntent(
        context.db,
        consultant.id,
        intent,
        textValues(form),
        calendarContext,
        user,
      );
      const page = href("/admin/consultants/:consultantId", { consultantId: consultant.id });
      return redirectWithToast(`${page}#calendar-heading`, toast, context);
    }
    if (intent === "save") {
      const picture = await pictureUploadFrom(form.get("image"), user.id, context.env);
      const input = consultantFormInput(form);
      if (!id) {
        const created = await createConsultant(context.db, input, user, { now, picture });
        return redirectWithToast(
          href("/admin/consultants/:consultantId", { consultantId: created.id }),
          { kind: "success", message: "Consultant added" },
          context,
        );
      }
      await updateConsultant(context.db, id, input, user, { now, picture, waitlist });
      return redirectWithToast(
        href("/admin/consultants/:consultantId", { consultantId: id }),
        { kind: "success", message: "Changes saved" },
        context,
      );
    }
    if (id && intent === "archive") {
      await archiveConsultant(context.db, id, { version: values.version }, user, { now, waitlist });
      return redirectWithToast(
        href("/admin/consultants/:consultantId", { consultantId: id }),
        { kind: "success", message: "Consultant archived" },
        context,
      );
    }
    if (id && intent === "restore") {
      await restoreConsultant(context.db, id, { version: values.version }, user, { now, waitlist });
      return redirectWithToast(
        href("/admin/consultants/:consultantId", { consultantId: id }),
        { kind: "success", message: "Consultant restored" },
        context,
      );
    }
    throw new FeatureError("invalid", "This action is not available.");
  } catch (error) {
    return formFailure(error, values);
  }
}

export const headers: Route.HeadersFunction = privatePageHeaders;

type LoadedConsultant = NonNullable<Route.ComponentProps["loaderData"]["consultant"]>;
type ConsultantFieldConstraints = Route.ComponentProps["loaderData"]["fields"];

export default function ConsultantEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { consultant, appointmentCount, confirmingArchive, fields, calendar } = loaderData;
  const calendarFailure = actionData && isCalendarIntent(actionData.values.intent) ? actionData : undefined;
  const failure = calendarFailure ? undefined : (actionData ?? undefined);
  return (
    <AdminShell
      title={consultant ? consultant.name : "Add a consultant"}
      description={
        consultant
          ? consultant.archived
            ? "Archived: hidden from customers and not bookable. Past appointments keep showing."
            : `${appointmentCount === 1 ? "1 appointment" : `${appointmentCount} appointments`} so far.`
          : "Customers can see and book the consultant as soon as you save."
      }
      actions={<BackLink to="/admin/consultants">All consultants</BackLink>}
    >
      {consultant && confirmingArchive ? (
        <ArchiveConfirmation consultant={consultant} failure={failure} />
      ) : null}
      <ConsultantForm
        key={consultant?.version ?? "new"}
        consultant={consultant}
        fields={fields}
        failure={failure}
      />
      {calendar ? (
        <div className="mt-8">
          <CalendarPanel calendar={calendar} failure={calendarFailure} who="staff" />
        </div>
      ) : null}
      {consultant ? (
        <ArchiveSection consultant={consultant} failure={confirmingArchive ? undefined : failure} />
      ) : null}
    </AdminShell>
  );
}

function ConsultantForm({
  consultant,
  fields,
  failure,
}: {
  consultant: LoadedConsultant | null;
  fields: ConsultantFieldConstraints;
  failure?: Failure;
}) {
  const busy = useNavigation().state === "submitting";
  const sent = failure?.values.intent === "save" ? failure.values : undefined;
  const errors = sent ? failure!.fieldErrors : {};
  const value = (name: keyof LoadedConsultant & string, fallback = "") =>
    sent ? (sent[name] ?? "") : String(consultant?.[name] ?? fallback);
  const daysOff = sent ? (sent.daysOff ?? "").split(" ").filter(Boolean) : (consultant?.daysOff ?? []);
  const hoursError = Object.entries(errors).find(([field]) => field.startsWith("workingHours"))?.[1];
  const daysOffError = Object.entries(errors).find(([field]) => field.startsWith("daysOff"))?.[1];

  return (
    <Form method="post" encType="multipart/form-data" className="space-y-8" aria-label="Consultant details">
      <input type="hidden" name="intent" value="save" />
      {consultant ? <input type="hidden" name="version" value={consultant.version} /> : null}
      <FormAlert message={sent ? failure?.error : undefined} />

      <fieldset className="space-y-5 rounded-2xl border border-gray-200 bg-white p-5">
        <legend className="px-1 font-semibold text-ink">Profile</legend>
        <PictureChooser
          buttonLabel={consultant ? "Replace the picture" : "Choose a picture"}
          hint={`JPEG, PNG or WebP, up to ${PICTURE_MAX_LABEL}; shown square.`}
          error={errors.image}
          renderPicture={(chosen) => {
            // A consultant added without a picture is shown as their monogram until one is chosen.
            return chosen || consultant ? (
              <Portrait
                src={chosen || (consultant?.image ?? "")}
                name={consultant?.name ?? ""}
                alt={consultant ? `Current picture of ${consultant.name}` : "The chosen picture"}
                width={80}
                eager
                className="size-20 rounded-full bg-brand-50 object-cover"
              />
            ) : (
              <span aria-hidden="true" className="size-20 rounded-full bg-brand-50" />
            );
          }}
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            label="Name"
            {...fields.name}
            defaultValue={value("name")}
            error={errors.name}
            autoComplete="off"
          />
          <SelectField
            label="Speciality"
            {...fields.speciality}
            options={specialityNames}
            placeholder="Select a speciality"
            defaultValue={value("speciality")}
            error={errors.speciality}
            // A choice from a list: the schema's enum refuses the empty placeholder.
            required
          />
          <TextField label="Degree" {...fields.degree} defaultValue={value("degree")} error={errors.degree} />
          <TextField
            label="Experience"
            {...fields.experience}
            hint="For example: 4 Years"
            defaultValue={value("experience")}
            error={errors.experience}
          />
        </div>
        <TextAreaField
          label="About"
          {...fields.about}
          rows={5}
          defaultValue={value("about")}
          error={errors.about}
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            label="Address line 1"
            {...fields.addressLine1}
            defaultValue={value("addressLine1")}
            error={errors.addressLine1}
          />
          <TextField
            label="Address line 2"
            {...fields.addressLine2}
            defaultValue={value("addressLine2")}
            error={errors.addressLine2}
          />
        </div>
      </fieldset>

      <fieldset className="space-y-5 rounded-2xl border border-gray-200 bg-white p-5">
        <legend className="px-1 font-semibold text-ink">Bookings</legend>
        <div className="grid gap-5 sm:grid-cols-2 sm:items-end">
          <TextField
            label="Fee for 30 minutes (US dollars)"
            {...fields.fee}
            inputMode="decimal"
            defaultValue={value("fee")}
            error={errors.fee}
            // The schema reads the fee itself and refuses an empty one; it has no check to say so.
            required
          />
          <label className="flex items-center gap-3 rounded-lg border border-gray-300 px-3.5 py-2.5 text-ink has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50">
            <input
              type="checkbox"
              name="available"
              defaultChecked={sent ? sent.available !== undefined : (consultant?.available ?? true)}
              className="size-4 accent-brand-700"
            />
            Available for bookings
          </label>
        </div>
        <HoursEditor consultant={consultant} sent={sent} error={hoursError} />
        <DaysOffEditor daysOff={daysOff} error={daysOffError} />
      </fieldset>

      <PrimaryButton disabled={busy}>{consultant ? "Save changes" : "Add consultant"}</PrimaryButton>
    </Form>
  );
}

function HoursEditor({
  consultant,
  sent,
  error,
}: {
  consultant: LoadedConsultant | null;
  sent?: Record<string, string>;
  error?: string;
}) {
  return (
    <fieldset aria-describedby={error ? "hours-error" : "hours-hint"}>
      <legend className="font-medium text-ink text-sm">Working hours</legend>
      <p id="hours-hint" className="mt-1 text-muted text-sm">
        Customers can book 30-minute slots inside these hours (the agency's time zone). Untick a day to take
        no bookings on it.
      </p>
      <ul className="mt-3 divide-y divide-gray-100 rounded-lg border border-gray-200">
        {weekdays.map(({ key, name }) => {
          const saved = consultant?.hours[key] ?? { works: true, start: "10:00", end: "21:00" };
          const works = sent ? sent[`works-${key}`] !== undefined : saved.works;
          const start = sent?.[`start-${key}`] ?? saved.start;
          const end = sent?.[`end-${key}`] ?? saved.end;
          return (
            <li key={key} className="flex flex-wrap items-center gap-x-4 gap-y-2 px-3 py-2">
              <label className="flex w-full items-center gap-2 font-medium text-ink text-sm sm:w-36">
                <input
                  type="checkbox"
                  name={`works-${key}`}
                  defaultChecked={works}
                  className="size-4 accent-brand-700"
                />
                {name}
              </label>
              <div className="flex items-center gap-3">
                <label className="flex items-center gap-2 text-sm">
                  <span className="text-muted">
                    <span className="sr-only">{name} </span>From
                  </span>
                  <select
                    name={`start-${key}`}
                    defaultValue={start}
                    className={`${inputClass} mt-0 w-24 py-1.5`}
                  >
                    {gridTimes.slice(0, -1).map((time) => (
                      <option key={time}>{time}</option>
                    ))}
                  </select>
                </label>
                <label className="flex items-center gap-2 text-sm">
                  <span className="text-muted">
                    <span className="sr-only">{name} </span>to
                  </span>
                  <select name={`end-${key}`} defaultValue={end} className={`${inputClass} mt-0 w-24 py-1.5`}>
                    {gridTimes.slice(1).map((time) => (
                      <option key={time}>{time}</option>
                    ))}
                  </select>
                </label>
              </div>
            </li>
          );
        })}
      </ul>
      <FieldError id="hours-error" message={error} />
    </fieldset>
  );
}

function ArchiveSection({ consultant, failure }: { consultant: LoadedConsultant; failure?: Failure }) {
  const mine = failure && failure.values.intent !== "save" ? failure.error : undefined;
  return (
    <section
      aria-labelledby="archive-heading"
      className="mt-10 rounded-2xl border border-gray-200 bg-surface p-5"
    >
      <h2 id="archive-heading" className="font-semibold text-ink text-lg">
        {consultant.archived ? "Archived" : "Archive"}
      </h2>
      <FormAlert message={mine} />
      {consultant.archived ? (
        <Form method="post" className="mt-2 flex flex-wrap items-center gap-4">
          <p className="text-muted">Restoring shows the consultant to customers again.</p>
          <input type="hidden" name="intent" value="restore" />
          <input type="hidden" name="version" value={consultant.version} />
          <button
            type="submit"
            className="rounded-full border border-gray-300 px-5 py-2.5 font-semibold text-ink text-sm hover:border-brand-700"
          >
            Restore consultant
          </button>
        </Form>
      ) : (
        <div className="mt-2 flex flex-wrap items-center gap-4">
          <p className="text-muted">
            Archiving hides the consultant from customers and stops new bookings; their appointments stay as
            they are.
          </p>
          <DangerLink to="?archive">Archive consultant…</DangerLink>
        </div>
      )}
    </section>
  );
}

function ArchiveConfirmation({ consultant, failure }: { consultant: LoadedConsultant; failure?: Failure }) {
  return (
    <section
      aria-labelledby="confirm-archive-heading"
      className="mb-8 rounded-2xl border border-red-200 bg-red-50 p-5"
    >
      <h2 id="confirm-archive-heading" className="font-semibold text-lg text-red-900">
        Archive {consultant.name}?
      </h2>
      <p className="mt-1 text-red-900">
        Customers will no longer see or book {consultant.name}. Booked appointments are kept; you can restore
        the consultant later.
      </p>
      <FormAlert message={failure?.values.intent === "archive" ? failure.error : undefined} />
      <Form method="post" className="mt-4 flex flex-wrap items-center gap-4">
        <input type="hidden" name="intent" value="archive" />
        <input type="hidden" name="version" value={consultant.version} />
        <DangerButton>Yes, archive</DangerButton>
        <Link to="." className="font-medium text-ink text-sm underline-offset-4 hover:underline">
          Keep the consultant
        </Link>
      </Form>
    </section>
  );
}
