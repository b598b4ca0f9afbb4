import { Link } from "react-router";

export interface ConsultantCardData {
  _id: string;
  name: string;
  image: string;
  speciality: string;
  available: boolean;
}

export function AvailabilityBadge({ available }: { available: boolean }) {
  return (
    <p className={`flex items-center gap-2 text-sm ${available ? "text-green-700" : "text-gray-600"}`}>
      <span
        aria-hidden="true"
        className={`size-2 rounded-full ${available ? "bg-green-500" : "bg-gray-400"}`}
      />
      {available ? "Available" : "Not Available"}
    </p>
  );
}

/** A consultant in a grid; the whole card opens the booking page. */
export function ConsultantCard({
  consultant,
  eager = false,
}: {
  consultant: ConsultantCardData;
  eager?: boolean;
}) {
  return (
    <Link
      to={`/appointment/${consultant._id}`}
      className="group block overflow-hidden rounded-2xl border border-gray-200 bg-white transition hover:-translate-y-0.5 hover:shadow-md"
    >
      <img
        src={consultant.image}
        alt=""
        width={256}
        height={256}
        loading={eager ? "eager" : "lazy"}
        decoding="async"
        className="aspect-square w-full bg-brand-50 object-cover"
      />
      {/* The name comes first for screen readers; the availability dot is shown above it. */}
      <div className="flex flex-col p-4">
        <p className="mt-1 font-semibold text-ink text-lg group-hover:text-brand-800">{consultant.name}</p>
        <p className="text-muted text-sm">{consultant.speciality}</p>
        <div className="order-first">
          <AvailabilityBadge available={consultant.available} />
        </div>
      </div>
    </Link>
  );
}
