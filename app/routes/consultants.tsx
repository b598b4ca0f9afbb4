import { Link } from "react-router";
import { ConsultantCard } from "~/components/consultant-card";
import { FilterSidebar } from "~/components/filter-sidebar";
import { findSpeciality, specialities } from "~/content/specialities";
import { consultantCardData } from "~/features/consultants/consultant-card-data";
import { listConsultants } from "~/features/consultants/consultants.server";
import { originFrom, pageMeta } from "~/lib/seo";
import type { Route } from "./+types/consultants";

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta({
    title: loaderData?.speciality ? loaderData.speciality.name : "Consultants",
    description: "Browse our consultants by speciality and book a 30-minute consultation online.",
    path: loaderData?.speciality ? `/consultant/${loaderData.speciality.slug}` : "/consultant",
    origin: originFrom(matches),
  });

export async function loader({ params, context }: Route.LoaderArgs) {
  const requested = params.speciality;
  const speciality = requested ? findSpeciality(requested) : undefined;
  const consultants =
    requested && !speciality ? [] : await listConsultants(context.db, { speciality: speciality?.name });
  return {
    speciality: speciality ?? null,
    unknownSpeciality: requested && !speciality ? requested : null,
    consultants: consultants.map(consultantCardData),
  };
}

export default function Consultants({ loaderData }: Route.ComponentProps) {
  const { speciality, unknownSpeciality, consultants } = loaderData;
  return (
    <section className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
      <h1 className="font-bold text-3xl text-ink tracking-tight">
        {speciality ? speciality.name : "Our Consultants"}
      </h1>
      <p className="mt-2 text-muted">Browse through the consultants excellence.</p>
      <p className="mt-3 max-w-3xl rounded-xl border border-brand-100 bg-brand-50 px-4 py-3 text-ink text-sm">
        A session is 30 minutes online with a specialist, paid for by its fee, which each consultant's page
        shows before you book. Looking for a virtual assistant instead? That consultation is free:{" "}
        <Link to="/pricing" className="font-semibold text-brand-800 underline-offset-4 hover:underline">
          see our plans
        </Link>{" "}
        or{" "}
        <Link to="/contact" className="font-semibold text-brand-800 underline-offset-4 hover:underline">
          request a free consultation
        </Link>
        .
      </p>
      <FilterSidebar
        label="Specialities"
        entries={specialities.map((entry) => {
          const active = speciality?.slug === entry.slug;
          // Choosing the active filter again clears it.
          return { label: entry.name, to: active ? "/consultant" : `/consultant/${entry.slug}`, active };
        })}
      >
        {unknownSpeciality !== null ? (
          <div className="rounded-2xl border border-gray-200 bg-surface p-8 text-center">
            <h2 className="font-semibold text-ink text-xl">
              We have no speciality called “{unknownSpeciality}”
            </h2>
            <p className="mt-2 text-muted">
              Choose one of the specialities in the list, or see every consultant.
            </p>
            <Link
              to="/consultant"
              className="mt-4 inline-block font-semibold text-brand-700 underline-offset-4 hover:underline"
            >
              See all consultants
            </Link>
          </div>
        ) : consultants.length === 0 ? (
          <p className="rounded-2xl border border-gray-200 bg-surface p-8 text-center text-muted">
            No consultants in this speciality yet.{" "}
            <Link
              to="/consultant"
              className="font-semibold text-brand-700 underline-offset-4 hover:underline"
            >
              See all consultants
            </Link>
          </p>
        ) : (
          <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4">
            {consultants.map((consultant, index) => (
              <li key={consultant.id}>
                <ConsultantCard consultant={consultant} headingLevel={2} eager={index < 4} />
              </li>
            ))}
          </ul>
        )}
      </FilterSidebar>
    </section>
  );
}
