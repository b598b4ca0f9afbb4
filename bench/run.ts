// `npm run bench`: starts the production build (built just before) and prints what each section
// measures. Pick sections by name: `tsx bench/run.ts page-weight pipeline`.
import { availableParallelism, cpus } from "node:os";
import type { BenchSection } from "./lib/section";
import { buildDirectory, startProductionServer } from "./lib/server";
import { accountsSection } from "./sections/accounts";
import { adminAppointmentsSection } from "./sections/admin-appointments";
import { botSection } from "./sections/bot";
import { calendarsSection } from "./sections/calendars";
import { clusterSection } from "./sections/cluster";
import { memorySection } from "./sections/memory";
import { overloadSection } from "./sections/overload";
import { pageWeightSection } from "./sections/page-weight";
import { pipelineSection } from "./sections/pipeline";
import { receiptsSection } from "./sections/receipts";
import { renderSection } from "./sections/render";
import { restartSection } from "./sections/restart";
import { soakSection } from "./sections/soak";
import { stormSection } from "./sections/storm";
import { voiceSection } from "./sections/voice";
import { waitlistSection } from "./sections/waitlist";

const sections: BenchSection[] = [
  pageWeightSection,
  pipelineSection,
  renderSection,
  accountsSection,
  stormSection,
  botSection,
  voiceSection,
  adminAppointmentsSection,
  calendarsSection,
  waitlistSection,
  receiptsSection,
  overloadSection,
  restartSection,
  // Long: ten minutes by default (BENCH_SOAK_SECONDS), then 100,000 requests.
  soakSection,
  memorySection,
  clusterSection,
];

const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !sections.some((section) => section.name === name));
if (unknown.length > 0) {
  console.error(
    `Unknown bench section(s): ${unknown.join(", ")}. Known: ${sections.map((s) => s.name).join(", ")}.`,
  );
  process.exit(2);
}
const chosen = wanted.length === 0 ? sections : sections.filter((section) => wanted.includes(section.name));

// Every figure below depends on it: the load generator shares these cores with the server.
console.log(`Machine: ${availableParallelism()} cores (${cpus()[0]?.model.trim() ?? "unknown CPU"}).`);
console.log(`Starting the production server (build: ${buildDirectory}, Node ${process.version})…`);
const server = await startProductionServer();
let failed = false;
try {
  console.log(`Server ready at ${server.url}\n`);
  for (const section of chosen) {
    console.log(`== ${section.title} ==\n`);
    try {
      await section.run({ baseUrl: server.url, serverPid: server.pid });
    } catch (error) {
      failed = true;
      console.error(
        `The "${section.name}" section failed: ${error instanceof Error ? error.message : error}`,
      );
    }
    console.log("");
  }
} finally {
  await server.stop();
}
process.exit(failed ? 1 : 0);
