import { Link } from "react-router";
import type { Service } from "~/content/services";
import { Illustration } from "./illustration";

export function ServiceCard({ service }: { service: Service }) {
  return (
    <article className="flex flex-col rounded-2xl border border-gray-200 bg-white p-6 shadow-sm">
      <Illustration name={service.illustration} className="h-24 w-32" />
      <h3 className="mt-4 font-semibold text-ink text-xl">{service.title}</h3>
      <p className="mt-2 flex-1 text-muted">{service.summary}</p>
      <Link
        to={service.path}
        className="mt-6 inline-flex w-fit items-center rounded-full bg-brand-700 px-5 py-2.5 font-semibold text-white hover:bg-brand-800"
        aria-label={`Learn more about ${service.title}`}
      >
        Learn more
      </Link>
    </article>
  );
}
