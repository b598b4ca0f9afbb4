import { differentClocks, formatDay, formatSlotClock, formatTimeOfDay, zoneTimeLabel } from "~/lib/dates";

/**
 * When an appointment is, as its customer reads it in a list: the day and time in their zone,
 * named; when the agency's clock differs, its time too, as the booking page's slot label
 * ("01:30 PM New York time").
 */
export function appointmentTimesFor(startsAt: Date, customerZone: string, agencyZone: string) {
  const agencyTime = `${formatSlotClock(startsAt, agencyZone)} ${zoneTimeLabel(agencyZone)}`;
  if (!differentClocks(startsAt, customerZone, agencyZone)) {
    return { day: formatDay(startsAt, agencyZone), time: agencyTime, agencyTime: null };
  }
  return {
    day: formatDay(startsAt, customerZone),
    time: `${formatTimeOfDay(startsAt, customerZone)} ${zoneTimeLabel(customerZone)}`,
    agencyTime,
  };
}
