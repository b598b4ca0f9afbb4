/**
 * Prometheus' own checker accepts what GET /metrics says (DESIGN.md §9): `promtool check metrics`
 * from Debian's prometheus package, which .ci/run installs (`apt-get install -y prometheus`).
 */
import { describe, expect, it } from "vitest";
import { bookOrFail, consultantNamed, createUserWithSession, getWith } from "../tests/setup/factories";
import { frozenSuite } from "../tests/setup/frozen-suite";
import { promtoolCheckMetrics } from "../tests/setup/promtool";

const TOKEN = "metrics-token-for-the-promtool-test";
const suite = frozenSuite({ settings: { METRICS_TOKEN: TOKEN } });

describe("promtool check metrics", () => {
  it("accepts a scrape with requests, a booking and a queued e-mail in it", async () => {
    const lucas = await consultantNamed(suite.db, "Lucas Meyer");
    const user = await createUserWithSession(suite.db);
    await bookOrFail(suite.app, user.token, { docId: lucas.id, slotDate: "6_5_2027", slotTime: "02:00 PM" });
    await getWith(suite.app, `/api/consultant/${lucas.id}/slots`);
    await getWith(suite.app, `/appointment/${lucas.id}`);
    await getWith(suite.app, "/no/such/page");

    const response = await suite.app.request("/metrics", { headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).toContain("bookings_total ");
    expect(promtoolCheckMetrics(text)).toEqual({ status: 0, complaints: "" });
  });
});
