import { integer, table } from "../lib/format";
import type { BenchSection } from "../lib/section";

const SESSIONS = 20;
const DURATION_SECONDS = Number(process.env.BENCH_DURATION ?? 10);
const WARM_UP_SECONDS = 2;
/** Below the default 30 messages a minute per session, so the rate limit never answers instead of the bot. */
const TURNS_PER_SESSION = 25;
const BOT_PATH = "/bots/VAHUBBOT01/botAliases/TSTALIASID/botLocales/en_US/sessions";

/** What visitors ask, in turn: greetings, FAQ facts, services, prices, a dialog's first steps, nonsense. */
const SCRIPT = [
  "hello",
  "Do you have a referral program?",
  "What services do you offer?",
  "Tell me about bookkeeping",
  "Is there a setup fee?",
  "I need a tax consultant",
  "how much does it cost?",
  "asdf qwerty",
  "I'd like a free consultation",
  "Ada Lovelace",
  "ada@example.com",
  "cancel",
];

interface Run {
  latencies: number[];
  errors: Map<string, number>;
  seconds: number;
}

function percentile(sorted: number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)]!;
}

/** SESSIONS visitors chatting at once, each sending its next message as soon as the last is answered. */
async function load(baseUrl: string, seconds: number, label: string): Promise<Run> {
  const latencies: number[] = [];
  const errors = new Map<string, number>();
  const started = performance.now();
  const deadline = started + seconds * 1000;
  let sessionCounter = 0;

  async function visitor(index: number) {
    let turn = 0;
    let sessionId = "";
    while (performance.now() < deadline) {
      if (turn % TURNS_PER_SESSION === 0) {
        sessionCounter += 1;
        sessionId = `bench-${label}-${process.pid}-${index}-${sessionCounter}`;
      }
      const text = SCRIPT[turn % SCRIPT.length]!;
      turn += 1;
      const sent = performance.now();
      try {
        const response = await fetch(`${baseUrl}${BOT_PATH}/${sessionId}/text`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ text }),
        });
        await response.arrayBuffer();
        if (response.ok) latencies.push(performance.now() - sent);
        else errors.set(String(response.status), (errors.get(String(response.status)) ?? 0) + 1);
      } catch (error) {
        const name = error instanceof Error ? error.name : "error";
        errors.set(name, (errors.get(name) ?? 0) + 1);
      }
    }
  }

  await Promise.all(Array.from({ length: SESSIONS }, (_, index) => visitor(index)));
  return { latencies, errors, seconds: (performance.now() - started) / 1000 };
}

export const botSection: BenchSection = {
  name: "bot",
  title: `Bot: RecognizeText turns (${SESSIONS} concurrent sessions, ${DURATION_SECONDS} s after a ${WARM_UP_SECONDS} s warm-up)`,
  async run({ baseUrl }) {
    await load(baseUrl, WARM_UP_SECONDS, "warm");
    const run = await load(baseUrl, DURATION_SECONDS, "run");
    const sorted = [...run.latencies].sort((a, b) => a - b);
    const errors = [...run.errors.entries()].map(([kind, total]) => `${kind}×${total}`).join(" ") || "0";
    console.log(
      table(
        ["operation", "turns/s", "p50 ms", "p99 ms", "max ms", "turns", "errors"],
        [
          [
            "RecognizeText",
            integer(run.latencies.length / run.seconds),
            percentile(sorted, 0.5).toFixed(1),
            percentile(sorted, 0.99).toFixed(1),
            (sorted.at(-1) ?? Number.NaN).toFixed(1),
            integer(run.latencies.length),
            errors,
          ],
        ],
      ),
    );
    console.log(
      `\nEach turn: rate-limit count, session row locked, read, understood (BM25 + sentiment), written, in one transaction.`,
    );
  },
};
