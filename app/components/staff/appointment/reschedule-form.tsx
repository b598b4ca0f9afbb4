import { Form, Link } from "react-router";
import { PrimaryButton, selectClass } from "~/components/forms/form-controls";
import { formatCalendarDate } from "~/lib/dates";
import type { ConsultantFacts, FreeDay, StepProps } from "./appointment-view";
import { buttonClass, StepButtons } from "./section";

/** The consultant's free times in the next seven days, to move the appointment to one of them. */
export function RescheduleForm({
  sequence,
  freeDays,
  consultant,
  zone,
  failure,
  busy,
  back,
}: StepProps & {
  /** The appointment's calendar sequence, sent back with the move. */
  sequence: number;
  freeDays: FreeDay[];
  consultant: ConsultantFacts;
  zone: string;
}) {
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
      <input type="hidden" name="sequence" value={sequence} />
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
      <StepButtons back={back} backLabel="Back">
        <PrimaryButton className="px-5 py-2.5 text-sm" disabled={busy}>
          Move the appointment
        </PrimaryButton>
      </StepButtons>
    </Form>
  );
}
