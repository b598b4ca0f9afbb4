import { ArrowRight, Check } from "lucide-react";
import { Link } from "react-router";
import type { Service } from "~/content/services";
import { Illustration } from "./illustration";

/**
 * One service as a card: picture, title, summary and a link to its page.
 * `headingLevel` follows the page's outline (h3 under a section's h2; h2 directly under the h1);
 * `showParts` lists what the service covers (the services overview).
 */
export function ServiceCard({
  service,
  headingLevel = 3,
  showParts = false,
}: {
  service: Service;
  headingLevel?: 2 | 3;
  showParts?: boolean;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="flex h-full flex-col rounded-2xl border border-gray-200 bg-white p-6 shadow-sm transition-shadow hover:shadow-md">
      <Illustration name={service.illustration} className="h-24 w-32" />
      <Heading className="mt-5 font-semibold text-ink text-xl">{service.title}</Heading>
      <p className={`mt-2 text-muted ${showParts ? "" : "flex-1"}`}>{service.summary}</p>
      {showParts ? (
        <ul className="mt-4 flex-1 space-y-1.5 text-ink text-sm">
          {service.subServices.map((part) => (
            <li key={part.title} className="flex items-start gap-2">
              <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-700" strokeWidth={3} />
              <span>{part.title}</span>
            </li>
          ))}
        </ul>
      ) : null}
      <Link
        to={service.path}
        className="mt-6 inline-flex w-fit items-center gap-2 rounded-full bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800"
      >
        Learn more<span className="sr-only"> about {service.title}</span>
        <ArrowRight aria-hidden="true" className="size-4" />
      </Link>
    </article>
  );
}
