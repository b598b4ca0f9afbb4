import { HeartHandshake, type LucideIcon, MessageCircle, ShieldCheck, Timer } from "lucide-react";
import { Link } from "react-router";
import { LogoMark } from "~/components/logo";
import { mission, type ValueIcon, values } from "~/content/about";
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

const valueIcons: Record<ValueIcon, LucideIcon> = {
  reliability: Timer,
  confidentiality: ShieldCheck,
  communication: MessageCircle,
  partnership: HeartHandshake,
};

/** Avatar colours, cycled over the team; every pair keeps text contrast above 4.5:1. */
const avatarColours = [
  "bg-brand-100 text-brand-800",
  "bg-accent-300 text-ink",
  "bg-brand-700 text-white",
  "bg-gray-200 text-ink",
];

function initials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .map((part) => part[0]?.toUpperCase())
    .slice(0, 2)
    .join("");
}

export default function About() {
  return (
    <>
      <section className="bg-brand-50">
        <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-16 sm:px-6 sm:py-20 md:grid-cols-[1fr_auto] lg:px-8">
          <div className="max-w-2xl">
            <p className="font-semibold text-brand-700 text-sm uppercase tracking-widest">About Us</p>
            <h1 className="mt-3 text-balance font-bold text-4xl text-ink tracking-tight sm:text-5xl">
              A dedicated partner in your success
            </h1>
            <p className="mt-5 text-lg text-muted">{mission.lead}</p>
          </div>
          <div className="flex justify-center md:justify-end">
            <LogoMark className="size-40 drop-shadow-xl sm:size-56" />
          </div>
        </div>
      </section>

      <section aria-labelledby="mission" className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
        <div className="grid gap-8 lg:grid-cols-3">
          <h2 id="mission" className="font-bold text-3xl text-ink tracking-tight">
            Our mission
          </h2>
          <div className="space-y-4 text-lg text-muted lg:col-span-2">
            <p className="font-medium text-ink">{mission.statement}</p>
            <p>{mission.detail}</p>
          </div>
        </div>
      </section>

      <section aria-labelledby="team" className="border-gray-200 border-t bg-surface">
        <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
          <div className="grid gap-8 lg:grid-cols-3">
            <h2 id="team" className="font-bold text-3xl text-ink tracking-tight">
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
            {teamMembers.map((member, index) => (
              <li key={member.name} className="rounded-2xl border border-gray-200 bg-white p-6 text-center">
                <span
                  aria-hidden="true"
                  className={`mx-auto flex size-20 items-center justify-center rounded-full font-bold text-2xl ${avatarColours[index % avatarColours.length]}`}
                >
                  {initials(member.name)}
                </span>
                <p className="mt-4 font-semibold text-ink text-lg">{member.name}</p>
                <p className="font-medium text-brand-700 text-sm">{member.role}</p>
                <p className="mt-3 text-muted text-sm">{member.bio}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="values" className="mx-auto max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
        <h2 id="values" className="font-bold text-3xl text-ink tracking-tight">
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
      </section>

      <section aria-labelledby="about-cta" className="bg-brand-800">
        <div className="mx-auto flex max-w-7xl flex-col items-start gap-6 px-4 py-14 sm:px-6 md:flex-row md:items-center md:justify-between lg:px-8">
          <div>
            <h2 id="about-cta" className="font-bold text-3xl text-white tracking-tight">
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
