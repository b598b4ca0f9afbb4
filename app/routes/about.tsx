import { BadgeCheck, HeartHandshake, type LucideIcon, MessageCircle, ShieldCheck, Timer } from "lucide-react";
import { Link } from "react-router";
import { aboutIllustrationMarkup } from "~/components/site/illustration-markup.server";
import { Monogram } from "~/components/site/monogram";
import { dataProtection, guarantees, matching, mission, type ValueIcon, values } from "~/content/about";
import { promises } from "~/content/faq";
import { site } from "~/content/site";
import { teamMembers, teamStatement } from "~/content/team";
import { contactFrom } from "~/lib/agency-contact";
import { organizationJsonLd, originFrom, pageMeta } from "~/lib/seo";
import type { Route } from "./+types/about";

export const meta: Route.MetaFunction = ({ matches }) => {
  const origin = originFrom(matches);
  return pageMeta({
    title: "About Us",
    description: `${site.name}'s mission and team: vetted virtual assistants and coordinators who match and support them, working as a partner in your success.`,
    path: "/about",
    origin,
    jsonLd: organizationJsonLd(origin, contactFrom(matches)),
  });
};

/**
 * The picture comes as markup drawn on the server, and the page's text as data, so neither the
 * drawing code nor the text is in the page's JavaScript as well.
 */
export function loader() {
  return {
    illustration: aboutIllustrationMarkup("h-auto w-full"),
    content: {
      mission,
      teamStatement,
      teamMembers,
      matching,
      guarantees: guarantees.map((guarantee) => ({ ...guarantee, text: promises[guarantee.promise] })),
      dataProtection,
      values,
    },
  };
}

const valueIcons: Record<ValueIcon, LucideIcon> = {
  reliability: Timer,
  confidentiality: ShieldCheck,
  communication: MessageCircle,
  partnership: HeartHandshake,
};

/*
 * One icon per list, not one per item: each distinct icon costs JavaScript on a page already at its
 * budget (docs/decisions/0003), and the titles say what each item is.
 */

const container = "mx-auto max-w-7xl px-4 sm:px-6 lg:px-8";
const sectionHeading = "font-bold text-3xl text-ink";
const eyebrow = "font-semibold text-brand-700 text-sm uppercase tracking-widest";

export default function About({ loaderData }: Route.ComponentProps) {
  const { mission, teamStatement, teamMembers, matching, guarantees, dataProtection, values } =
    loaderData.content;
  return (
    <>
      <section className="bg-brand-50">
        <div
          className={`${container} grid items-center gap-10 py-section md:grid-cols-[1fr_minmax(0,26rem)]`}
        >
          <div className="max-w-2xl">
            <p className={eyebrow}>About Us</p>
            <h1 className="mt-3 font-bold text-4xl text-ink sm:text-5xl">
              A dedicated partner in your success
            </h1>
            <p className="mt-5 text-lg text-muted">{mission.lead}</p>
          </div>
          {/* The box keeps the picture's 480 × 380 proportions before it is painted: nothing moves. */}
          <div
            className="mx-auto aspect-[480/380] w-full max-w-sm md:max-w-md"
            // biome-ignore lint/security/noDangerouslySetInnerHtml: our own SVG, drawn on the server from code
            dangerouslySetInnerHTML={{ __html: loaderData.illustration }}
          />
        </div>
      </section>

      <section aria-labelledby="mission" className={`${container} py-section`}>
        <div className="grid gap-8 lg:grid-cols-3">
          <h2 id="mission" className={sectionHeading}>
            Our mission
          </h2>
          <div className="space-y-4 text-lg text-muted lg:col-span-2">
            <p className="font-medium text-ink">{mission.statement}</p>
            <p>{mission.detail}</p>
          </div>
        </div>
      </section>

      <section aria-labelledby="team" className="border-gray-200 border-t bg-surface">
        <div className={`${container} py-section`}>
          <div className="grid gap-8 lg:grid-cols-3">
            <h2 id="team" className={sectionHeading}>
              Our team
            </h2>
            <p className="text-lg text-muted lg:col-span-2">{teamStatement.summary}</p>
          </div>
          <div className="mt-10 grid gap-6 md:grid-cols-2">
            {teamStatement.groups.map((group) => (
              <div key={group.title} className="rounded-2xl border border-gray-200 bg-white p-6 shadow-sm">
                <h3 className="font-semibold text-ink text-xl">{group.title}</h3>
                <p className="mt-2 text-muted">{group.body}</p>
              </div>
            ))}
          </div>
          <h3 className="mt-14 font-semibold text-ink text-xl">The people you will work with</h3>
          <ul className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {teamMembers.map((member) => (
              <li key={member.name} className="rounded-2xl border border-gray-200 bg-white p-6">
                <div className="flex items-center gap-4">
                  <Monogram name={member.name} className="size-16 text-2xl" />
                  <div>
                    <p className="font-semibold text-ink text-lg leading-snug">{member.name}</p>
                    <p className="font-medium text-brand-700 text-sm">{member.role}</p>
                  </div>
                </div>
                <p className="mt-4 text-muted text-sm">{member.bio}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="matching" className={`${container} py-section`}>
        <div className="grid gap-8 lg:grid-cols-3">
          <div>
            <p className={eyebrow}>Matching</p>
            <h2 id="matching" className={`mt-3 ${sectionHeading}`}>
              How matching works
            </h2>
            <p className="mt-4 text-lg text-muted">{matching.summary}</p>
          </div>
          <ol className="grid gap-6 sm:grid-cols-3 lg:col-span-2">
            {matching.steps.map((step, index) => (
              <li key={step.title} className="border-brand-200 border-t-2 pt-5">
                <span className="font-semibold text-brand-700 text-sm">Step {index + 1}</span>
                <h3 className="mt-1 font-semibold text-ink text-lg">{step.title}</h3>
                <p className="mt-2 text-muted">{step.body}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section aria-labelledby="guarantees" className="bg-brand-50">
        <div className={`${container} py-section`}>
          <h2 id="guarantees" className={sectionHeading}>
            Our guarantees
          </h2>
          <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {guarantees.map((guarantee) => {
              return (
                <li
                  key={guarantee.promise}
                  className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-brand-100"
                >
                  <BadgeCheck aria-hidden="true" className="size-7 text-brand-700" />
                  <h3 className="mt-4 font-semibold text-ink text-lg">{guarantee.title}</h3>
                  <p className="mt-2 text-muted">{guarantee.text}</p>
                </li>
              );
            })}
          </ul>
          <p className="mt-8 text-muted">
            More answers in our{" "}
            <Link to="/#faq" className="font-semibold text-brand-800 underline underline-offset-4">
              frequently asked questions
            </Link>
            .
          </p>
        </div>
      </section>

      <section aria-labelledby="privacy" className={`${container} py-section`}>
        <div className="grid gap-8 lg:grid-cols-3">
          <div>
            <p className={eyebrow}>Privacy and security</p>
            <h2 id="privacy" className={`mt-3 ${sectionHeading}`}>
              How we protect your data
            </h2>
          </div>
          <ul className="grid gap-x-8 gap-y-6 sm:grid-cols-2 lg:col-span-2">
            {dataProtection.map((item) => {
              return (
                <li key={item.title} className="flex gap-4">
                  <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-100 text-brand-700">
                    <ShieldCheck aria-hidden="true" className="size-5" />
                  </span>
                  <div>
                    <h3 className="font-semibold text-ink">{item.title}</h3>
                    <p className="mt-1 text-muted text-sm">{item.body}</p>
                  </div>
                </li>
              );
            })}
          </ul>
        </div>
      </section>

      <section aria-labelledby="values" className="border-gray-200 border-t bg-surface">
        <div className={`${container} py-section`}>
          <h2 id="values" className={sectionHeading}>
            What we value
          </h2>
          <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {values.map((value) => {
              const Icon = valueIcons[value.icon];
              return (
                <li key={value.title}>
                  <span className="flex size-12 items-center justify-center rounded-xl bg-brand-100 text-brand-700">
                    <Icon aria-hidden="true" className="size-6" />
                  </span>
                  <h3 className="mt-4 font-semibold text-ink text-lg">{value.title}</h3>
                  <p className="mt-2 text-muted">{value.body}</p>
                </li>
              );
            })}
          </ul>
        </div>
      </section>

      <section aria-labelledby="about-cta" className="bg-brand-800">
        <div
          className={`${container} flex flex-col items-start gap-6 py-14 md:flex-row md:items-center md:justify-between`}
        >
          <div>
            <h2 id="about-cta" className="font-bold text-3xl text-white">
              Let&apos;s find your assistant
            </h2>
            <p className="mt-2 max-w-xl text-brand-100 text-lg">
              Tell us about your business and we will match you with the right support.
            </p>
          </div>
          <Link
            to="/contact"
            className="shrink-0 rounded-full bg-accent-400 px-6 py-3 font-semibold text-ink shadow-sm hover:bg-accent-300"
          >
            Request a Free Consultation
          </Link>
        </div>
      </section>
    </>
  );
}
