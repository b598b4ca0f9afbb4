import { ArrowRight, BadgePercent, Check, ChevronRight } from "lucide-react";
import { data, href, Link } from "react-router";
import { illustrationMarkup } from "~/components/site/illustration-markup.server";
import { ServerPicture } from "~/components/site/server-picture";
import { firstCycleOffer } from "~/content/offers";
import { findServiceByPath, services } from "~/content/services";
import { site } from "~/content/site";
import { findSpeciality } from "~/content/specialities";
import { originFrom, pageMeta } from "~/lib/seo";
import type { Route } from "./+types/service";

/** One module for the five service pages (/service1 … /service5): the path says which service. */
export function loader({ request }: Route.LoaderArgs) {
  const pathname = new URL(request.url).pathname.replace(/\/+$/, "") || "/";
  const service = findServiceByPath(pathname);
  if (!service) throw data(null, { status: 404 });
  const otherServices = services
    .filter((other) => other.slug !== service.slug)
    .map(({ slug, path, title, illustration }) => ({ slug, path, title, illustration }));
  const consultantGroups = service.consultantSpecialities.flatMap((slug) => findSpeciality(slug) ?? []);
  // Drawn here, so the page's JavaScript does not carry the drawings of every picture.
  const pictures = {
    hero: illustrationMarkup(
      service.illustration,
      "hidden h-auto w-72 rounded-2xl shadow-xl ring-4 ring-white/10 md:block lg:w-96",
    ),
    parts: service.subServices.map((sub) =>
      illustrationMarkup(sub.illustration, "mx-auto h-auto w-full max-w-64 sm:max-w-xs md:max-w-sm"),
    ),
    others: otherServices.map((other) =>
      illustrationMarkup(other.illustration, "h-12 w-16 shrink-0 rounded-lg"),
    ),
  };
  return { service, otherServices, consultantGroups, offer: firstCycleOffer, pictures };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  if (!loaderData) return [{ title: `Page not found | ${site.name}` }];
  const { service } = loaderData;
  const origin = originFrom(matches);
  const url = `${origin}${service.path}`;
  return pageMeta({
    title: service.title,
    description: service.summary,
    path: service.path,
    origin,
    jsonLd: [
      {
        "@context": "https://schema.org",
        "@type": "Service",
        name: service.title,
        description: service.summary,
        serviceType: service.title,
        url,
        areaServed: "Worldwide",
        provider: { "@type": "Organization", name: site.name, url: origin },
        hasOfferCatalog: {
          "@type": "OfferCatalog",
          name: service.title,
          itemListElement: service.subServices.map((sub) => ({
            "@type": "Offer",
            itemOffered: { "@type": "Service", name: sub.title, description: sub.description },
          })),
        },
      },
      {
        "@context": "https://schema.org",
        "@type": "BreadcrumbList",
        itemListElement: [
          { "@type": "ListItem", position: 1, name: "Home", item: `${origin}/` },
          { "@type": "ListItem", position: 2, name: "Services", item: `${origin}/services` },
          { "@type": "ListItem", position: 3, name: service.title, item: url },
        ],
      },
    ],
  });
};

/** "Calendar & Schedule Management" → "calendar-schedule-management", for in-page links. */
function anchorId(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

const accentButton =
  "inline-flex items-center justify-center gap-2 rounded-full bg-accent-400 px-6 py-3 font-semibold text-ink shadow-sm hover:bg-accent-300 focus-visible:outline-white";

export default function ServicePage({ loaderData }: Route.ComponentProps) {
  const { service, otherServices, consultantGroups, offer, pictures } = loaderData;
  return (
    <>
      <section aria-labelledby="service-title" className="bg-brand-800 text-white">
        <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-12 sm:px-6 sm:py-16 md:grid-cols-[1fr_auto] lg:px-8 lg:py-20">
          <div>
            <nav aria-label="Breadcrumb">
              <ol className="flex flex-wrap items-center gap-1 text-brand-100 text-sm">
                <li>
                  <Link
                    to="/services"
                    className="rounded-sm underline-offset-4 hover:text-white hover:underline focus-visible:outline-white"
                  >
                    Services
                  </Link>
                </li>
                <li aria-hidden="true">
                  <ChevronRight className="size-4" />
                </li>
                <li aria-current="page">{service.title}</li>
              </ol>
            </nav>
            <h1 id="service-title" className="mt-4 font-bold text-4xl tracking-tight sm:text-5xl">
              {service.title}
            </h1>
            <p className="mt-4 max-w-2xl text-brand-100 text-lg sm:text-xl">{service.tagline}</p>
            <p className="mt-6 inline-flex flex-wrap items-center gap-x-3 gap-y-1 rounded-2xl bg-white/10 px-4 py-2 font-medium">
              <span className="inline-flex items-center gap-2">
                <BadgePercent aria-hidden="true" className="size-5 shrink-0 text-accent-300" />
                <span>{`Get ${offer}.`}</span>
              </span>
              <Link
                to="/pricing"
                className="rounded-sm font-semibold text-accent-300 underline underline-offset-4 hover:text-white focus-visible:outline-white"
              >
                See plans
              </Link>
            </p>
            <div className="mt-8">
              <Link to="/contact" className={accentButton}>
                Get Started
                <ArrowRight aria-hidden="true" className="size-4" />
              </Link>
            </div>
          </div>
          <ServerPicture markup={pictures.hero} />
        </div>
      </section>

      {service.subServices.length > 2 ? (
        <nav aria-label="On this page" className="border-brand-100 border-b bg-brand-50">
          <ul className="mx-auto flex max-w-7xl flex-wrap gap-2 px-4 py-4 sm:px-6 lg:px-8">
            {service.subServices.map((sub) => (
              <li key={sub.title}>
                <a
                  href={`#${anchorId(sub.title)}`}
                  className="inline-block rounded-full border border-brand-200 bg-white px-3 py-1.5 font-medium text-brand-800 text-sm hover:border-brand-700"
                >
                  {sub.title}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}

      {service.subServices.map((sub, index) => {
        const id = anchorId(sub.title);
        const flipped = index % 2 === 1;
        return (
          <section
            key={sub.title}
            id={id}
            aria-labelledby={`${id}-title`}
            className={flipped ? "bg-surface" : "bg-white"}
          >
            <div className="mx-auto grid max-w-7xl items-center gap-8 px-4 py-12 sm:px-6 sm:py-16 md:grid-cols-2 md:gap-14 lg:px-8">
              <div className={flipped ? "md:order-last" : undefined}>
                <h2 id={`${id}-title`} className="font-bold text-2xl text-ink tracking-tight sm:text-3xl">
                  {sub.title}
                </h2>
                <p className="mt-3 text-lg text-muted">{sub.description}</p>
                <ul className="mt-6 space-y-3">
                  {sub.points.map((point) => (
                    <li key={point} className="flex items-start gap-3">
                      <span className="mt-0.5 inline-flex size-6 shrink-0 items-center justify-center rounded-full bg-brand-100 text-brand-700">
                        <Check aria-hidden="true" className="size-4" strokeWidth={3} />
                      </span>
                      <span className="text-ink">{point}</span>
                    </li>
                  ))}
                </ul>
              </div>
              <ServerPicture markup={pictures.parts[index] ?? ""} />
            </div>
          </section>
        );
      })}

      <section aria-labelledby="consultants-cta" className="border-gray-200 border-t bg-surface">
        <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
          <h2 id="consultants-cta" className="font-bold text-2xl text-ink tracking-tight">
            Talk to a specialist
          </h2>
          <p className="mt-2 max-w-3xl text-muted">
            Book a 30-minute paid session with one of our{" "}
            {consultantGroups.map((group) => group.name.replace(/ Consultants$/, "")).join(" or ")}{" "}
            consultants; you see the fee before you book. Planning an assistant? That consultation is free.
          </p>
          <ul className="mt-6 flex flex-wrap gap-3">
            {consultantGroups.map((group) => (
              <li key={group.slug}>
                <Link
                  to={href("/consultant/:speciality?", { speciality: group.slug })}
                  className="inline-flex items-center gap-2 rounded-full border border-gray-300 bg-white px-5 py-2.5 font-semibold text-ink hover:border-brand-700 hover:text-brand-800"
                >
                  {group.name}
                  <ArrowRight aria-hidden="true" className="size-4 text-brand-700" />
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="more-services" className="border-gray-200 border-t bg-white">
        <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
          <h2 id="more-services" className="font-bold text-2xl text-ink tracking-tight">
            Explore our other services
          </h2>
          <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {otherServices.map((other, index) => (
              <li key={other.slug}>
                <Link
                  to={other.path}
                  className="flex items-center gap-4 rounded-2xl border border-gray-200 bg-white p-3 font-semibold text-ink hover:border-brand-700 hover:text-brand-800"
                >
                  <ServerPicture markup={pictures.others[index] ?? ""} />
                  <span className="flex-1">{other.title}</span>
                  <ArrowRight aria-hidden="true" className="size-4 shrink-0 text-brand-700" />
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="service-cta" className="bg-brand-800 text-white">
        <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-12 sm:px-6 md:flex-row md:items-center md:justify-between lg:px-8">
          <div>
            <h2 id="service-cta" className="font-bold text-2xl tracking-tight sm:text-3xl">
              Ready to hand it over?
            </h2>
            <p className="mt-2 max-w-2xl text-brand-100">
              Tell us what you need and we will match you with an assistant who fits your business.
            </p>
          </div>
          <div className="flex flex-wrap gap-3">
            <Link to="/contact" className={accentButton}>
              Get Started
              <ArrowRight aria-hidden="true" className="size-4" />
            </Link>
            <Link
              to="/services"
              className="inline-flex items-center justify-center rounded-full border border-white/40 px-6 py-3 font-semibold text-white hover:bg-white/10 focus-visible:outline-white"
            >
              All services
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}
