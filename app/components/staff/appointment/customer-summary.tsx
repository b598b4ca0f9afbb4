import { href, Link } from "react-router";
import type { CustomerFacts } from "./appointment-view";
import { Section } from "./section";

/** Who booked: a link to their person page, their e-mail and phone. */
export function CustomerSummary({ customer }: { customer: CustomerFacts }) {
  return (
    <Section title="Customer" id="customer-heading">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        <dt className="text-muted">Name</dt>
        <dd>
          <Link
            to={href("/admin/people/:userId", { userId: customer.id })}
            className="font-semibold text-brand-800 hover:underline"
          >
            {customer.name}
          </Link>
        </dd>
        <dt className="text-muted">E-mail</dt>
        <dd className="break-all">
          <a href={`mailto:${customer.email}`} className="text-brand-800 hover:underline">
            {customer.email}
          </a>
        </dd>
        <dt className="text-muted">Phone</dt>
        <dd>{customer.phone || "Not given"}</dd>
      </dl>
    </Section>
  );
}
