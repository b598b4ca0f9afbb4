import { FieldError, inputClass } from "~/components/forms/form-controls";
import { formatCalendarDate } from "~/lib/dates";

/** Days off: the kept ones as ticked boxes (untick to remove), plus one date field to add another. */
export function DaysOffEditor({ daysOff, error }: { daysOff: readonly string[]; error?: string }) {
  return (
    <fieldset aria-describedby={error ? "days-off-error" : undefined}>
      <legend className="font-medium text-ink text-sm">Days off</legend>
      {daysOff.length ? (
        <>
          <p className="mt-1 text-muted text-sm">Untick a day to take bookings on it again.</p>
          <ul className="mt-2 flex flex-wrap gap-2">
            {daysOff.map((day) => (
              <li key={day}>
                <label className="flex items-center gap-2 rounded-full border border-gray-300 px-3 py-1.5 text-ink text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50">
                  <input
                    type="checkbox"
                    name="daysOff"
                    value={day}
                    defaultChecked
                    className="size-4 accent-brand-700"
                  />
                  {formatCalendarDate(day)}
                </label>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <p className="mt-1 text-muted text-sm">No days off planned.</p>
      )}
      <div className="mt-3 max-w-xs">
        <label htmlFor="add-day-off" className="block font-medium text-ink text-sm">
          Add a day off
        </label>
        <input id="add-day-off" type="date" name="daysOff" className={inputClass} />
      </div>
      <FieldError id="days-off-error" message={error} />
    </fieldset>
  );
}
