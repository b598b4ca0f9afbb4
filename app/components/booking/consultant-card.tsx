import { href, Link } from "react-router";
import { Portrait } from "./portrait";
import { RatingBadge } from "./star-rating";
import { StatusDot } from "./status-dot";

export interface ConsultantCardData {
  id: string;
  name: string;
  image: string;
  speciality: string;
  degree: string;
  experience: string;
  /** The fee for one 30-minute session, formatted. */
  fee: string;
  available: boolean;
  /** The average of visible reviews (one decimal) and their count; null before the first. */
  rating: number | null;
  reviewCount: number;
  /**
   * The next free time, as the visitor reads it ("Today at 2:30 PM"), or null when the booking
   * window has none; left out where a card does not tell it (related consultants).
   */
  nextFree?: { time: string | null; windowDays: number };
}

export function AvailabilityBadge({ available }: { available: boolean }) {
  return <StatusDot on={available} label={available ? "Available" : "Not Available"} />;
}

/**
 * A consultant in a grid; the whole card opens the booking page. The name is a heading one level
 * below the grid's own heading, so screen-reader users can jump from consultant to consultant.
 * A card below the first row (not `eager`) is laid out, painted and given its picture only as it
 * nears the screen (`content-visibility: auto`): on /consultant, eighteen cards drawn at once
 * right after the first paint put Lighthouse's Total Blocking Time near its limit. Until then it
 * keeps a card's usual height (its width comes from the grid), then the height it was drawn at.
 */
export function ConsultantCard({
  consultant,
  headingLevel,
  eager = false,
}: {
  consultant: ConsultantCardData;
  headingLevel: 2 | 3;
  eager?: boolean;
}) {
  const NameHeading = headingLevel === 2 ? "h2" : "h3";
  return (
    <Link
      to={href("/appointment/:docId", { docId: consultant.id })}
      className={`group flex h-full flex-col overflow-hidden rounded-2xl border border-gray-200 bg-white transition hover:-translate-y-0.5 hover:shadow-md${eager ? "" : " [contain-intrinsic-size:auto_none_auto_440px] [content-visibility:auto]"}`}
    >
      <Portrait
        src={consultant.image}
        name={consultant.name}
        alt=""
        width={256}
        sizes="(min-width: 1024px) 240px, (min-width: 640px) 30vw, 50vw"
        eager={eager}
        className="aspect-square w-full bg-brand-50 object-cover"
      />
      {/* The name comes first for screen readers; the availability dot is shown above it. */}
      <div className="flex flex-1 flex-col p-4">
        <NameHeading className="mt-1 font-semibold text-ink text-lg group-hover:text-brand-800">
          {consultant.name}
        </NameHeading>
        <p className="text-muted text-sm">{consultant.speciality}</p>
        <p className="mt-1 text-muted text-sm">
          {consultant.degree} · {consultant.experience}
        </p>
        <p className="mt-2 text-ink text-sm">
          <span className="font-semibold">{consultant.fee}</span>{" "}
          <span className="text-muted">for 30 min</span>
        </p>
        {consultant.nextFree ? <NextFreeTime {...consultant.nextFree} /> : null}
        <div className="order-first flex flex-wrap items-center justify-between gap-x-2">
          <AvailabilityBadge available={consultant.available} />
          <RatingBadge average={consultant.rating} count={consultant.reviewCount} />
        </div>
      </div>
    </Link>
  );
}

function NextFreeTime({ time, windowDays }: { time: string | null; windowDays: number }) {
  // At the foot of the card, so the times of one row of cards line up. Two lines are kept for the
  // time whatever its length ("Today at 2 PM", "Wed, Dec 30 at 10:30 AM"), so the grid's height
  // does not change with the day the page is read.
  return (
    <div data-changes-with-time className="mt-auto pt-2">
      {time ? (
        <p className="border-gray-100 border-t pt-2 text-sm">
          <span className="block text-muted text-xs">Next free time</span>
          <span className="block min-h-[2lh] text-balance font-medium text-brand-800">{time}</span>
        </p>
      ) : (
        <p className="border-gray-100 border-t pt-2 text-muted text-sm">
          {/* As tall as a label and a two-line time. */}
          <span className="block min-h-[calc(1rem+2lh)]">No free time in the next {windowDays} days</span>
        </p>
      )}
    </div>
  );
}
