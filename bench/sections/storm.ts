import { callJson, registerAccount } from "../lib/api";
import { integer, met, percentile, table } from "../lib/format";
import type { BenchSection } from "../lib/section";

const STORM_ATTEMPTS = 200;
const STORM_SLOTS = 20;
/** Each account may hold three unpaid bookings, so the storm needs enough of them for every slot. */
const STORM_ACCOUNTS = 40;
const TARGET_P99_MS = 300;

interface SlotsAnswer {
  days: { slots: { slotDate: string; slotTime: string }[] }[];
}

/**
 * A storm of bookings: 200 attempts sent at once, ten for each of 20 free slots of one consultant.
 * Exactly one booking per slot may succeed; the others must be told the slot is taken (409), which
 * is an answer, not an error. An error is a 5xx or no answer at all. The server runs without its
 * cap on requests in flight (MAX_REQUESTS_IN_FLIGHT=1000000, bench/lib/server.ts), so every attempt
 * reaches the booking code.
 */
export const stormSection: BenchSection = {
  name: "storm",
  title: `Booking storm: ${STORM_ATTEMPTS} concurrent attempts over ${STORM_SLOTS} slots by ${STORM_ACCOUNTS} accounts`,
  async run({ baseUrl }) {
    const { body: list } = await callJson(baseUrl, "/api/doctor/list");
    const consultants = list.doctors as { _id: string; available: boolean }[];
    // The last available one: the other sections book the first ones.
    const consultant = consultants.filter((candidate) => candidate.available).at(-1);
    if (!consultant) throw new Error("the demo data has no available consultant");

    const { body: slotsBody } = await callJson(baseUrl, `/api/consultant/${consultant._id}/slots`);
    const slots = (slotsBody as unknown as SlotsAnswer).days
      .flatMap((day) => day.slots)
      .slice(0, STORM_SLOTS);
    if (slots.length < STORM_SLOTS) throw new Error(`only ${slots.length} free slots to book`);
    const accounts = await Promise.all(
      Array.from({ length: STORM_ACCOUNTS }, (_, index) =>
        registerAccount(baseUrl, `storm${index}`, "bench pass phrase 2026"),
      ),
    );
    const attempts = Array.from({ length: STORM_ATTEMPTS }, (_, index) => ({
      token: accounts[index % STORM_ACCOUNTS]!.token,
      slot: slots[index % STORM_SLOTS]!,
    }));
    const outcomes = await Promise.all(
      attempts.map(async ({ token, slot }) => {
        const started = performance.now();
        try {
          const { status } = await callJson(baseUrl, "/api/user/book-appointment", {
            token,
            body: { docId: consultant._id, slotDate: slot.slotDate, slotTime: slot.slotTime },
          });
          return { status, ms: performance.now() - started };
        } catch {
          return { status: 0, ms: performance.now() - started };
        }
      }),
    );
    const count = (test: (status: number) => boolean) =>
      outcomes.filter((outcome) => test(outcome.status)).length;
    const times = outcomes.map((outcome) => outcome.ms).sort((a, b) => a - b);
    const p99 = percentile(times, 0.99);
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
        ],
      ),
    );
  },
};
