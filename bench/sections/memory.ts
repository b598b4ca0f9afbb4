// A leak check: the server's resident memory after 10,000 requests of a light mix (pages, the
// consultant list, slots, bot messages) and again after 100,000 of the same mix. Memory that only
// grows with the number of requests shows as growth between the two readings; caches and pools
// have filled by the first one.
import { integer, met, table } from "../lib/format";
import { activityTable, mixedTraffic } from "../lib/mixed-traffic";
import { residentMegabytes } from "../lib/process-usage";
import type { BenchSection } from "../lib/section";

const FIRST = Number(process.env.BENCH_MEMORY_FIRST ?? 10_000);
const SECOND = Number(process.env.BENCH_MEMORY_SECOND ?? 100_000);
const CONNECTIONS = 50;
const TARGET_GROWTH = 0.2;

export const memorySection: BenchSection = {
  name: "memory",
  title: `Memory: server RSS after ${integer(FIRST)} and after ${integer(SECOND)} mixed requests (BENCH_MEMORY_FIRST, BENCH_MEMORY_SECOND)`,
  async run({ baseUrl, serverPid }) {
    const traffic = await mixedTraffic(baseUrl, { page: 50, list: 15, slots: 20, bot: 15 }, CONNECTIONS);
    try {
      const before = await residentMegabytes(serverPid);
      const first = await traffic.run({ requests: FIRST });
      const afterFirst = await residentMegabytes(serverPid);
      const second = await traffic.run({ requests: Math.max(0, SECOND - FIRST) });
      const afterSecond = await residentMegabytes(serverPid);
      const growth = (afterSecond - afterFirst) / afterFirst;
      const errors = first.errors + second.errors;
      console.log(
        table(
          ["figure", "value", "target", "met?"],
          [
            ["server RSS before, MB", integer(before), "", ""],
            [`server RSS after ${integer(FIRST)} requests, MB`, integer(afterFirst), "", ""],
            [`server RSS after ${integer(SECOND)} requests, MB`, integer(afterSecond), "", ""],
            [
              "growth between the two",
              `${(growth * 100).toFixed(1)} %`,
              `≤ ${TARGET_GROWTH * 100} %`,
              met(growth <= TARGET_GROWTH),
            ],
            ["errors (5xx or no answer)", String(errors), "0", met(errors === 0)],
            ["unexpected 4xx", String(first.unexpected + second.unexpected), "0", ""],
          ],
        ),
      );
      console.log(
        `\nThe last ${integer(SECOND - FIRST)} requests, at ${integer(second.latencies.length / second.seconds)} a second:\n`,
      );
      console.log(activityTable(second));
    } finally {
      traffic.close();
    }
  },
};
