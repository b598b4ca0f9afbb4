/**
 * The agency's contact details are settings: with custom AGENCY_EMAIL, AGENCY_PHONE,
 * AGENCY_ADDRESS and social links, the rendered pages (footer, contact page, FAQ, structured data)
 * and the contact e-mail show them, and none of the demo values.
 */

import { outbox } from "@db/schema";
import { eq } from "drizzle-orm";
import { createRequestHandler } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/infra/db.server";
import type { RequestContext } from "~/request-context.server";
import { appServerBuild } from "../../tests/setup/app-server-build";
import { contactPageForm, nextAddress, uniqueEmail } from "../../tests/setup/factories";
import { callAction } from "../../tests/setup/route-calls";
import { createTestApp } from "../../tests/setup/test-app";
import { createTestDatabase } from "../../tests/setup/test-database";
import { action } from "./contact";

const CUSTOM = {
  AGENCY_EMAIL: "team@agency.example",
  AGENCY_PHONE: "+44 20 7946 0958",
  AGENCY_ADDRESS: "1 Harbour Street, Leith, Edinburgh EH6 6QP",
  SOCIAL_FACEBOOK_URL: "",
  SOCIAL_INSTAGRAM_URL: "",
  SOCIAL_LINKEDIN_URL: "https://www.linkedin.com/company/agency-example",
  SOCIAL_X_URL: "",
  SOCIAL_YOUTUBE_URL: "",
};

const DEMO_VALUES = [
  "hello@example.com",
  "+1 (555) 010-0199",
  "tel:+15550100199",
  "100 Example Street",
  "https://www.facebook.com/",
  "https://x.com/",
];

let database: DatabaseHandle;
let site: ReturnType<typeof createTestApp>;
const contexts: RequestContext[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  const handleRequest = createRequestHandler(await appServerBuild(), "production");
  site = createTestApp(database, {
    settings: CUSTOM,
    handlePage: (request, context) => {
      contexts.push(context);
      return handleRequest(request, context);
    },
  });
});

afterAll(async () => {
  await database?.close();
});

async function page(path: string): Promise<string> {
  const response = await site.app.request(path, { headers: { "X-Forwarded-For": nextAddress() } });
  expect(response.status).toBe(200);
  return response.text();
}

/** The footer's markup (without React's text separators): the same on every page. */
function footerOf(html: string): string {
  const footer = /<footer[\s\S]*?<\/footer>/.exec(html)?.[0];
  if (!footer) throw new Error("the page has no footer");
  return footer.replaceAll("<!-- -->", "");
}

/** The page's schema.org objects. */
function jsonLdOf(html: string): Array<Record<string, unknown>> {
  return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map(
    (match) => JSON.parse(match[1]!) as Record<string, unknown>,
  );
}

describe("the agency's contact details from the settings", () => {
  it("show on the contact page, in its footer and its structured data, with no demo value", async () => {
    const html = await page("/contact");
    expect(html).toContain('href="mailto:team@agency.example"');
    expect(html).toContain('href="tel:+442079460958"');
    expect(html).toContain("+44 20 7946 0958");
    expect(html).toContain("1 Harbour Street, Leith, Edinburgh EH6 6QP");

    const footer = footerOf(html);
    expect(footer).toContain("team@agency.example");
    expect(footer).toContain("+44 20 7946 0958");
    expect(footer).toContain("<address");
    expect(footer).toContain("1 Harbour Street, Leith, Edinburgh EH6 6QP");
    // Only the network that has a link shows.
    expect(footer).toContain('href="https://www.linkedin.com/company/agency-example"');
    expect(footer).toContain("LinkedIn (opens in a new tab)");
    expect(footer).not.toContain("Facebook");

    const organization = jsonLdOf(html).find((item) => item["@type"] === "Organization");
    expect(organization).toMatchObject({
      email: "team@agency.example",
      telephone: "+44 20 7946 0958",
      address: "1 Harbour Street, Leith, Edinburgh EH6 6QP",
      sameAs: ["https://www.linkedin.com/company/agency-example"],
    });

    for (const demo of DEMO_VALUES) expect(html).not.toContain(demo);
  });

  it("fill in the FAQ's answer on the home page and in its structured data", async () => {
    const html = await page("/");
    expect(html).toContain("E-mail us at team@agency.example and we will get back to you");
    expect(html).not.toContain("{agencyEmail}");
    const faqPage = jsonLdOf(html).find((item) => item["@type"] === "FAQPage");
    expect(JSON.stringify(faqPage)).toContain("E-mail us at team@agency.example");
    expect(footerOf(html)).toContain("+44 20 7946 0958");
    for (const demo of DEMO_VALUES) expect(html).not.toContain(demo);
  });

  it("close the sender's copy of a contact inquiry", async () => {
    await page("/contact");
    const context = contexts.at(-1)!;
    const email = uniqueEmail("grace");
    const fields = contactPageForm({ email, requiredServices: ["Project Management"], message: "" });
    const answer = await callAction(action, context, "/contact", fields);
    expect(answer.status).toBe(302);
    const [receipt] = await database.db.select().from(outbox).where(eq(outbox.recipient, email));
    expect(receipt?.replyTo).toBe("team@agency.example");
    expect(receipt?.textBody).toContain("team@agency.example | +44 20 7946 0958");
    expect(receipt?.htmlBody).toContain("team@agency.example | +44 20 7946 0958");
  });
});
