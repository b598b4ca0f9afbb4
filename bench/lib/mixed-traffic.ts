// Mixed traffic for the soak and memory sections: virtual visitors, each sending its next request as
// soon as the last is answered, picking what to do by weight. Requests go over node:http with
// keep-alive (one connection per visitor), which costs the client far less CPU than fetch: on a
// small machine the client shares the cores with the server.
import { Agent, request } from "node:http";
import { registerAccount } from "./api";
import { integer, percentile, table } from "./format";

export type Activity = "page" | "list" | "slots" | "bot" | "login" | "book" | "cancel";

/** Pages a visitor reads: cached content pages and pages rendered each time. */
const PAGES = ["/", "/about", "/services", "/pricing", "/blog", "/consultant", "/login"];
const BOT_PATH = "/bots/VAHUBBOT01/botAliases/TSTALIASID/botLocales/en_US/sessions";
const BOT_SCRIPT = [
  "hello",
  "What services do you offer?",
  "Is there a setup fee?",
  "how much does it cost?",
  "Do you have a referral program?",
  "I need a tax consultant",
];
/** A visitor starts a new chat after this many messages. */
const BOT_TURNS = 6;
const PASSWORD = "bench pass phrase 2026";
const ACCOUNTS = 20;

interface Answer {
  status: number;
  body: Buffer;
}

interface Account {
  email: string;
  token: string;
  /** Bookings it holds, to cancel later. */
  appointments: string[];
  busy: boolean;
}

export interface TrafficResult {
  seconds: number;
  /** Every request's time, ms, ascending. */
  latencies: Float64Array;
  /** 5xx or no answer. */
  errors: number;
  /** A 4xx the activity does not expect (a taken slot or the booking limit are expected). */
  unexpected: number;
  byActivity: Map<Activity, { requests: number; latencies: number[]; errors: number; unexpected: number }>;
}

export interface MixedTraffic {
  /**
   * Runs until `seconds` have passed or `requests` have been sent, whichever comes first. Without
   * `perSecond` each visitor sends its next request as soon as the last is answered (the most the
   * server can do); with it, requests are sent on an even schedule of that many a second (see timed).
   */
  run(options: { seconds?: number; requests?: number; perSecond?: number }): Promise<TrafficResult>;
  close(): void;
}

function pick<T>(items: readonly T[]): T {
  return items[Math.floor(Math.random() * items.length)]!;
}

/**
 * Prepares the traffic: accounts to log in and book with (only when those activities have a weight)
 * and the consultants' ids. `weights` gives each activity's share of the visitors' choices.
 */
export async function mixedTraffic(
  baseUrl: string,
  weights: Partial<Record<Activity, number>>,
  connections: number,
): Promise<MixedTraffic> {
  const origin = new URL(baseUrl);
  const agent = new Agent({ keepAlive: true, maxSockets: connections });

  function send(method: string, path: string, headers: Record<string, string> = {}, body?: unknown) {
    return new Promise<Answer>((resolve) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const outgoing = request(
        {
          host: origin.hostname,
          port: origin.port,
          method,
          path,
          agent,
          headers: payload ? { ...headers, "Content-Type": "application/json" } : headers,
        },
        (incoming) => {
          const chunks: Buffer[] = [];
          incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
          incoming.on("end", () =>
            resolve({ status: incoming.statusCode ?? 0, body: Buffer.concat(chunks) }),
          );
          incoming.on("error", () => resolve({ status: 0, body: Buffer.alloc(0) }));
        },
      );
      outgoing.setTimeout(30_000, () => outgoing.destroy(new Error("timed out")));
      outgoing.on("error", () => resolve({ status: 0, body: Buffer.alloc(0) }));
      outgoing.end(payload);
    });
  }

  const list = await send("GET", "/api/doctor/list");
  const doctors = (JSON.parse(list.body.toString()) as { doctors: { _id: string; available: boolean }[] })
    .doctors;
  const consultantIds = doctors.map((doctor) => doctor._id);
  const bookable = doctors.filter((doctor) => doctor.available).map((doctor) => doctor._id);
  const needsAccounts = Boolean(weights.login || weights.book || weights.cancel);
  const accounts: Account[] = needsAccounts
    ? (
        await Promise.all(
          Array.from({ length: ACCOUNTS }, (_, index) => registerAccount(baseUrl, `mixed${index}`, PASSWORD)),
        )
      ).map((account) => ({ ...account, appointments: [], busy: false }))
    : [];

  const activities = Object.entries(weights).filter(([, weight]) => (weight ?? 0) > 0) as [
    Activity,
    number,
  ][];
  const totalWeight = activities.reduce((sum, [, weight]) => sum + weight, 0);
  function choose(): Activity {
    let roll = Math.random() * totalWeight;
    for (const [activity, weight] of activities) {
      roll -= weight;
      if (roll < 0) return activity;
    }
    return activities[0]![0];
  }

  /** An account no other visitor is using, so its bookings are counted right. */
  function borrowAccount(): Account | undefined {
    const free = accounts.filter((account) => !account.busy);
    const account = free.length > 0 ? pick(free) : undefined;
    if (account) account.busy = true;
    return account;
  }

  async function run(options: {
    seconds?: number;
    requests?: number;
    perSecond?: number;
  }): Promise<TrafficResult> {
    const byActivity: TrafficResult["byActivity"] = new Map();
    const latencies: number[] = [];
    let errors = 0;
    let unexpected = 0;
    let sent = 0;
    const started = performance.now();
    const deadline =
      options.seconds === undefined ? Number.POSITIVE_INFINITY : started + options.seconds * 1000;
    const limit = options.requests ?? Number.POSITIVE_INFINITY;
    const { perSecond } = options;
    /** When the request with this number is due: on the schedule, or now. */
    const dueAt = (ticket: number) => (perSecond ? started + (ticket * 1000) / perSecond : performance.now());
    const more = () => (perSecond ? dueAt(sent) : performance.now()) < deadline && sent < limit;

    /**
     * Sends one request and files its outcome; `expected` are the 4xx that are answers, not faults.
     * On a schedule, each request waits for its time and its latency counts from that time, not
     * from when a visitor was free to send it: a slow answer that holds visitors back shows in the
     * figures instead of thinning the load (no coordinated omission).
     */
    async function timed(activity: Activity, call: () => Promise<Answer>, expected: number[] = []) {
      const due = dueAt(sent);
      sent += 1;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const answer = await call();
      const ms = performance.now() - due;
      latencies.push(ms);
      let entry = byActivity.get(activity);
      if (!entry) {
        entry = { requests: 0, latencies: [], errors: 0, unexpected: 0 };
        byActivity.set(activity, entry);
      }
      entry.requests += 1;
      entry.latencies.push(ms);
      if (answer.status === 0 || answer.status >= 500) {
        errors += 1;
        entry.errors += 1;
      } else if (answer.status >= 400 && !expected.includes(answer.status)) {
        unexpected += 1;
        entry.unexpected += 1;
      }
      return answer;
    }

    async function visitor(index: number) {
      let chat = 0;
      let turn = 0;
      while (more()) {
        const activity = choose();
        if (activity === "page") {
          await timed("page", () => send("GET", pick(PAGES), { "Accept-Encoding": "br, gzip" }));
        } else if (activity === "list") {
          await timed("list", () => send("GET", "/api/doctor/list", { "Accept-Encoding": "gzip" }));
        } else if (activity === "slots") {
          await timed("slots", () => send("GET", `/api/consultant/${pick(consultantIds)}/slots`));
        } else if (activity === "bot") {
          if (turn % BOT_TURNS === 0) chat += 1;
          const sessionId = `mixed-${process.pid}-${index}-${chat}`;
          const text = BOT_SCRIPT[turn % BOT_SCRIPT.length]!;
          turn += 1;
          await timed("bot", () => send("POST", `${BOT_PATH}/${sessionId}/text`, {}, { text }));
        } else {
          const account = borrowAccount();
          if (!account) continue;
          try {
            if (activity === "login") {
              await timed("login", () =>
                send("POST", "/api/user/login", {}, { email: account.email, password: PASSWORD }),
              );
            } else if (activity === "cancel" && account.appointments.length > 0) {
              const appointmentId = account.appointments.shift()!;
              // 409: the appointment started meanwhile (the first slots are the next half hour's).
              await timed(
                "cancel",
                () =>
                  send("POST", "/api/user/cancel-appointment", { token: account.token }, { appointmentId }),
                [409],
              );
            } else {
              // Booking as a visitor does: the consultant's free slots, then one of the first few.
              const docId = pick(bookable);
              const slots = await timed("book", () => send("GET", `/api/consultant/${docId}/slots`));
              if (slots.status !== 200 || !more()) continue;
              const days = (
                JSON.parse(slots.body.toString()) as {
                  days: { slots: { slotDate: string; slotTime: string }[] }[];
                }
              ).days;
              const free = days.flatMap((day) => day.slots).slice(0, 20);
              if (free.length === 0) continue;
              const slot = pick(free);
              // 409: taken meanwhile; 400: the account already holds its three unpaid bookings.
              const booked = await timed(
                "book",
                () =>
                  send(
                    "POST",
                    "/api/user/book-appointment",
                    { token: account.token },
                    { docId, slotDate: slot.slotDate, slotTime: slot.slotTime },
                  ),
                [400, 409],
              );
              if (booked.status === 201) {
                const { appointmentId } = JSON.parse(booked.body.toString()) as { appointmentId: string };
                account.appointments.push(appointmentId);
              }
            }
          } finally {
            account.busy = false;
          }
        }
      }
    }

    await Promise.all(Array.from({ length: connections }, (_, index) => visitor(index)));
    const sorted = Float64Array.from(latencies).sort();
    for (const entry of byActivity.values()) entry.latencies.sort((a, b) => a - b);
    return {
      seconds: (performance.now() - started) / 1000,
      latencies: sorted,
      errors,
      unexpected,
      byActivity,
    };
  }

  return { run, close: () => agent.destroy() };
}

/** Requests, share, p50, p99 and faults of each activity. */
export function activityTable(result: TrafficResult): string {
  const total = result.latencies.length;
  return table(
    ["activity", "requests", "share", "p50 ms", "p99 ms", "errors", "unexpected 4xx"],
    [...result.byActivity.entries()].map(([activity, entry]) => [
      activity,
      integer(entry.requests),
      `${((entry.requests / total) * 100).toFixed(1)} %`,
      percentile(entry.latencies, 0.5).toFixed(1),
      percentile(entry.latencies, 0.99).toFixed(1),
      String(entry.errors),
      String(entry.unexpected),
    ]),
  );
}
