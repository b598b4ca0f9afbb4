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
});
