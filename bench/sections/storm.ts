import { callJson, postJsonForStatus, registerAccount } from "../lib/api";
import { record, startBareServer } from "../lib/bare-server";
import { integer, met, percentile, ratio, table } from "../lib/format";
import { cpuMilliseconds } from "../lib/process-usage";
import type { BenchSection } from "../lib/section";

const STORM_ATTEMPTS = 200;
const STORM_SLOTS = 20;
/** Each account may hold three unpaid bookings: a storm and its warm-up book two slots apiece of 20 of them. */
const STORM_ACCOUNTS = 40;
const TARGET_P99_MS = 300;
const BOOK_PATH = "/api/user/book-appointment";

interface SlotsAnswer {
  days: { slots: { slotDate: string; slotTime: string }[] }[];
}

interface Attempt {
  token: string;
  body: { docId: string; slotDate: string; slotTime: string };
}

interface Outcome {
  status: number;
  ms: number;
}

/** Ten attempts at each of the consultant's first 20 free slots, the accounts taking turns. */
async function stormAttempts(baseUrl: string, consultantId: string, tokens: string[]): Promise<Attempt[]> {
  const { body } = await callJson(baseUrl, `/api/consultant/${consultantId}/slots`);
  const slots = (body as unknown as SlotsAnswer).days.flatMap((day) => day.slots).slice(0, STORM_SLOTS);
  if (slots.length < STORM_SLOTS) throw new Error(`only ${slots.length} free slots to book`);
  return Array.from({ length: STORM_ATTEMPTS }, (_, index) => {
    const slot = slots[index % STORM_SLOTS]!;
    return {
      token: tokens[index % tokens.length]!,
      body: { docId: consultantId, slotDate: slot.slotDate, slotTime: slot.slotTime },
    };
  });
}

/** Every attempt sent at once, each timed from the moment it is sent to its whole answer. */
function storm(baseUrl: string, attempts: Attempt[]): Promise<Outcome[]> {
  return Promise.all(
    attempts.map(async ({ token, body }) => {
      const payload = JSON.stringify(body);
      const started = performance.now();
      try {
        const status = await postJsonForStatus(baseUrl, BOOK_PATH, { token }, payload);
        return { status, ms: performance.now() - started };
      } catch {
        return { status: 0, ms: performance.now() - started };
      }
    }),
  );
}

const sortedTimes = (outcomes: Outcome[]) => outcomes.map((outcome) => outcome.ms).sort((a, b) => a - b);

/**
 * A storm of bookings: 200 attempts sent at once, ten for each of 20 free slots of one consultant.
 * Exactly one booking per slot may succeed; the others must be told the slot is taken (409), which
 * is an answer, not an error. An error is a 5xx or no answer at all. The server runs without its
 * cap on requests in flight (MAX_REQUESTS_IN_FLIGHT=1000000, bench/lib/server.ts), so every attempt
 * reaches the booking code.
 *
 * As the load sections warm up before they measure, a first storm at another consultant's slots
 * goes unmeasured: the figure is the server's, not V8's first compile of the booking path. The
 * baseline is the same 200 requests from the same client answered by bare node:http with the
 * app's own "slot taken" answer, byte for byte: what connections, parsing and the client cost here.
 * The server's CPU time per attempt (from /proc) moves less with the machine's neighbours than
 * the latencies do.
 */
export const stormSection: BenchSection = {
  name: "storm",
  title: `Booking storm: ${STORM_ATTEMPTS} concurrent attempts over ${STORM_SLOTS} slots by ${STORM_ACCOUNTS} accounts`,
  async run({ baseUrl, serverPid }) {
    const { body: list } = await callJson(baseUrl, "/api/doctor/list");
    const available = (list.doctors as { _id: string; available: boolean }[]).filter(
      (candidate) => candidate.available,
    );
    // The last available ones: the other sections book the first ones.
    const [warmUpConsultant, consultant] = available.slice(-2);
    if (!warmUpConsultant || !consultant) throw new Error("the demo data has too few available consultants");
    const accounts = await Promise.all(
      Array.from({ length: STORM_ACCOUNTS }, (_, index) =>
        registerAccount(baseUrl, `storm${index}`, "bench pass phrase 2026"),
      ),
    );
    const tokens = accounts.map((account) => account.token);

    await storm(baseUrl, await stormAttempts(baseUrl, warmUpConsultant._id, tokens));
    const attempts = await stormAttempts(baseUrl, consultant._id, tokens);
    const cpuBefore = await cpuMilliseconds(serverPid);
    const outcomes = await storm(baseUrl, attempts);
    const serverCpuMs = (await cpuMilliseconds(serverPid)) - cpuBefore;

    // The slots are all taken now: this is the answer every losing attempt got.
    const slotTaken = await record(
      baseUrl,
      BOOK_PATH,
      { "Content-Type": "application/json", token: attempts[0]!.token },
      JSON.stringify(attempts[0]!.body),
    );
    if (slotTaken.status !== 409) throw new Error(`a taken slot answered ${slotTaken.status}, not 409`);
    const bare = await startBareServer([{ ...slotTaken, acceptEncoding: "gzip, deflate" }]);
    let bareTimes: number[];
    try {
      await storm(bare.url, attempts);
      const bareOutcomes = await storm(bare.url, attempts);
      if (bareOutcomes.some((outcome) => outcome.status !== 409))
        throw new Error("the bare server did not answer every attempt with the recorded 409");
      bareTimes = sortedTimes(bareOutcomes);
    } finally {
      await bare.stop();
    }

    const count = (test: (status: number) => boolean) =>
      outcomes.filter((outcome) => test(outcome.status)).length;
    const times = sortedTimes(outcomes);
    const p99 = percentile(times, 0.99);
    const bareP99 = percentile(bareTimes, 0.99);
    const booked = count((status) => status === 201);
    const errors = count((status) => status >= 500 || status === 0);
    console.log(
      table(
        ["outcome", "value", "target", "met?"],
        [
          ["booked (201)", String(booked), `${STORM_SLOTS}, one per slot`, met(booked === STORM_SLOTS)],
          ["slot taken (409)", String(count((status) => status === 409)), "the rest", ""],
          ["other 4xx", String(count((status) => status >= 400 && status < 500 && status !== 409)), "", ""],
          ["errors (5xx or no answer)", String(errors), "0", met(errors === 0)],
          ["p50 latency, ms", integer(percentile(times, 0.5)), "", ""],
          ["p99 latency, ms", integer(p99), `≤ ${TARGET_P99_MS}`, met(p99 <= TARGET_P99_MS)],
          ["server CPU per attempt, ms", (serverCpuMs / STORM_ATTEMPTS).toFixed(2), "", ""],
          ["bare node:http p50, ms", integer(percentile(bareTimes, 0.5)), "baseline", ""],
          ["bare node:http p99, ms", integer(bareP99), "baseline", ""],
          ["bare p99 / app p99", ratio(bareP99 / p99), "", ""],
        ],
      ),
    );
  },
};
