import { useEffect, useState } from "react";
import {
  calendarDayIn,
  currentZoneName,
  differentClocks,
  formatCalendarDate,
  formatSlotClock,
  formatTimeOfDay,
  zoneLongName,
} from "~/lib/dates";

/** A free slot: its start instant, ISO 8601, which is what the form posts as `startsAt`. */
interface PickerSlot {
  startsAt: string;
}

export interface PickerDay {
  date: string;
  slots: PickerSlot[];
}

/**
 * Seven day buttons and the chosen day's times, as radio groups (so the choice is submitted with
 * the form: the chosen time as `startsAt`, its ISO instant). Days and times are the agency's;
 * where the visitor's clock differs, each time also shows theirs, with their date when it is
 * another day. Whose zone that is gets said once, by name: the profile's zone, or the device's
 * when there is none. When the two disagree the visitor can switch, since a time read in the
 * wrong zone is how appointments get missed.
 */
export function SlotPicker({
  days,
  zone,
  profileZone = null,
  initialDate,
  error,
}: {
  days: PickerDay[];
  zone: string;
  /** The signed-in customer's zone from their profile, if they set one. */
  profileZone?: string | null;
  initialDate?: string;
  error?: string;
}) {
  const firstWithSlots = days.find((day) => day.slots.length > 0) ?? days[0];
  const [selectedDate, setSelectedDate] = useState(initialDate ?? firstWithSlots?.date);
  // Known only in the browser, so the server's page and the first render agree without it.
  const [deviceZone, setDeviceZone] = useState<string | null>(null);
  const [usingDevice, setUsingDevice] = useState(false);
  useEffect(() => {
    const own = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (own) setDeviceZone(currentZoneName(own));
  }, []);
  const selected = days.find((day) => day.date === selectedDate) ?? firstWithSlots;
  const sample = new Date(firstWithSlots?.slots[0]?.startsAt ?? Date.now());
  const visitorZone = (usingDevice ? deviceZone : null) ?? profileZone ?? deviceZone;
  const showsVisitor = visitorZone !== null && differentClocks(sample, visitorZone, zone);
  const otherZone =
    profileZone && deviceZone && differentClocks(sample, profileZone, deviceZone)
      ? visitorZone === profileZone
        ? deviceZone
        : profileZone
      : null;

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
          Time <span className="font-normal text-muted text-sm">({zoneLongName(zone, sample)})</span>
        </legend>
        {showsVisitor ? (
          <p className="mt-1 text-muted text-sm">
            Under each time: your time, {zoneLongName(visitorZone, sample)}
            {visitorZone === profileZone ? " (from your profile)" : " (this device)"}, with the date where it
            is another day.
          </p>
        ) : null}
        {otherZone ? (
          <p className="mt-1 text-muted text-sm">
            {visitorZone === profileZone
              ? `This device is set to ${zoneLongName(otherZone, sample)}.`
              : `Your profile says ${zoneLongName(otherZone, sample)}.`}{" "}
            <button
              type="button"
              onClick={() => setUsingDevice(!usingDevice)}
              className="font-medium text-brand-700 underline underline-offset-4 hover:text-brand-900"
            >
              Show times in {zoneLongName(otherZone, sample)}
            </button>
          </p>
        ) : null}
        {selected && selected.slots.length > 0 ? (
          <div className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-4">
            {selected.slots.map((slot) => (
              <label
                key={slot.startsAt}
                className="relative flex cursor-pointer flex-col items-center rounded-full border border-gray-300 px-3 py-2 text-sm has-[:checked]:border-brand-700 has-[:checked]:bg-brand-700 has-[:checked]:text-white has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600 hover:border-brand-400"
              >
                <input type="radio" name="startsAt" value={slot.startsAt} className="sr-only" />
                <span>{formatSlotClock(new Date(slot.startsAt), zone)}</span>
                {showsVisitor ? (
                  <VisitorTime startsAt={slot.startsAt} day={selected.date} zone={visitorZone} />
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

/** The visitor's own clock for a slot, and their date when it is not the agency's day. */
function VisitorTime({ startsAt, day, zone }: { startsAt: string; day: string; zone: string }) {
  const instant = new Date(startsAt);
  const ownDay = calendarDayIn(instant, zone);
  return (
    <span className="text-xs opacity-80">
      {formatTimeOfDay(instant, zone)}
      {ownDay === day
        ? null
        : `, ${formatCalendarDate(ownDay, { weekday: "short", month: "short", day: "numeric" })}`}
      <span className="sr-only"> your time</span>
    </span>
  );
}
