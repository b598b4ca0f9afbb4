import { Link } from "react-router";
import type { ServiceSummary } from "~/content/service-summaries";
import { ArrowRightIcon, CheckIcon } from "./icons";

/**
 * One service as a card: picture, title, summary and a link to its page.
 * `headingLevel` follows the page's outline (h3 under a section's h2; h2 directly under the h1);
 * `parts`, when given, lists what the service covers (the services overview). The picture comes
 * as markup drawn on the server (see illustration-markup.server.tsx).
 */
export function ServiceCard({
  service,
  illustrationHtml,
  headingLevel = 3,
  parts,
}: {
  service: ServiceSummary;
  illustrationHtml: string;
  headingLevel?: 2 | 3;
  parts?: string[];
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <article className="flex h-full flex-col rounded-2xl border border-gray-200 bg-white p-6 shadow-sm transition-shadow hover:shadow-md">
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: our own SVG, drawn on the server from code */}
      <span className="block h-24 w-32" dangerouslySetInnerHTML={{ __html: illustrationHtml }} />
      <Heading className="mt-5 font-semibold text-ink text-xl">{service.title}</Heading>
      <p className={`mt-2 text-muted ${parts ? "" : "flex-1"}`}>{service.summary}</p>
      {parts ? (
        <ul className="mt-4 flex-1 space-y-1.5 text-ink text-sm">
          {parts.map((part) => (
            <li key={part} className="flex items-start gap-2">
              <CheckIcon
                aria-hidden="true"
                className="mt-0.5 size-4 shrink-0 text-brand-700"
                strokeWidth={3}
              />
              <span>{part}</span>
            </li>
          ))}
        </ul>
      ) : null}
      <Link
        to={service.path}
        className="mt-6 inline-flex w-fit items-center gap-2 rounded-full bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800"
      >
        Learn more<span className="sr-only"> about {service.title}</span>
        <ArrowRightIcon aria-hidden="true" className="size-4" />
      </Link>
    </article>
  );
}
