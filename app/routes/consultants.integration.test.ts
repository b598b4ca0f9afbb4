import { users } from "@db/schema";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createConsultant, createUserWithSession } from "../../tests/setup/factories";
import { callLoader, routeSuite } from "../../tests/setup/route-calls";
import { loader } from "./consultants";

const suite = routeSuite();

interface DirectoryPage {
  zoneLabel: string;
  consultants: { name: string; nextFree: { time: string | null; windowDays: number } }[];
  values: Record<string, string>;
  emptyAdvice: { sentence: string } | null;
}

async function directory(path: string, token?: string) {
  const context = await suite.pageContext(token ? { token } : {});
  const [, speciality] = new URL(path, "http://localhost").pathname.match(/^\/consultant\/?([^/]*)$/) ?? [];
  return callLoader<DirectoryPage>(loader, context, path, { speciality: speciality || undefined });
}

describe("the consultant directory", () => {
  it("tells an anonymous visitor the next free times in the agency's zone, named", async () => {
    await createConsultant(suite.db, { name: "Zoned Open Consultant" });
    await createConsultant(suite.db, { name: "Zoned Closed Consultant", available: false });
    const { status, data } = await directory("/consultant?q=zoned");
    expect(status).toBe(200);
    expect(data.zoneLabel).toBe("New York time");
    expect(data.consultants.map((card) => card.name)).toEqual([
      "Zoned Closed Consultant",
      "Zoned Open Consultant",
    ]);
    expect(data.consultants[0]!.nextFree).toEqual({ time: null, windowDays: 7 });
    expect(data.consultants[1]!.nextFree.time).toMatch(
      /^(Today|Tomorrow|\w{3}, \w{3} \d+) at \d+:(00|30) (AM|PM)$/,
    );
  });

  it("tells a signed-in customer the times in their own zone", async () => {
    await createConsultant(suite.db, { name: "Kathmandu Reader Consultant" });
    const customer = await createUserWithSession(suite.db, "directory-zone");
    await suite.db.update(users).set({ timeZone: "Asia/Kathmandu" }).where(eq(users.id, customer.id));
    const { data } = await directory("/consultant?q=kathmandu", customer.token);
    expect(data.zoneLabel).toBe("Kathmandu time");
    // Kathmandu is 5 hours 45 minutes ahead of UTC: the grid's half hours fall on :15 and :45 there.
    expect(data.consultants[0]!.nextFree.time).toMatch(/:(15|45) (AM|PM)$/);
  });

  it("answers malformed filters with the plain listing, and an unknown speciality with no list", async () => {
    const odd = await directory(`/consultant?when=soon&maxFee=1e9&sort=%F0%9F%98%80&q=${"x".repeat(300)}`);
    expect(odd.status).toBe(200);
    expect(odd.data.values).toEqual({ q: "x".repeat(100), when: "", maxFee: "", sort: "" });
    const unknown = await directory("/consultant/astrology?q=a");
    expect(unknown.status).toBe(200);
    expect(unknown.data.consultants).toEqual([]);
  });
});
