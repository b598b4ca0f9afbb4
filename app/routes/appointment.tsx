import { data, Form, href, useNavigation } from "react-router";
import { AvailabilityBadge, ConsultantCard } from "~/components/booking/consultant-card";
import { ConsultantReviews } from "~/components/booking/consultant-reviews";
import { Portrait } from "~/components/booking/portrait";
import { SlotPicker } from "~/components/booking/slot-picker";
import { RatingBadge } from "~/components/booking/star-rating";
import { WaitlistForm } from "~/components/booking/waitlist-form";
import { PrimaryButton } from "~/components/forms/form-controls";
import { bookAppointmentOrFindOwn, bookingContextFrom } from "~/features/booking/booking.server";
import { consultantCardData } from "~/features/consultants/consultant-card-data";
import {
  consultantSchedule,
  findConsultant,
  listConsultants,
  snapshotOf,
} from "~/features/consultants/consultants.server";
import { consultantReviews } from "~/features/reviews/reviews.server";
import { joinWaitlist, waitlistDays } from "~/features/waitlist/waitlist.server";
import { redirectWithToast } from "~/infra/flash.server";
import { readForm } from "~/infra/form-body.server";
import { formFailure, textValues } from "~/infra/form-failure.server";
import { answerFormOnce, newFormIdempotencyKey } from "~/infra/form-idempotency.server";
import { formatCalendarDate } from "~/lib/dates";
import { IdempotencyKeyField } from "~/lib/idempotency-key-field";
import { formatMoney } from "~/lib/money";
import { privatePageHeaders } from "~/lib/page-headers";
import { pageNumberFrom } from "~/lib/page-number";
import { originFrom, pageMeta } from "~/lib/seo";
import type { Route } from "./+types/appointment";

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  loaderData
    ? pageMeta({
        title: `Book ${loaderData.consultant.name}`,
        description: `Book a 30-minute consultation with ${loaderData.consultant.name}, ${loaderData.consultant.speciality}.`,
        path: href("/appointment/:docId", { docId: loaderData.consultant.id }),
        origin: originFrom(matches),
        jsonLd: consultantJsonLd(
          loaderData.consultant.name,
          loaderData.consultant.speciality,
          loaderData.reviews,
        ),
      })
    : [];

/** The consultation as a service for search engines, with its rating once it has reviews. */
function consultantJsonLd(
  name: string,
  speciality: string,
  reviews: { average: number | null; count: number },
) {
  return {
    "@context": "https://schema.org",
    "@type": "Service",
    name: `Consultation with ${name}`,
    serviceType: speciality,
    provider: { "@type": "Person", name },
    ...(reviews.average !== null && reviews.count > 0
      ? {
          aggregateRating: {
            "@type": "AggregateRating",
            ratingValue: reviews.average,
            reviewCount: reviews.count,
            bestRating: 5,
            worstRating: 1,
          },
        }
      : {}),
  };
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const consultant = await findConsultant(context.db, params.docId);
  if (!consultant) throw data(null, { status: 404 });
  const zone = context.env.AGENCY_TZ;
  const reviewsPage = pageNumberFrom(new URL(request.url).searchParams.get("reviews"));
  const [{ days, calendarWithheld }, sameSpeciality, reviews] = await Promise.all([
    consultantSchedule(context.db, consultant, { zone }),
    listConsultants(context.db, { speciality: consultant.speciality }),
    consultantReviews(context.db, consultant, reviewsPage),
  ]);
  const { feeCents, currency, ...described } = snapshotOf(consultant);
  return {
    consultant: {
      id: consultant.id,
      ...described,
      fee: formatMoney(feeCents, currency),
      available: consultant.available,
      calendarWithheld,
    },
    days,
    waitlistDays:
      consultant.available && !calendarWithheld
        ? waitlistDays(consultant, { zone, now: context.clock() })
        : [],
    reviews,
    zone,
    profileZone: context.user?.timeZone ?? null,
    signedIn: Boolean(context.user),
    // Only a signed-in visitor books (anyone else is sent to log in first).
    idempotencyKey: context.user ? newFormIdempotencyKey() : null,
    agencyEmail: context.env.contact.email,
    related: sameSpeciality
      .filter((other) => other.id !== consultant.id)
      .slice(0, 4)
      .map(consultantCardData),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = context.user;
  if (!user) {
    return redirectWithToast(
      `/login?redirectTo=${encodeURIComponent(href("/appointment/:docId", { docId: params.docId }))}`,
      { kind: "info", message: "Login to book appointment" },
      context,
    );
  }
  const form = await readForm(request);
  const values = textValues(form);
  if (values.intent === "waitlist") {
    try {
      const { consultantName } = await joinWaitlist(
        context.db,
        user.id,
        { docId: params.docId, day: values.day },
        { zone: context.env.AGENCY_TZ, now: context.clock() },
      );
      const day = formatCalendarDate(values.day ?? "", { weekday: "long", month: "long", day: "numeric" });
      const message = `You are on the waitlist for ${consultantName} on ${day}. We will e-mail you if a time frees up.`;
      return redirectWithToast("/my-appointments#waitlist", { kind: "success", message }, context);
    } catch (error) {
      return formFailure(error, values);
    }
  }
  try {
    return await answerFormOnce(context, { request, userId: user.id, values }, async (attempt) => {
      await bookAppointmentOrFindOwn(
        context.db,
        user.id,
        { docId: params.docId, startsAt: values.startsAt },
        bookingContextFrom(context),
        attempt,
      );
      return redirectWithToast(
        "/my-appointments",
        { kind: "success", message: "Appointment booked" },
        context,
      );
    });
  } catch (error) {
    return formFailure(error, values);
  }
}

export const headers: Route.HeadersFunction = privatePageHeaders;

export default function Appointment({ loaderData, actionData }: Route.ComponentProps) {
  const {
    consultant,
    days,
    waitlistDays,
    reviews,
    zone,
    profileZone,
    related,
    signedIn,
    agencyEmail,
    idempotencyKey,
  } = loaderData;
  const waitlistFailure = actionData?.values.intent === "waitlist" ? actionData.error : undefined;
  const busy = useNavigation().state === "submitting";
  const hasSlots = days.some((day) => day.slots.length > 0);
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6 lg:px-8">
      <article className="flex flex-col gap-6 sm:flex-row">
        <Portrait
          src={consultant.image}
          name={consultant.name}
          alt={`Portrait of ${consultant.name}`}
          width={256}
          eager
          className="aspect-square w-full max-w-64 self-start rounded-2xl bg-brand-50 object-cover"
        />
        <div className="flex-1 rounded-2xl border border-gray-200 p-6">
          <h1 className="font-bold text-3xl text-ink tracking-tight">{consultant.name}</h1>
          <p className="mt-1 text-muted">
            {consultant.degree} · {consultant.speciality}{" "}
            <span className="ml-1 rounded-full border border-gray-300 px-2 py-0.5 text-xs">
              {consultant.experience}
            </span>
          </p>
          <div className="mt-2 flex flex-wrap items-center gap-3">
            <AvailabilityBadge available={consultant.available} />
            {reviews.average !== null ? (
              <a href="#reviews-heading" className="rounded underline-offset-4 hover:underline">
                <RatingBadge average={reviews.average} count={reviews.count} />
              </a>
            ) : null}
          </div>
          <h2 className="mt-4 font-semibold text-ink">About</h2>
          <p className="mt-1 max-w-2xl text-muted">{consultant.about}</p>
          <p className="mt-4 font-medium text-ink">
            Appointment fee: <span className="font-semibold">{consultant.fee}</span>
          </p>
          <p className="mt-1 text-muted text-sm">
            {consultant.address.line1}, {consultant.address.line2}
          </p>
        </div>
      </article>

      <section aria-labelledby="booking-heading" className="mt-10 sm:ml-72">
        <h2 id="booking-heading" className="font-semibold text-ink text-xl">
          Booking slots
        </h2>
        {consultant.available && consultant.calendarWithheld ? (
          <p className="mt-4 rounded-xl border border-amber-200 bg-amber-50 p-4 text-amber-900">
            {consultant.name} is temporarily unavailable: their calendar could not be checked just now, so no
            times are offered. Please try again later, choose another consultant, or contact us at{" "}
            {agencyEmail}.
          </p>
        ) : consultant.available ? (
          <Form method="post" className="mt-4" noValidate>
            <IdempotencyKeyField pageKey={idempotencyKey} />
            <SlotPicker
              days={days}
              zone={zone}
              profileZone={profileZone}
              error={waitlistFailure ? undefined : actionData?.error}
            />
            {hasSlots ? (
              <PrimaryButton className="mt-6" disabled={busy}>
                {busy ? "Booking..." : "Book an appointment"}
              </PrimaryButton>
            ) : null}
            {signedIn ? null : (
              <p className="mt-3 text-muted text-sm">You will be asked to log in before booking.</p>
            )}
          </Form>
        ) : null}
        {consultant.available ? (
          <WaitlistForm
            consultantName={consultant.name}
            days={waitlistDays}
            error={waitlistFailure}
            signedIn={signedIn}
          />
        ) : null}
        {consultant.available ? null : (
          <p className="mt-4 rounded-xl bg-surface p-4 text-muted">
            {consultant.name} is not taking bookings at the moment. Please choose another consultant, or
            contact us at {agencyEmail}.
          </p>
        )}
      </section>

      <ConsultantReviews name={consultant.name} reviews={reviews} zone={zone} />

      {related.length > 0 ? (
        <section aria-labelledby="related-heading" className="mt-16">
          <h2 id="related-heading" className="text-center font-semibold text-2xl text-ink">
            Related Consultants
          </h2>
          <p className="mt-1 text-center text-muted">
            Other {consultant.speciality.toLowerCase()} you can book.
          </p>
          <ul className="mt-6 grid grid-cols-2 gap-4 sm:grid-cols-4">
            {related.map((other) => (
              <li key={other.id}>
                <ConsultantCard consultant={other} headingLevel={3} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
