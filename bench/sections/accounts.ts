import { callJson, loadHeaders, loadRow, loadTest, registerAccount } from "../lib/api";
import { integer, table } from "../lib/format";
import type { BenchSection } from "../lib/section";

const PASSWORD = "bench pass phrase 2026";
const CONNECTIONS = 50;

/** Logins per second (password hashing dominates) and the p99 of reading one's profile. */
export const accountsSection: BenchSection = {
  name: "accounts",
  title: `Accounts: logins per second and GET /api/user/get-profile (${CONNECTIONS} connections)`,
  async run({ baseUrl }) {
    const { email, token } = await registerAccount(baseUrl, "login", PASSWORD);

    // One login at a time shows the cost of one hash; many at once show the machine's limit.
    const sequentialTimes: number[] = [];
    for (let attempt = 0; attempt < 10; attempt++) {
      const started = performance.now();
      const { status } = await callJson(baseUrl, "/api/user/login", { body: { email, password: PASSWORD } });
      if (status !== 200) throw new Error(`login answered ${status}`);
      sequentialTimes.push(performance.now() - started);
    }
    const loginRequest = {
      url: new URL("/api/user/login", baseUrl).href,
      method: "POST" as const,
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password: PASSWORD }),
    };
    const logins = await loadTest({ ...loginRequest, connections: 8 });
    const profile = await loadTest({
      url: new URL("/api/user/get-profile", baseUrl).href,
      headers: { token },
      connections: CONNECTIONS,
    });

    const average = sequentialTimes.reduce((sum, time) => sum + time, 0) / sequentialTimes.length;
    console.log(`One login on its own (scrypt N=2^15): ${integer(average)} ms on average over 10.\n`);
    console.log(
      table(loadHeaders, [
        loadRow("POST /api/user/login (8 connections)", logins),
        loadRow("GET /api/user/get-profile", profile),
      ]),
    );
  },
};
