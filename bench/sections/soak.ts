// Ten minutes of mixed traffic on the embedded database (PGlite), in the one server process:
// pages, the consultant list, slots, bot messages, logins, bookings and cancellations, in the
// proportions below, sent at the target's 300 requests a second. The server's resident memory is
// read from /proc at the start, every five seconds, and at the end.
//
// Before it, a short run with no schedule finds the most the server answers a second. Its
// latencies are those of a saturated server: 50 visitors that never pause always find a queue, so
// their latency is 50 divided by the rate, whatever each request costs. The latency target is
// measured at the target's rate instead, each request timed from when it was due.
import { integer, met, percentile, table } from "../lib/format";
import { type Activity, activityTable, mixedTraffic } from "../lib/mixed-traffic";
import { residentMegabytes } from "../lib/process-usage";
import type { BenchSection } from "../lib/section";

const SECONDS = Number(process.env.BENCH_SOAK_SECONDS ?? 600);
const CONNECTIONS = 50;
/**
 * What visitors do, by share: mostly reading pages and consultants, some chatting with the bot, few
 * logging in (a password hash is expensive by design), a booking now and then, and about as many
 * cancellations, so accounts stay under their three unpaid bookings.
 */
const MIX: Partial<Record<Activity, number>> = {
  page: 45,
  list: 15,
  slots: 20,
  bot: 12,
  login: 2,
  book: 3,
  cancel: 3,
};
const TARGETS = { requestsPerSecond: 300, p99Ms: 200, rssMegabytes: 400 };
const CEILING_SECONDS = Math.min(30, SECONDS);
/**
 * Sent a little above the target: the rate answered counts the time to the last answer, so a
 * server that keeps up with exactly 300 a second would show just under 300.
 */
const SENT_PER_SECOND = Math.round(TARGETS.requestsPerSecond * 1.02);

export const soakSection: BenchSection = {
  name: "soak",
  title: `Soak: ${integer(SECONDS)} s of mixed traffic on PGlite, one process (${CONNECTIONS} visitors; BENCH_SOAK_SECONDS)`,
  async run({ baseUrl, serverPid }) {
    const traffic = await mixedTraffic(baseUrl, MIX, CONNECTIONS);
    const ceiling = await traffic.run({ seconds: CEILING_SECONDS });
    const ceilingPerSecond = ceiling.latencies.length / ceiling.seconds;
    const rssStart = await residentMegabytes(serverPid);
    let rssPeak = rssStart;
    const sampler = setInterval(() => {
      residentMegabytes(serverPid)
        .then((rss) => {
          rssPeak = Math.max(rssPeak, rss);
        })
        .catch(() => undefined);
    }, 5_000);
    let result: Awaited<ReturnType<typeof traffic.run>>;
    try {
      result = await traffic.run({ seconds: SECONDS, perSecond: SENT_PER_SECOND });
    } finally {
      clearInterval(sampler);
      traffic.close();
    }
    const rssEnd = await residentMegabytes(serverPid);
    rssPeak = Math.max(rssPeak, rssEnd);

    const perSecond = result.latencies.length / result.seconds;
    const p99 = percentile(result.latencies, 0.99);
    const p99WithoutLogins = percentile(
      Float64Array.from(
        [...result.byActivity].flatMap(([activity, entry]) => (activity === "login" ? [] : entry.latencies)),
      ).sort(),
      0.99,
    );
    console.log(
      table(
        ["figure", "value", "target", "met?"],
        [
          [
            `most requests per second (${CEILING_SECONDS} s, no pause)`,
            integer(ceilingPerSecond),
            `≥ ${TARGETS.requestsPerSecond}`,
            met(ceilingPerSecond >= TARGETS.requestsPerSecond),
          ],
          [
            "  p50 / p99 latency there, ms",
            `${percentile(ceiling.latencies, 0.5).toFixed(1)} / ${percentile(ceiling.latencies, 0.99).toFixed(1)}`,
            "",
            "",
          ],
          [
            `requests per second answered (${SENT_PER_SECOND} sent a second)`,
            integer(perSecond),
            `≥ ${TARGETS.requestsPerSecond}`,
            met(perSecond >= TARGETS.requestsPerSecond),
          ],
          ["p50 latency, ms", percentile(result.latencies, 0.5).toFixed(1), "", ""],
          ["p99 latency, ms", p99.toFixed(1), `≤ ${TARGETS.p99Ms}`, met(p99 <= TARGETS.p99Ms)],
          ["  p99 of all but logins (a password hash each), ms", p99WithoutLogins.toFixed(1), "", ""],
          ["requests", integer(result.latencies.length), "", ""],
          [
            "errors (5xx or no answer)",
            String(result.errors + ceiling.errors),
            "0",
            met(result.errors + ceiling.errors === 0),
          ],
          [
            "unexpected 4xx",
            String(result.unexpected + ceiling.unexpected),
            "0",
            met(result.unexpected + ceiling.unexpected === 0),
          ],
          ["server RSS at start, MB", integer(rssStart), "", ""],
          [
            "server RSS at end, MB",
            integer(rssEnd),
            `≤ ${TARGETS.rssMegabytes}`,
            met(rssEnd <= TARGETS.rssMegabytes),
          ],
          // Shown, not judged: the figure is the resident memory after the run.
          ["server RSS peak (5 s samples), MB", integer(rssPeak), "", ""],
        ],
      ),
    );
    console.log(`\n${activityTable(result)}`);
    console.log(
      "\nA taken slot (409) or a full account (400, three unpaid bookings) is an answer, not an error. book counts the slots read before it.",
    );
  },
};
