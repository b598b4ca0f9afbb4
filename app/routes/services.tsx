import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { illustrationMarkup } from "~/components/site/illustration-markup.server";
import { ServiceCard } from "~/components/site/service-card";
import { firstCycleOffer } from "~/content/offers";
import { serviceSummaries } from "~/content/service-summaries";
import { services } from "~/content/services";
import { site } from "~/content/site";
import { originFrom, pageMeta } from "~/lib/seo";
import type { Route } from "./+types/services";

const description =
  "Administrative support, digital marketing, bookkeeping, project management and business data analysis from a dedicated team of virtual assistants.";

export const meta: Route.MetaFunction = ({ matches }) => {
  const origin = originFrom(matches);
  return pageMeta({
    title: "Virtual Assistant Services",
    description,
    path: "/services",
    origin,
    jsonLd: {
      "@context": "https://schema.org",
      "@type": "ItemList",
      name: `${site.name} services`,
      itemListElement: serviceSummaries.map((service, index) => ({
        "@type": "ListItem",
        position: index + 1,
        name: service.title,
        url: `${origin}${service.path}`,
      })),
    },
  });
};

export function loader() {
  return {
    illustrations: Object.fromEntries(
      services.map((service) => [service.slug, illustrationMarkup(service.illustration)]),
    ),
    // Only the parts' titles: the page's JavaScript does not carry the services' whole text.
    parts: Object.fromEntries(
      services.map((service) => [service.slug, service.subServices.map((part) => part.title)]),
    ),
  };
}

export default function Services({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <section className="border-brand-100 border-b bg-brand-50">
        <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 sm:py-20 lg:px-8">
          <p className="font-semibold text-brand-700 text-sm uppercase tracking-widest">Our services</p>
          <h1 className="mt-3 max-w-3xl font-bold text-4xl text-ink tracking-tight sm:text-5xl">
            Need a Virtual Assistant?
          </h1>
          <p className="mt-5 max-w-2xl text-lg text-muted">
            Our dedicated team meets the unique needs of your business. Choose the help you need today, and
            add more as you grow.
          </p>
        </div>
      </section>

      <section aria-label="All services" className="mx-auto max-w-7xl px-4 py-14 sm:px-6 sm:py-20 lg:px-8">
        {/* Three cards, then two centred under them on wide screens. */}
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-6">
          {serviceSummaries.map((service, index) => (
            <li key={service.slug} className={`lg:col-span-2 ${index === 3 ? "lg:col-start-2" : ""}`}>
              <ServiceCard
                service={service}
                headingLevel={2}
                parts={loaderData.parts[service.slug] ?? []}
                illustrationHtml={loaderData.illustrations[service.slug] ?? ""}
              />
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="services-cta" className="bg-brand-800 text-white">
        <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-12 sm:px-6 md:flex-row md:items-center md:justify-between lg:px-8">
          <div>
            <h2 id="services-cta" className="font-bold text-2xl tracking-tight sm:text-3xl">
              Not sure where to start?
            </h2>
            <p className="mt-2 max-w-2xl text-brand-100">
              Tell us how your week looks and we will suggest the right mix of support. New clients get{" "}
              {firstCycleOffer}.
            </p>
          </div>
          <Link
            to="/contact"
            className="inline-flex w-fit shrink-0 items-center gap-2 rounded-full bg-accent-400 px-6 py-3 font-semibold text-ink shadow-sm hover:bg-accent-300 focus-visible:outline-white"
          >
            Request a Free Consultation
            <ArrowRight aria-hidden="true" className="size-4" />
          </Link>
        </div>
      </section>
    </>
  );
}
