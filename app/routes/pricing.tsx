import { Link } from "react-router";
import { ArrowRightIcon, CheckIcon } from "~/components/site/icons";
import { firstCycleOffer } from "~/content/offers";
import { type Plan, planCurrency, planHourlyPrice, planPrice, plans, planTermList } from "~/content/plans";
import { site } from "~/content/site";
import { originFrom, pageMeta } from "~/lib/seo";
import type { Route } from "./+types/pricing";

const description = `Three monthly virtual-assistant plans from ${planPrice(plans[0]!)} a month, with no setup fee and ${firstCycleOffer}. The consultation about a plan is free.`;

export const meta: Route.MetaFunction = ({ matches }) => {
  const origin = originFrom(matches);
  return pageMeta({
    title: "Plans and Pricing",
    description,
    path: "/pricing",
    origin,
    jsonLd: {
      "@context": "https://schema.org",
      "@type": "OfferCatalog",
      name: `${site.name} virtual-assistant plans`,
      url: `${origin}/pricing`,
      itemListElement: plans.map((plan) => ({
        "@type": "Offer",
        name: `${plan.name} plan`,
        description: plan.suits,
        price: plan.pricePerMonthCents / 100,
        priceCurrency: planCurrency,
        priceSpecification: {
          "@type": "UnitPriceSpecification",
          price: plan.pricePerMonthCents / 100,
          priceCurrency: planCurrency,
          unitCode: "MON",
        },
      })),
    },
  });
};

const accentButton =
  "inline-flex items-center justify-center gap-2 rounded-full bg-accent-400 px-6 py-3 font-semibold text-ink shadow-sm hover:bg-accent-300";

export default function Pricing() {
  return (
    <>
      <section className="border-brand-100 border-b bg-brand-50">
        <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 sm:py-20 lg:px-8">
          <p className="font-semibold text-brand-700 text-sm uppercase tracking-widest">Pricing</p>
          <h1 className="mt-3 max-w-3xl text-balance font-bold text-4xl text-ink tracking-tight sm:text-5xl">
            Plans and Pricing
          </h1>
          <p className="mt-5 max-w-2xl text-lg text-muted">
            Pay for a set number of assistant hours each month. Every plan starts with a free consultation,
            and new clients get {firstCycleOffer}.
          </p>
        </div>
      </section>

      <section aria-label="Monthly plans" className="mx-auto max-w-7xl px-4 py-14 sm:px-6 sm:py-16 lg:px-8">
        <ul className="grid gap-6 md:grid-cols-3">
          {plans.map((plan) => (
            <li key={plan.slug}>
              <PlanCard plan={plan} />
            </li>
          ))}
        </ul>
        <p className="mt-6 text-muted text-sm">
          Prices in US dollars, billed monthly. Not sure how many hours you need? We work it out with you on
          the free consultation.
        </p>
      </section>

      <section aria-labelledby="every-plan" className="border-gray-200 border-t bg-surface">
        <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 sm:py-16 lg:px-8">
          <h2 id="every-plan" className="font-bold text-2xl text-ink tracking-tight sm:text-3xl">
            With every plan
          </h2>
          <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-5">
            {planTermList.map((term) => (
              <li key={term.id} className="rounded-2xl border border-gray-200 bg-white p-5">
                <h3 className="font-semibold text-ink">{term.title}</h3>
                <p className="mt-2 text-muted text-sm">{term.detail}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <PlanOrSession />
    </>
  );
}

function PlanCard({ plan }: { plan: Plan }) {
  const headingId = `plan-${plan.slug}`;
  return (
    <article
      aria-labelledby={headingId}
      className="flex h-full flex-col rounded-2xl border border-gray-200 bg-white p-6 shadow-sm sm:p-8"
    >
      <h2 id={headingId} className="font-bold text-2xl text-ink">
        {plan.name}
      </h2>
      <p className="mt-2 text-muted">{plan.suits}</p>
      <p className="mt-6 flex items-baseline gap-2">
        <span className="font-bold text-4xl text-ink tracking-tight">{planPrice(plan)}</span>
        <span className="text-muted">a month</span>
      </p>
      <p className="mt-1 font-medium text-brand-800">
        {plan.hoursPerMonth} hours a month, about {planHourlyPrice(plan)} an hour
      </p>
      <h3 className="mt-6 font-semibold text-ink text-sm">What is included</h3>
      <ul className="mt-3 flex-1 space-y-3">
        {plan.included.map((line) => (
          <li key={line} className="flex items-start gap-3">
            <span className="mt-0.5 inline-flex size-5 shrink-0 items-center justify-center rounded-full bg-brand-100 text-brand-700">
              <CheckIcon className="size-3.5" strokeWidth={3} />
            </span>
            <span className="text-ink">{line}</span>
          </li>
        ))}
      </ul>
      <Link to={`/contact?plan=${plan.slug}`} className={`mt-8 w-full ${accentButton}`}>
        Choose {plan.name}
        <ArrowRightIcon className="size-4" />
      </Link>
    </article>
  );
}

/** Two things the site sells that are easy to mix up: a monthly assistant and a one-off paid session. */
function PlanOrSession() {
  return (
    <section aria-labelledby="plan-or-session" className="border-gray-200 border-t bg-white">
      <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 sm:py-16 lg:px-8">
        <h2 id="plan-or-session" className="font-bold text-2xl text-ink tracking-tight sm:text-3xl">
          A monthly plan or a session with a specialist?
        </h2>
        <div className="mt-8 grid gap-6 md:grid-cols-2">
          <div className="rounded-2xl border border-gray-200 p-6">
            <h3 className="font-semibold text-ink text-lg">A monthly assistant plan</h3>
            <p className="mt-2 text-muted">
              A virtual assistant works for you every month on the tasks you hand over. The consultation about
              a plan is free: we talk through your work, suggest a plan and match you with an assistant.
            </p>
            <Link to="/contact" className={`mt-5 ${accentButton}`}>
              Request a Free Consultation
              <ArrowRightIcon className="size-4" />
            </Link>
          </div>
          <div className="rounded-2xl border border-gray-200 p-6">
            <h3 className="font-semibold text-ink text-lg">A paid 30-minute session</h3>
            <p className="mt-2 text-muted">
              One conversation with a specialist consultant, for advice on a single question such as your
              books, your marketing or a project. You pay the consultant's fee online and see it before you
              book. No plan is needed.
            </p>
            <Link
              to="/consultant"
              className="mt-5 inline-flex items-center justify-center gap-2 rounded-full border border-gray-300 px-6 py-3 font-semibold text-ink hover:border-brand-700 hover:text-brand-800"
            >
              Find a consultant
              <ArrowRightIcon className="size-4 text-brand-700" />
            </Link>
          </div>
        </div>
      </div>
    </section>
  );
}
