import { describe, expect, it } from "vitest";
import { ConfigurationError, loadEnvironment } from "./env.server";

describe("loadEnvironment", () => {
  it("needs nothing for a first run", () => {
    const env = loadEnvironment({});
    expect(env.PORT).toBe(3000);
    expect(env.AGENCY_TZ).toBe("America/New_York");
    expect(env.publicUrl).toBe("http://localhost:3000");
    expect(env.isProduction).toBe(false);
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it("refuses to serve a shared database without the shared secrets, saying how to make them", () => {
    const production = { NODE_ENV: "production", DATABASE_URL: "postgres://db.internal/app" };
    expect(() => loadEnvironment(production)).toThrow(ConfigurationError);
    expect(() => loadEnvironment(production)).toThrow(
      /SESSION_SECRET and ENCRYPTION_KEY: required with DATABASE_URL\..*`npm run secrets`/,
    );
    expect(() => loadEnvironment({ ...production, SESSION_SECRET: "s".repeat(32) })).toThrow(
      /ENCRYPTION_KEY: required with DATABASE_URL/,
    );
    const keys = { SESSION_SECRET: "s".repeat(32), ENCRYPTION_KEY: Buffer.alloc(32, 1).toString("base64") };
    expect(loadEnvironment({ ...production, ...keys }).DATABASE_URL).toBe("postgres://db.internal/app");
    // The embedded database is one machine's; a demo (`npm start`) and development make their own.
    expect(() => loadEnvironment({ NODE_ENV: "production" })).not.toThrow();
    expect(() => loadEnvironment({ ...production, DEMO_MODE: "true" })).not.toThrow();
    expect(() => loadEnvironment({ DATABASE_URL: production.DATABASE_URL })).not.toThrow();
  });

  it("refuses bad values with a list naming each setting", () => {
    expect(() => loadEnvironment({ PORT: "eighty", AGENCY_EMAIL: "nobody" })).toThrow(ConfigurationError);
    try {
      loadEnvironment({ PORT: "eighty", AGENCY_EMAIL: "nobody" });
    } catch (error) {
      expect((error as Error).message).toContain("PORT");
      expect((error as Error).message).toContain("AGENCY_EMAIL");
    }
  });

  it("refuses an unknown time zone", () => {
    expect(() => loadEnvironment({ AGENCY_TZ: "Mars/Olympus" })).toThrow(/AGENCY_TZ/);
  });

  it("makes meeting links with a Jitsi room by default and checks a template at start", () => {
    expect(loadEnvironment({}).MEETING_URL_TEMPLATE).toBe("https://meet.jit.si/VAHub-{room}");
    expect(loadEnvironment({}).REMINDER_POLL_MS).toBe(60_000);
    expect(() => loadEnvironment({ MEETING_URL_TEMPLATE: "https://meet.example.com/agency" })).toThrow(
      /MEETING_URL_TEMPLATE: must contain \{room\}/,
    );
    expect(() => loadEnvironment({ MEETING_URL_TEMPLATE: "meet/{room}" })).toThrow(/MEETING_URL_TEMPLATE/);
    // A local meeting server over http is fine while developing, never in production.
    const local = { MEETING_URL_TEMPLATE: "http://localhost:8443/{room}" };
    expect(loadEnvironment(local).MEETING_URL_TEMPLATE).toBe(local.MEETING_URL_TEMPLATE);
    expect(() => loadEnvironment({ ...local, NODE_ENV: "production" })).toThrow(/https/);
  });

  it("drops a trailing slash from the public URL", () => {
    expect(loadEnvironment({ PUBLIC_URL: "https://va.example.com/" }).publicUrl).toBe(
      "https://va.example.com",
    );
  });

  describe("the agency's contact details", () => {
    it("are the demo values on a fresh install, with every network", () => {
      expect(loadEnvironment({}).contact).toEqual({
        email: "hello@example.com",
        phone: "+1 (555) 010-0199",
        phoneHref: "tel:+15550100199",
        address: "100 Example Street, Suite 200, Springfield, IL 62701, United States",
        social: [
          { network: "Facebook", href: "https://www.facebook.com/" },
          { network: "Instagram", href: "https://www.instagram.com/" },
          { network: "LinkedIn", href: "https://www.linkedin.com/" },
          { network: "X", href: "https://x.com/" },
          { network: "YouTube", href: "https://www.youtube.com/" },
        ],
      });
    });

    it("come from the settings: a custom phone makes its tel: link, an empty network is hidden", () => {
      const env = loadEnvironment({
        AGENCY_EMAIL: "team@agency.example",
        AGENCY_PHONE: " 020 7946 0958 ",
        AGENCY_ADDRESS: "1 Harbour Street, Leith, Edinburgh EH6 6QP",
        SOCIAL_FACEBOOK_URL: "",
        SOCIAL_INSTAGRAM_URL: "",
        SOCIAL_LINKEDIN_URL: "https://www.linkedin.com/company/agency",
        SOCIAL_X_URL: "",
        SOCIAL_YOUTUBE_URL: "",
      });
      expect(env.contact).toEqual({
        email: "team@agency.example",
        phone: "020 7946 0958",
        phoneHref: "tel:02079460958",
        address: "1 Harbour Street, Leith, Edinburgh EH6 6QP",
        social: [{ network: "LinkedIn", href: "https://www.linkedin.com/company/agency" }],
      });
      // The inbox for inquiries is still AGENCY_EMAIL.
      expect(env.AGENCY_EMAIL).toBe("team@agency.example");
      expect(loadEnvironment({ AGENCY_PHONE: "+44 20 7946 0958" }).contact.phoneHref).toBe(
        "tel:+442079460958",
      );
      expect(loadEnvironment({ AGENCY_ADDRESS: "" }).contact.address).toBe("");
    });

    it.each([
      ["a phone without digits", { AGENCY_PHONE: "call us" }, /AGENCY_PHONE: must be a phone number/],
      ["a phone of letters and digits", { AGENCY_PHONE: "+1 555 CALL NOW" }, /AGENCY_PHONE/],
      ["a phone too short to dial", { AGENCY_PHONE: "12" }, /AGENCY_PHONE: must hold at least 5 digits/],
      [
        "a social link over http",
        { SOCIAL_X_URL: "http://x.com/agency" },
        /SOCIAL_X_URL: must be an https:\/\/ address/,
      ],
      [
        "a social link that is no address",
        { SOCIAL_YOUTUBE_URL: "youtube.com/agency" },
        /SOCIAL_YOUTUBE_URL/,
      ],
      ["a script for a link", { SOCIAL_FACEBOOK_URL: "javascript:alert(1)" }, /SOCIAL_FACEBOOK_URL/],
    ])("refuse %s with a configuration error naming the setting", (_case, settings, problem) => {
      expect(() => loadEnvironment(settings)).toThrow(ConfigurationError);
      expect(() => loadEnvironment(settings)).toThrow(problem);
    });
  });
});
