import { href, Link } from "react-router";
import { ConsultantCard } from "~/components/booking/consultant-card";
import { DirectoryFilters, DirectorySort } from "~/components/booking/directory-filters";
import { FilterSidebar } from "~/components/booking/filter-sidebar";
import { findSpeciality, specialities } from "~/content/specialities";
import {
  directoryChoices,
  directoryFormValues,
  directoryHref,
  emptyResultAdvice,
  narrowsList,
  parseDirectoryQuery,
  SEARCH_MAX_LENGTH,
} from "~/features/consultants/directory-query";
import { keptDirectoryCards } from "~/kept/directory.server";
import { zoneTimeLabel } from "~/lib/dates";
import { originFrom, pageMeta } from "~/lib/seo";
import type { Route } from "./+types/consultants";

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta({
    title: loaderData?.speciality ? loaderData.speciality.name : "Consultants",
    description: "Browse our consultants by speciality and book a 30-minute consultation online.",
    path: loaderData?.speciality
      ? href("/consultant/:speciality?", { speciality: loaderData.speciality.slug })
      : "/consultant",
    origin: originFrom(matches),
  });

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const requested = params.speciality;
  const speciality = requested ? findSpeciality(requested) : undefined;
  const query = parseDirectoryQuery(new URL(request.url).searchParams);
  const now = context.clock();
  // Times read in the visitor's own zone when their account has one (decision 0018), else the
  // agency's, named on the page.
  const visitorZone = context.user?.timeZone ?? context.env.AGENCY_TZ;
  const cards =
    requested && !speciality
      ? []
      : await keptDirectoryCards(
          context.kept?.directory,
          context.db,
          { speciality: speciality?.name, query },
          { now, agencyZone: context.env.AGENCY_TZ, visitorZone },
        );
  const path = speciality ? href("/consultant/:speciality?", { speciality: speciality.slug }) : "/consultant";
  return {
    speciality: speciality ?? null,
    unknownSpeciality: requested && !speciality ? requested : null,
    consultants: cards,
    path,
    values: directoryFormValues(query),
    choices: directoryChoices,
    maxSearchLength: SEARCH_MAX_LENGTH,
    zoneLabel: zoneTimeLabel(visitorZone),
    // Choosing a speciality keeps the search and filters; choosing the active one again clears it.
    specialityLinks: specialities.map((entry) => {
      const active = speciality?.slug === entry.slug;
      return {
        label: entry.name,
        to: directoryHref(
          active ? "/consultant" : href("/consultant/:speciality?", { speciality: entry.slug }),
          query,
        ),
        active,
      };
    }),
    emptyAdvice: narrowsList(query) ? emptyResultAdvice(query, speciality ?? null) : null,
  };
}

const FORM_ID = "consultant-directory";

export default function Consultants({ loaderData }: Route.ComponentProps) {
  const {
    speciality,
    unknownSpeciality,
    consultants,
    path,
    values,
    zoneLabel,
    specialityLinks,
    emptyAdvice,
  } = loaderData;
  const count = consultants.length;
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
      <FilterSidebar label="Specialities" entries={specialityLinks}>
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
        ) : (
          <>
            <DirectoryFilters
              formId={FORM_ID}
              action={path}
              values={values}
              choices={loaderData.choices}
              maxSearchLength={loaderData.maxSearchLength}
            />
            <div className="mt-5 mb-4 flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
              {/* The results' heading: each consultant's name is a heading below it. */}
              <div>
                <h2 aria-live="polite" className="font-semibold text-ink">
                  {count === 1 ? "1 consultant" : `${count} consultants`}
                </h2>
                <p className="text-muted text-xs">Free times in {zoneLabel}</p>
              </div>
              <DirectorySort formId={FORM_ID} value={values.sort} choices={loaderData.choices.sort} />
            </div>
            {count > 0 ? (
              <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4">
                {consultants.map((consultant, index) => (
                  <li key={consultant.id}>
                    <ConsultantCard consultant={consultant} headingLevel={3} eager={index < 4} />
                  </li>
                ))}
              </ul>
            ) : emptyAdvice ? (
              <div className="rounded-2xl border border-gray-200 bg-surface p-8 text-center">
                <h3 className="font-semibold text-ink text-xl">No matching consultants</h3>
                <p className="mt-2 text-muted">{emptyAdvice.sentence}</p>
                <ul
                  className="mt-4 flex flex-wrap justify-center gap-2"
                  aria-label="Ways to widen the search"
                >
                  {emptyAdvice.waysOut.map((way) => (
                    <li key={way.label}>
                      <Link
                        to={way.href}
                        className="inline-block rounded-full border border-gray-300 bg-white px-4 py-2 font-semibold text-brand-800 text-sm hover:border-brand-600"
                      >
                        {way.label}
                      </Link>
                    </li>
                  ))}
                </ul>
              </div>
            ) : (
              <p className="rounded-2xl border border-gray-200 bg-surface p-8 text-center text-muted">
                No consultants in this speciality yet.{" "}
                <Link
                  to="/consultant"
                  className="font-semibold text-brand-700 underline-offset-4 hover:underline"
                >
                  See all consultants
                </Link>
              </p>
            )}
          </>
        )}
      </FilterSidebar>
    </section>
  );
}
