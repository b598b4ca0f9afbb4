import { useEffect, useState } from "react";
import { formatCalendarDate, formatSlotClock, formatTimeOfDay } from "~/lib/dates";

/** A free slot: its start instant, ISO 8601, which is what the form posts as `startsAt`. */
export interface PickerSlot {
  startsAt: string;
}

export interface PickerDay {
  date: string;
  slots: PickerSlot[];
}

/**
 * Seven day buttons and the chosen day's times, as radio groups (so the choice is submitted with
 * the form: the chosen time as `startsAt`, its ISO instant). Times are the agency's; where the visitor's own zone differs, it is shown beside.
 */
export function SlotPicker({
  days,
  zone,
  initialDate,
  error,
}: {
  days: PickerDay[];
  zone: string;
  initialDate?: string;
  error?: string;
}) {
  const firstWithSlots = days.find((day) => day.slots.length > 0) ?? days[0];
  const [selectedDate, setSelectedDate] = useState(initialDate ?? firstWithSlots?.date);
  const [visitorZone, setVisitorZone] = useState<string | null>(null);
  useEffect(() => {
    const own = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (own && own !== zone) setVisitorZone(own);
  }, [zone]);
  const selected = days.find((day) => day.date === selectedDate) ?? firstWithSlots;

  return (
    <div>
      {/* min-w-0: a fieldset is as wide as its content by default, which would widen the page. */}
      <fieldset className="min-w-0">
        <legend className="font-semibold text-ink">Day</legend>
        <div className="mt-3 flex gap-2 overflow-x-auto pb-2">
          {days.map((day) => {
            const checked = day.date === selected?.date;
            return (
              // relative: keeps the visually hidden radio inside its label, so it cannot sit
              // outside the scrolling row and widen the page.
              <label
                key={day.date}
                className={`relative flex min-w-16 cursor-pointer flex-col items-center rounded-xl border px-3 py-3 text-sm has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600 ${checked ? "border-brand-700 bg-brand-700 text-white" : "border-gray-300 text-ink hover:border-brand-400"} ${day.slots.length === 0 ? "opacity-60" : ""}`}
              >
                <input
                  type="radio"
                  name="day"
                  value={day.date}
                  checked={checked}
                  onChange={() => setSelectedDate(day.date)}
                  className="sr-only"
                />
                <span className="font-medium uppercase">
                  {formatCalendarDate(day.date, { weekday: "short" })}
                </span>
                <span className="text-lg font-semibold">
                  {formatCalendarDate(day.date, { day: "numeric" })}
                </span>
                <span className="sr-only">{formatCalendarDate(day.date, { month: "long" })}</span>
              </label>
            );
          })}
        </div>
      </fieldset>
      <fieldset className="mt-4 min-w-0" aria-describedby={error ? "slot-error" : undefined}>
        <legend className="font-semibold text-ink">
          Time <span className="font-normal text-muted text-sm">({zone.replace(/_/g, " ")})</span>
        </legend>
        {selected && selected.slots.length > 0 ? (
          <div className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-4">
            {selected.slots.map((slot) => (
              <label
                key={slot.startsAt}
                className="relative flex cursor-pointer flex-col items-center rounded-full border border-gray-300 px-3 py-2 text-sm has-[:checked]:border-brand-700 has-[:checked]:bg-brand-700 has-[:checked]:text-white has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600 hover:border-brand-400"
              >
                <input type="radio" name="startsAt" value={slot.startsAt} className="sr-only" />
                <span>{formatSlotClock(new Date(slot.startsAt), zone)}</span>
                {visitorZone ? (
                  <span className="text-xs opacity-80">
                    {formatTimeOfDay(new Date(slot.startsAt), visitorZone)} your time
                  </span>
                ) : null}
              </label>
            ))}
          </div>
        ) : (
          <p className="mt-3 text-muted">No free times on this day.</p>
        )}
      </fieldset>
      {error ? (
        <p id="slot-error" role="alert" className="mt-3 text-red-700 text-sm">
          {error}
        </p>
      ) : null}
    </div>
  );
}
