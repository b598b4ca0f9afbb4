import { useEffect } from "react";
import { Link, useLocation } from "react-router";
import { FaqAccordion } from "~/components/site/faq-accordion";
import {
  ArrowRightIcon,
  CheckIcon,
  PeopleIcon,
  PersonCheckIcon,
  ShieldIcon,
  SparkIcon,
} from "~/components/site/icons";
import { heroIllustrationMarkup, illustrationMarkup } from "~/components/site/illustration-markup.server";
import { ServerPicture } from "~/components/site/server-picture";
import { ServiceCard } from "~/components/site/service-card";
import { TestimonialsCarousel } from "~/components/site/testimonials-carousel";
import { faqFor } from "~/content/faq";
import { featuredServices } from "~/content/service-summaries";
import { site } from "~/content/site";
import { steps } from "~/content/steps";
import { testimonials } from "~/content/testimonials";
import { contactFrom } from "~/lib/agency-contact";
import { scrollToFaqFromHash } from "~/lib/behaviours/faq-hash";
import { organizationJsonLd, originFrom, pageMeta } from "~/lib/seo";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const origin = originFrom(matches);
  return pageMeta({
    title: "Virtual Assistants for Growing Businesses",
    description: site.description,
    path: "/",
    origin,
    jsonLd: [
      organizationJsonLd(origin, contactFrom(matches)),
      {
        "@context": "https://schema.org",
        "@type": "FAQPage",
        mainEntity: (loaderData?.faq ?? []).map((item) => ({
          "@type": "Question",
          name: item.question,
          acceptedAnswer: { "@type": "Answer", text: item.answer },
        })),
      },
    ],
  });
};

const reasons = [
  {
    icon: PersonCheckIcon,
    title: "Vetted talent pool",
    text: "Every assistant is screened for skills, communication and reliability before meeting you.",
  },
  {
    icon: PeopleIcon,
    title: "Matched to your work",
    text: "We pair you with assistants who know your tools and your industry.",
  },
  {
    icon: ShieldIcon,
    title: "A replacement at no cost",
    text: "If the fit is not right, we find you a new assistant at no additional cost.",
  },
  {
    icon: SparkIcon,
    title: "No setup fee",
    text: "Start with a plan that suits you and change it from the following month.",
  },
];

/** The seed's three ticks; "Flexible Plans" shows what the plans are. */
const closingTicks: { label: string; href?: string }[] = [
  { label: "Professional Virtual Assistants" },
  { label: "Flexible Plans", href: "/pricing" },
  { label: "24/7 Support" },
];

export function loader({ context }: Route.LoaderArgs) {
  return {
    // The agency's e-mail in an answer is a setting, filled in here.
    faq: faqFor(context.env.contact),
    heroPicture: heroIllustrationMarkup("mx-auto h-auto w-full max-w-lg"),
    illustrations: Object.fromEntries(
      featuredServices.map((service) => [service.slug, illustrationMarkup(service.illustration)]),
    ),
  };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  useScrollToFaqFromHash();
  return (
    <>
      <Hero picture={loaderData.heroPicture} />
      <OurServices illustrations={loaderData.illustrations} />
      <WhatToExpect />
      <section id="testimonials" aria-labelledby="testimonials-heading" className="bg-surface py-16 sm:py-24">
        <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
          <SectionHeading id="testimonials-heading" eyebrow="Testimonials" title="What Our Clients Say" />
          <div className="mt-10">
            <TestimonialsCarousel testimonials={testimonials} />
          </div>
        </div>
      </section>
      <WhyChooseUs />
      <section id="faq" aria-labelledby="faq-heading" className="bg-surface py-16 sm:py-24">
        <div className="mx-auto max-w-3xl px-4 sm:px-6 lg:px-8">
          <SectionHeading id="faq-heading" eyebrow="FAQ" title="Frequently Asked Questions" />
          <div className="mt-10">
            <FaqAccordion items={loaderData.faq} />
          </div>
        </div>
      </section>
      <ClosingCallToAction />
    </>
  );
}

/** On every navigation (key), not only hash changes: the FAQ link is followed from the home page too. */
function useScrollToFaqFromHash() {
  const { hash, key } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-run on every navigation (key)
  useEffect(() => scrollToFaqFromHash(), [hash, key]);
}

function SectionHeading({
  id,
  eyebrow,
  title,
  intro,
}: {
  id: string;
  eyebrow: string;
  title: string;
  intro?: string;
}) {
  return (
    <div className="mx-auto max-w-2xl text-center">
      <p className="font-semibold text-brand-700 text-sm uppercase tracking-widest">{eyebrow}</p>
      <h2 id={id} className="mt-2 font-bold text-3xl text-ink tracking-tight sm:text-4xl">
        {title}
      </h2>
      {intro ? <p className="mt-4 text-lg text-muted">{intro}</p> : null}
    </div>
  );
}

function Hero({ picture }: { picture: string }) {
  return (
    <section className="relative overflow-hidden bg-gradient-to-b from-brand-50 to-white">
      <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-16 sm:px-6 sm:py-20 lg:grid-cols-2 lg:px-8 lg:py-28">
        <div>
          <p className="font-semibold text-brand-700 text-sm uppercase tracking-widest">
            Virtual assistance for business owners
          </p>
          <h1 className="mt-3 font-extrabold text-4xl text-ink tracking-tight sm:text-5xl lg:text-6xl">
            More than a virtual assistant agency
          </h1>
          <p className="mt-6 max-w-xl text-lg text-muted sm:text-xl">
            We are your dedicated partner in success: skilled assistants from our talent pool take on the work
            that keeps you from growing your business.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link
              to="/contact"
              className="rounded-full bg-accent-400 px-7 py-3.5 font-semibold text-ink shadow-sm hover:bg-accent-300"
            >
              Get Started
            </Link>
            <Link
              to="/services"
              className="rounded-full border border-brand-700 px-7 py-3.5 font-semibold text-brand-800 hover:bg-brand-50"
            >
              Explore our services
            </Link>
          </div>
        </div>
        <ServerPicture markup={picture} />
      </div>
    </section>
  );
}

function OurServices({ illustrations }: { illustrations: Record<string, string> }) {
  return (
    <section aria-labelledby="services-heading" className="py-16 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="services-heading"
          eyebrow="What we do"
          title="Our Services"
          intro="Pick the help you need today and add more as you grow."
        />
        <div className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {featuredServices.map((service) => (
            <ServiceCard
              key={service.slug}
              service={service}
              illustrationHtml={illustrations[service.slug] ?? ""}
            />
          ))}
        </div>
      </div>
    </section>
  );
}

function WhatToExpect() {
  return (
    <section aria-labelledby="expect-heading" className="bg-brand-900 py-16 text-white sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="mx-auto max-w-2xl text-center">
          <p className="font-semibold text-accent-300 text-sm uppercase tracking-widest">How it works</p>
          <h2 id="expect-heading" className="mt-2 font-bold text-3xl tracking-tight sm:text-4xl">
            What to Expect
          </h2>
        </div>
        <ol className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {steps.map((step, index) => (
            <li key={step.title} className="rounded-2xl bg-white/10 p-6">
              <span className="inline-flex size-10 items-center justify-center rounded-full bg-accent-400 font-bold text-ink">
                {index + 1}
              </span>
              <h3 className="mt-4 font-semibold text-lg">
                {step.href ? (
                  <Link
                    to={step.href}
                    className="inline-flex items-center gap-1.5 rounded-sm underline decoration-accent-300 decoration-2 underline-offset-4 hover:text-accent-300 focus-visible:outline-white"
                  >
                    {step.title}
                    <ArrowRightIcon aria-hidden="true" className="size-4 shrink-0" />
                  </Link>
                ) : (
                  step.title
                )}
              </h3>
              <p className="mt-2 text-brand-100">{step.description}</p>
            </li>
          ))}
        </ol>
        <div className="mt-12 text-center">
          <Link
            to="/contact"
            className="inline-block rounded-full bg-accent-400 px-7 py-3.5 font-semibold text-ink hover:bg-accent-300"
          >
            Get Started
          </Link>
        </div>
      </div>
    </section>
  );
}

function WhyChooseUs() {
  return (
    <section aria-labelledby="why-heading" className="py-16 sm:py-24">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading
          id="why-heading"
          eyebrow="Why us"
          title="Why Business Owners Choose Us"
          intro="Reliable help, without the cost and effort of hiring in-house."
        />
        <ul className="mt-12 grid gap-8 sm:grid-cols-2 lg:grid-cols-4">
          {reasons.map(({ icon: Icon, title, text }) => (
            <li key={title}>
              <span className="inline-flex size-12 items-center justify-center rounded-xl bg-brand-100 text-brand-800">
                <Icon aria-hidden="true" className="size-6" />
              </span>
              <h3 className="mt-4 font-semibold text-ink text-lg">{title}</h3>
              <p className="mt-2 text-muted">{text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function ClosingCallToAction() {
  return (
    <section aria-labelledby="closing-heading" className="py-16 sm:py-24">
      <div className="mx-auto max-w-5xl px-4 sm:px-6 lg:px-8">
        <div className="rounded-3xl bg-brand-700 px-6 py-12 text-center text-white sm:px-12">
          <h2 id="closing-heading" className="font-bold text-3xl tracking-tight sm:text-4xl">
            Ready to Scale Your Business?
          </h2>
          <p className="mx-auto mt-4 max-w-2xl text-brand-100 text-lg">
            Tell us what is taking up your time. We will match you with the right virtual assistant and you
            can focus on growth.
          </p>
          <ul className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row sm:gap-8">
            {closingTicks.map((tick) => (
              <li key={tick.label} className="flex items-center gap-2 font-medium">
                <CheckIcon aria-hidden="true" className="size-5 text-accent-300" />
                {tick.href ? (
                  <Link
                    to={tick.href}
                    className="rounded-sm underline decoration-accent-300 decoration-2 underline-offset-4 hover:text-accent-300 focus-visible:outline-white"
                  >
                    {tick.label}
                  </Link>
                ) : (
                  tick.label
                )}
              </li>
            ))}
          </ul>
          <div className="mt-10 flex flex-col items-center justify-center gap-3 sm:flex-row">
            <Link
              to="/contact"
              className="inline-block rounded-full bg-accent-400 px-8 py-3.5 font-semibold text-ink hover:bg-accent-300"
            >
              Contact Us
            </Link>
            <Link
              to="/consultant"
              className="inline-block rounded-full border border-white/50 px-8 py-3.5 font-semibold text-white hover:bg-white/10 focus-visible:outline-white"
            >
              Talk to a consultant
            </Link>
          </div>
        </div>
      </div>
    </section>
  );
}
