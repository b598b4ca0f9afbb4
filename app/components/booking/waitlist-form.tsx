import { Form, useNavigation } from "react-router";
import { selectClass } from "~/components/forms/form-controls";
import { formatCalendarDate } from "~/lib/dates";

/**
 * On a consultant's booking page: when no time of a day suits, the customer asks to be told if
 * one frees up. The first on a day's list is offered a freed time alone, for a while, by e-mail.
 */
export function WaitlistForm({
  consultantName,
  days,
  error,
  signedIn,
}: {
  consultantName: string;
  /** The booking window's days on which the consultant works (YYYY-MM-DD, the agency's). */
  days: string[];
  error?: string;
  signedIn: boolean;
}) {
  const busy = useNavigation().state === "submitting";
  if (days.length === 0) return null;
  return (
    <Form
      method="post"
      className="mt-8 max-w-xl rounded-2xl border border-gray-200 bg-surface p-4"
      noValidate
    >
      <h3 className="font-semibold text-ink">No time that suits?</h3>
      <p className="mt-1 text-muted text-sm">
        Choose a day and we will e-mail you if a time with {consultantName} frees up on it. The first person
        waiting gets it held for them alone for a while, to claim in My Appointments.
      </p>
      <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex-1">
          <label htmlFor="waitlist-day" className="block font-medium text-ink text-sm">
            Day
          </label>
          <select
            id="waitlist-day"
            name="day"
            className={`${selectClass} mt-1`}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "waitlist-error" : undefined}
          >
            {days.map((day) => (
              <option key={day} value={day}>
                {formatCalendarDate(day, { weekday: "long", month: "long", day: "numeric" })}
              </option>
            ))}
          </select>
        </div>
        <button
          type="submit"
          name="intent"
          value="waitlist"
          disabled={busy}
          className="inline-flex items-center justify-center rounded-full border border-brand-700 px-5 py-2.5 font-semibold text-brand-800 hover:bg-brand-50 disabled:opacity-60"
        >
          Tell me if a time frees up
        </button>
      </div>
      {error ? (
        <p id="waitlist-error" role="alert" className="mt-2 text-red-700 text-sm">
          {error}
        </p>
      ) : null}
      {signedIn ? null : <p className="mt-2 text-muted text-sm">You will be asked to log in first.</p>}
    </Form>
  );
}
