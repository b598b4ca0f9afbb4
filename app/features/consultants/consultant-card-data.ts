import type { Consultant } from "@db/schema";
import { BOOKING_WINDOW_DAYS } from "~/features/slot-grid/slots";
import { describeSoon } from "~/lib/dates";
import { formatMoney } from "~/lib/money";
import { averageRating } from "~/lib/ratings";

/**
 * What a consultant's card in a grid shows (components/booking/consultant-card.tsx): enough to choose from
 * without opening each one, the fee formatted ("$50.00").
 */
export function consultantCardData(consultant: Consultant) {
  const { id, name, image, speciality, degree, experience, feeCents, currency, available, reviewCount } =
    consultant;
  return {
    id,
    name,
    image,
    speciality,
    degree,
    experience,
    fee: formatMoney(feeCents, currency),
    available,
    rating: averageRating(consultant),
    reviewCount,
  };
}

/** A directory card: the above and the next free time in the visitor's zone ("Today at 2:30 PM"). */
export function directoryCardData(
  entry: { consultant: Consultant; nextFree: Date | null },
  times: { now: Date; visitorZone: string },
) {
  return {
    ...consultantCardData(entry.consultant),
    nextFree: {
      time: entry.nextFree ? describeSoon(entry.nextFree, times.now, times.visitorZone) : null,
      windowDays: BOOKING_WINDOW_DAYS,
    },
  };
}
