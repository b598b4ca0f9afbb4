import { callJson, loadHeaders, loadRow, loadTest, registerAccount } from "../lib/api";
import { integer, table } from "../lib/format";
import type { BenchSection } from "../lib/section";

const CONNECTIONS = 50;
const STORM_ATTEMPTS = 200;
const STORM_SLOTS = 20;
/** Each account may hold three unpaid bookings, so the storm needs enough of them for every slot. */
const STORM_ACCOUNTS = 40;

interface SlotsAnswer {
  days: { slots: { slotDate: string; slotTime: string }[] }[];
}

/** The consultant list and slots under load, and a storm of concurrent bookings over a few slots. */
export const bookingSection: BenchSection = {
  name: "booking",
  title: `Booking: consultant list and slots (${CONNECTIONS} connections), and a booking storm`,
  async run({ baseUrl }) {
    const { body: list } = await callJson(baseUrl, "/api/doctor/list");
    const consultants = list.doctors as { _id: string; available: boolean }[];
    const bookable = consultants.filter((consultant) => consultant.available);
    const [first, second] = bookable;
    if (!first || !second) throw new Error("the demo data has fewer than two available consultants");

    const listLoad = await loadTest({
      url: new URL("/api/doctor/list", baseUrl).href,
      connections: CONNECTIONS,
    });
    const slotsLoad = await loadTest({
      url: new URL(`/api/consultant/${first._id}/slots`, baseUrl).href,
      connections: CONNECTIONS,
    });
    console.log(
      table(loadHeaders, [
        loadRow("GET /api/doctor/list", listLoad),
        loadRow("GET /api/consultant/{id}/slots", slotsLoad),
      ]),
    );

    // The storm: 200 attempts at once, ten for each of 20 slots of one consultant.
    const { body: slotsBody } = await callJson(baseUrl, `/api/consultant/${second._id}/slots`);
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
            body: { docId: second._id, slotDate: slot.slotDate, slotTime: slot.slotTime },
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
    const p99 = times[Math.min(times.length - 1, Math.ceil(times.length * 0.99) - 1)] ?? 0;
    console.log(
      `\nBooking storm: ${STORM_ATTEMPTS} concurrent attempts over ${STORM_SLOTS} slots by ${STORM_ACCOUNTS} accounts\n`,
    );
    console.log(
      table(
        ["outcome", "count"],
        [
          ["booked (201)", String(count((status) => status === 201))],
          ["slot taken (409)", String(count((status) => status === 409))],
          ["other 4xx", String(count((status) => status >= 400 && status < 500 && status !== 409))],
          ["errors (5xx or no answer)", String(count((status) => status >= 500 || status === 0))],
          ["p99 latency, ms", integer(p99)],
        ],
      ),
    );
  },
};
