// `npm run bench:bot`: how well and how fast the built-in assistant understands, in this process
// (no build, no server). Prints the intent accuracy on the labelled evaluation set, out-of-scope
// precision and recall, the pairs it confuses, training time, turn latency through RecognizeText on
// an in-memory database, and what 10,000 open sessions take. `--misses` lists every miss;
// `--understanding` stops after the understanding figures.
import { recognizeText } from "~/features/bot/bot.server";
import { understand, warmUp } from "~/features/bot/nlu";
import { openDatabase } from "~/infra/db.server";
import { evaluationSet } from "./bot-evaluation-set";
import { integer, percentile, table } from "./lib/format";

const OUT_OF_SCOPE = "FallbackIntent";
const SESSIONS_FOR_MEMORY = 10_000;
const BOT = { botId: "VAHUBBOT01", botAliasId: "TSTALIASID", localeId: "en_US" } as const;

function percent(part: number, whole: number): string {
  return whole === 0 ? "n/a" : `${((100 * part) / whole).toFixed(1)} %`;
}

function megabytes(bytes: number): string {
  return (bytes / 1024 / 1024).toFixed(1);
}

function collectGarbage(): void {
  (globalThis as { gc?: () => void }).gc?.();
}

async function evaluate(showMisses: boolean) {
  const tally = {
    correct: 0,
    inScope: 0,
    inScopeCorrect: 0,
    predictedOut: 0,
    predictedOutCorrectly: 0,
    labelledOut: 0,
  };
  const confusions = new Map<string, { count: number; example: string }>();
  const understandingMs: number[] = [];
  for (const item of evaluationSet) {
    const started = performance.now();
    const { top } = await understand(item.text);
    understandingMs.push(performance.now() - started);
    const right = top.intent === item.intent && (item.value === undefined || top.value === item.value);
    if (right) tally.correct += 1;
    if (item.intent === OUT_OF_SCOPE) tally.labelledOut += 1;
    else {
      tally.inScope += 1;
      if (right) tally.inScopeCorrect += 1;
    }
    if (top.intent === OUT_OF_SCOPE) {
      tally.predictedOut += 1;
      if (item.intent === OUT_OF_SCOPE) tally.predictedOutCorrectly += 1;
    }
    if (!right) {
      const expected = `${item.intent}${item.value ? `(${item.value})` : ""}`;
      const got = `${top.intent}${top.value && top.intent === item.intent ? `(${top.value})` : ""}`;
      const pair = `${expected} → ${got}`;
      const seen = confusions.get(pair);
      confusions.set(pair, { count: (seen?.count ?? 0) + 1, example: seen?.example ?? item.text });
      if (showMisses) console.log(`  miss: ${JSON.stringify(item.text)}: ${pair} (${top.confidence})`);
    }
  }
  return { ...tally, confusions, understandingMs };
}

/** A visitor's conversation: questions, then the first steps of a consultation request. */
const DIALOG_SCRIPT = [
  "hello",
  "I'd like a free consultation",
  "Ada Lovelace",
  "ada@example.com",
  "is there a setup fee?",
  "+44 20 7946 0958",
  "cancel",
];

async function measureTurns() {
  const handle = await openDatabase({});
  const context = {
    settings: { messagesPerMinute: 1_000_000, idleSeconds: 86_400, newSessionsPerHour: 1_000_000_000 },
    inquiry: {
      clientAddress: "127.0.0.1",
      perAddressPerMinute: 1_000_000,
      agencyEmail: "team@example.com",
      contact: { email: "team@example.com", phone: "+1 (555) 010-0199" },
    },
    signedIn: false,
  };
  const turnMs: number[] = [];
  const say = async (sessionId: string, text: string) => {
    const started = performance.now();
    await recognizeText(handle.db, { ...BOT, sessionId }, { text }, context);
    turnMs.push(performance.now() - started);
  };
  try {
    // Warm-up: the first turns compile the queries.
    for (let index = 0; index < 20; index++) await say(`warm-${index}`, "hello");
    turnMs.length = 0;
    for (const [index, item] of evaluationSet.entries()) await say(`eval-${index}`, item.text);
    for (let run = 0; run < 30; run++) {
      for (const text of DIALOG_SCRIPT) await say(`dialog-${run}`, text);
    }

    collectGarbage();
    const heapBefore = process.memoryUsage();
    for (let index = 0; index < SESSIONS_FOR_MEMORY; index++) {
      await recognizeText(
        handle.db,
        { ...BOT, sessionId: `open-${index}` },
        { text: "free consultation about social media please, I'm ada@example.com" },
        context,
      );
    }
    collectGarbage();
    const heapAfter = process.memoryUsage();
    const sizeResult = await handle.db.execute(
      "select pg_total_relation_size('bot_sessions') as bytes, count(*) as sessions from bot_sessions" as never,
    );
    const row = (sizeResult as unknown as { rows: Array<{ bytes: string | number }> }).rows[0];
    return {
      turnMs,
      tableBytes: Number(row?.bytes ?? Number.NaN),
      heapDelta: heapAfter.heapUsed - heapBefore.heapUsed,
      rssDelta: heapAfter.rss - heapBefore.rss,
    };
  } finally {
    await handle.close();
  }
}

const showMisses = process.argv.includes("--misses");
const trainingMs = await warmUp();
const result = await evaluate(showMisses);
const total = evaluationSet.length;

console.log(`== Understanding: ${total} labelled utterances (bench/bot-evaluation-set.ts) ==\n`);
console.log(
  table(
    ["measure", "value"],
    [
      ["intent accuracy (all)", percent(result.correct, total)],
      ["intent accuracy (in scope)", percent(result.inScopeCorrect, result.inScope)],
      ["out-of-scope precision", percent(result.predictedOutCorrectly, result.predictedOut)],
      ["out-of-scope recall", percent(result.predictedOutCorrectly, result.labelledOut)],
      ["training ms", trainingMs.toFixed(0)],
      [
        "understanding p99 ms",
        percentile(
          [...result.understandingMs].sort((a, b) => a - b),
          0.99,
        ).toFixed(2),
      ],
    ],
  ),
);
const pairs = [...result.confusions.entries()].sort((a, b) => b[1].count - a[1].count);
console.log(`\nConfusion pairs (${pairs.length}; expected → taken as, count, one example):`);
for (const [pair, { count, example }] of pairs.slice(0, 25)) {
  console.log(`  ${pair}  ×${count}  e.g. ${JSON.stringify(example)}`);
}

if (process.argv.includes("--understanding")) process.exit(0);
console.log("\n== Turns: RecognizeText on an in-memory database, one at a time ==\n");
const turns = await measureTurns();
const sorted = [...turns.turnMs].sort((a, b) => a - b);
console.log(
  table(
    ["turns", "p50 ms", "p99 ms", "max ms"],
    [
      [
        integer(sorted.length),
        percentile(sorted, 0.5).toFixed(1),
        percentile(sorted, 0.99).toFixed(1),
        (sorted.at(-1) ?? Number.NaN).toFixed(1),
      ],
    ],
  ),
);
console.log(
  `\n${integer(SESSIONS_FOR_MEMORY)} open sessions (a consultation request under way): ` +
    `${megabytes(turns.tableBytes)} MB in bot_sessions (${integer(turns.tableBytes / SESSIONS_FOR_MEMORY)} bytes each); ` +
    `process heap +${megabytes(turns.heapDelta)} MB, RSS +${megabytes(turns.rssDelta)} MB ` +
    "(the sessions live in the database, so the heap holds none of them).",
);
