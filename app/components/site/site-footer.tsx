import { Link } from "react-router";
import { featuredServiceNames } from "~/content/service-names";
import { site } from "~/content/site";
import type { AgencyContact } from "~/lib/agency-contact";
import { Logo } from "./logo";
import { SocialIcon } from "./social-icon";

const companyLinks = [
  { label: "Home", to: "/" },
  { label: "About Us", to: "/about" },
  { label: "Contact", to: "/contact" },
  { label: "Blog", to: "/blog" },
  { label: "FAQs", to: "/#faq" },
];

/** `contact`: the agency's details from the settings; none when the page failed before the root loader ran. */
export function SiteFooter({ contact }: { contact?: AgencyContact | null }) {
  const year = new Date().getFullYear();
  const years = year > site.foundedYear ? `${site.foundedYear}–${year}` : `${site.foundedYear}`;
  return (
    <footer className="bg-brand-950 text-brand-100">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 md:grid-cols-2 lg:grid-cols-4 lg:px-8">
        <div className="lg:col-span-2">
          <Link
            to="/"
            className="inline-block rounded-md bg-white px-3 py-2"
            aria-label={`${site.name}, home`}
          >
            <Logo />
          </Link>
          <p className="mt-4 max-w-sm font-semibold text-lg text-white">{site.tagline}</p>
          {contact ? <FooterContact contact={contact} /> : null}
        </div>
        <nav aria-labelledby="footer-company">
          <h2 id="footer-company" className="font-semibold text-white">
            Company
          </h2>
          <ul className="mt-4 space-y-1">
            {companyLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="inline-block py-1.5 hover:text-white hover:underline">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-services">
          <h2 id="footer-services" className="font-semibold text-white">
            Services
          </h2>
          <ul className="mt-4 space-y-1">
            {featuredServiceNames.map((service) => (
              <li key={service.path}>
                <Link to={service.path} className="inline-block py-1.5 hover:text-white hover:underline">
                  {service.title}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="border-white/10 border-t">
        {/* data-changes-with-time: the visual regression test masks what the calendar changes. */}
        <p
          data-changes-with-time
          className="mx-auto max-w-7xl px-4 py-6 text-brand-200 text-sm sm:px-6 lg:px-8"
        >
          © {years} {site.name}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}

function FooterContact({ contact }: { contact: AgencyContact }) {
  return (
    <>
      <p className="mt-2 text-brand-200">
        <a href={`mailto:${contact.email}`} className="underline-offset-4 hover:underline">
          {contact.email}
        </a>
        <span aria-hidden="true"> · </span>
        <a href={contact.phoneHref} className="whitespace-nowrap underline-offset-4 hover:underline">
          {contact.phone}
        </a>
      </p>
      {contact.address ? (
        <address className="mt-2 text-brand-200 not-italic">{contact.address}</address>
      ) : null}
      {contact.social.length > 0 ? (
        <ul className="mt-6 flex gap-3" aria-label="Social networks">
          {contact.social.map((link) => (
            <li key={link.network}>
              <a
                href={link.href}
                rel="noopener noreferrer"
                target="_blank"
                className="inline-flex size-11 items-center justify-center rounded-full bg-white/10 text-white hover:bg-white/20"
              >
                <SocialIcon network={link.network} />
                <span className="sr-only">{link.network} (opens in a new tab)</span>
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}
