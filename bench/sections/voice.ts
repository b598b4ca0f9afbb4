// Voice: spoken questions through RecognizeUtterance, beside the typed turn of the same question.
// Questions are spoken by voices other than the assistant's own (flite's rms, awb and kal16, and
// espeak-ng, a different kind of synthesizer), from sentences written apart from its training.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { spokenWords } from "~/features/voice/spoken-words";
import { openVoice } from "~/features/voice/voice-support.server";
import { integer, met, percentile, table } from "../lib/format";
import { residentMegabytes } from "../lib/process-usage";
import type { BenchSection } from "../lib/section";

const SESSIONS = "/bots/VAHUBBOT01/botAliases/TSTALIASID/botLocales/en_US/sessions";
const L16 = "audio/l16; rate=16000; channels=1";
const TURNS_FOR_MEMORY = 200;

/** The held set: what visitors say, with the intent the assistant should take it as. */
const HELD_SET: Array<{ text: string; intent: string }> = [
  { text: "What do your packages cost?", intent: "PricingAndOffers" },
  { text: "How much is the starter package?", intent: "PricingAndOffers" },
  { text: "Can you do my bookkeeping?", intent: "ServiceDetails" },
  { text: "Do you write blog posts?", intent: "ServiceDetails" },
  { text: "I want to talk to a tax adviser", intent: "FindConsultant" },
  { text: "I need a financial advisor", intent: "FindConsultant" },
  { text: "How does booking work?", intent: "BookAppointment" },
  { text: "When is my next appointment?", intent: "MyAppointments" },
  { text: "What is the consulting fee?", intent: "ConsultantFees" },
  { text: "What kind of services are available?", intent: "ServicesOverview" },
];

type Speaker = { name: string; speak(text: string, file: string): void };

function installed(command: string): boolean {
  try {
    execFileSync("which", [command], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

const allSpeakers: Speaker[] = [
  ...["rms", "awb", "kal16"].map((voice) => ({
    name: `flite ${voice}`,
    speak: (text: string, file: string) => execFileSync("flite", ["-voice", voice, "-t", text, "-o", file]),
  })),
  {
    name: "espeak-ng en-us",
    speak(text: string, file: string) {
      execFileSync("espeak-ng", ["-v", "en-us", "-s", "140", "-w", `${file}.22k.wav`, text]);
      execFileSync("sox", [`${file}.22k.wav`, "-r", "16000", "-c", "1", "-b", "16", file]);
    },
  },
];
const speakers = allSpeakers.filter((speaker) => speaker.name.startsWith("flite") || installed("espeak-ng"));

function decodeHeader(value: string | string[] | undefined): unknown {
  return JSON.parse(gunzipSync(Buffer.from(String(value ?? ""), "base64")).toString("utf8"));
}

interface Timed {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** From the last byte of the question sent to the answer's headers, and to its first audio byte. */
  toHeadersMs: number;
  toAudioMs: number;
  body: Buffer;
}

/** One request, timed from the moment its whole body was handed to the socket. */
function timedPost(url: string, headers: Record<string, string>, body: Uint8Array): Promise<Timed> {
  return new Promise((resolve, reject) => {
    let sentAt = 0;
    const call = request(url, { method: "POST", headers }, (response) => {
      const toHeadersMs = performance.now() - sentAt;
      let toAudioMs = Number.NaN;
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => {
        if (chunks.length === 0) toAudioMs = performance.now() - sentAt;
        chunks.push(chunk);
      });
      response.on("end", () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          toHeadersMs,
          toAudioMs,
          body: Buffer.concat(chunks),
        }),
      );
      response.on("error", reject);
    });
    call.on("error", reject);
    call.end(body, () => {
      sentAt = performance.now();
    });
  });
}

function utterance(baseUrl: string, session: string, audio: Uint8Array, answer = "audio/mpeg") {
  return timedPost(
    `${baseUrl}${SESSIONS}/${session}/utterance`,
    { "Content-Type": L16, "Response-Content-Type": answer },
    audio,
  );
}

async function typedAnswer(baseUrl: string, session: string, text: string) {
  const response = await fetch(`${baseUrl}${SESSIONS}/${session}/text`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ text }),
  });
  const body = (await response.json()) as {
    messages?: unknown;
    interpretations?: Array<{ intent: { name: string } }>;
  };
  return { messages: JSON.stringify(body.messages), intent: body.interpretations?.[0]?.intent.name };
}

/** Word error rate: word-level edit distance over the reference's length. */
function wordErrors(reference: string[], heard: string[]): number {
  const previous = Array.from({ length: heard.length + 1 }, (_, index) => index);
  for (let row = 1; row <= reference.length; row++) {
    let diagonal = previous[0]!;
    previous[0] = row;
    for (let column = 1; column <= heard.length; column++) {
      const above = previous[column]!;
      const cost = reference[row - 1] === heard[column - 1] ? 0 : 1;
      previous[column] = Math.min(above + 1, previous[column - 1]! + 1, diagonal + cost);
      diagonal = above;
    }
  }
  return previous[heard.length]!;
}

function pcmOf(file: string): Uint8Array {
  return new Uint8Array(readFileSync(file)).subarray(44);
}

export const voiceSection: BenchSection = {
  name: "voice",
  title: `Voice: ${HELD_SET.length} held-out questions × ${speakers.length} voices through RecognizeUtterance`,
  async run({ baseUrl, serverPid }) {
    if (speakers.length < allSpeakers.length) {
      console.log("espeak-ng is not installed (apt-get install -y espeak-ng): its voice is left out.\n");
    }
    const folder = mkdtempSync(path.join(tmpdir(), "bench-voice-"));
    try {
      let session = 0;
      const newSession = () => `bench-voice-${process.pid}-${++session}`;

      // Recognition: the right intent and the same answer (the fact) as the typed question.
      const rows: string[][] = [];
      const latencies: number[] = [];
      const audioLatencies: number[] = [];
      const typedLatencies: number[] = [];
      let samples: Uint8Array | undefined;
      let totalRight = 0;
      let totalWords = 0;
      let totalErrors = 0;
      for (const speaker of speakers) {
        let right = 0;
        let errors = 0;
        let words = 0;
        for (const [index, item] of HELD_SET.entries()) {
          const file = path.join(folder, `${speaker.name.replace(/\W+/g, "-")}-${index}.wav`);
          speaker.speak(item.text, file);
          const audio = pcmOf(file);
          samples ??= audio;
          const typedStarted = performance.now();
          const typed = await typedAnswer(baseUrl, newSession(), item.text);
          typedLatencies.push(performance.now() - typedStarted);
          const spoken = await utterance(baseUrl, newSession(), audio);
          if (spoken.status !== 200)
            throw new Error(`a spoken question answered ${spoken.status}: ${spoken.body}`);
          latencies.push(spoken.toHeadersMs);
          audioLatencies.push(spoken.toAudioMs);
          const transcript = String(decodeHeader(spoken.headers["x-amz-lex-input-transcript"]));
          const intent = (
            decodeHeader(spoken.headers["x-amz-lex-interpretations"]) as Array<{
              intent: { name: string };
            }>
          )[0]?.intent.name;
          const sameAnswer =
            JSON.stringify(decodeHeader(spoken.headers["x-amz-lex-messages"])) === typed.messages;
          if (spoken.status === 200 && intent === item.intent && sameAnswer) right += 1;
          const reference = spokenWords(item.text);
          words += reference.length;
          errors += wordErrors(reference, transcript.split(" ").filter(Boolean));
          if (process.env.BENCH_VOICE_VERBOSE)
            console.log(`${speaker.name}: "${item.text}" → "${transcript}" (${intent})`);
        }
        totalRight += right;
        totalWords += words;
        totalErrors += errors;
        rows.push([
          speaker.name,
          `${right} / ${HELD_SET.length}`,
          `${((100 * errors) / words).toFixed(1)} %`,
        ]);
      }
      rows.push([
        "all voices",
        `${totalRight} / ${HELD_SET.length * speakers.length}`,
        `${((100 * totalErrors) / totalWords).toFixed(1)} %`,
      ]);
      console.log(table(["voice", "right intent and fact", "word error rate"], rows));
      console.log(
        `Target: at least 9 of 10 right per voice: ${met(rows.slice(0, -1).every((row) => Number(row[1]!.split(" ")[0]) >= 9))}\n`,
      );

      const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
      const [heads, audios, typedTimes] = [sorted(latencies), sorted(audioLatencies), sorted(typedLatencies)];
      console.log(
        table(
          ["one at a time (ms)", "median", "p95"],
          [
            [
              "question sent → answer's headers (spoken)",
              integer(percentile(heads, 0.5)),
              integer(percentile(heads, 0.95)),
            ],
            [
              "question sent → first audio byte (MP3)",
              integer(percentile(audios, 0.5)),
              integer(percentile(audios, 0.95)),
            ],
            [
              "typed question → whole answer (RecognizeText)",
              integer(percentile(typedTimes, 0.5)),
              integer(percentile(typedTimes, 0.95)),
            ],
          ],
        ),
      );
      console.log(`Target: first byte within 1,000 ms at p95: ${met(percentile(audios, 0.95) <= 1000)}\n`);

      // Four at once: they wait for a decoder in turn, none is refused.
      const question = samples ?? new Uint8Array(0);
      const together = await Promise.all(
        Array.from({ length: 4 }, () => utterance(baseUrl, newSession(), question)),
      );
      const statuses = together.map((answer) => answer.status);
      const slowest = Math.max(...together.map((answer) => answer.toAudioMs));
      console.log(
        `Four questions at once: statuses ${statuses.join(", ")}; the last first audio byte after ${integer(slowest)} ms.\n`,
      );

      // Memory: the server's before and after many turns, and the engines' own in this process.
      const serverBefore = await residentMegabytes(serverPid);
      for (let turn = 0; turn < TURNS_FOR_MEMORY; turn++) {
        const answer = await utterance(baseUrl, newSession(), question);
        if (answer.status !== 200) throw new Error(`voice turn ${turn} answered ${answer.status}`);
      }
      const serverAfter = await residentMegabytes(serverPid);
      const beforeEngines = await residentMegabytes(process.pid);
      const voice = openVoice({ modelDirectory: path.join(folder, "model") });
      await voice.warmUp();
      const atRest = await residentMegabytes(process.pid);
      await voice.close();
      console.log(
        table(
          ["memory (MB)", "value"],
          [
            [
              "speech engines at rest (this process: decoders, voice, model)",
              (atRest - beforeEngines).toFixed(1),
            ],
            ["server resident before the turns", serverBefore.toFixed(1)],
            [`server resident after ${TURNS_FOR_MEMORY} voice turns`, serverAfter.toFixed(1)],
          ],
        ),
      );
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  },
};
