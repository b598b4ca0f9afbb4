// Bundled by server/graceful-shutdown.integration.test.ts (and server/two-processes.integration.test.ts)
// as <build>/server/index.js in place of the React Router build: the real runtime and HTTP app, with
// pages that take SLOW_PAGE_MS and read the database at their end, so a shutdown that closed the
// database too early would make them fail. Each page names the process that served it.
import { getRequestListener } from "@hono/node-server";
import { sql } from "drizzle-orm";
import { createHttpApp } from "../../server/http-app";
import { closeRuntime as closeRealRuntime, getRuntime } from "../../server/runtime";

const slowPageMs = Number(process.env.SLOW_PAGE_MS ?? 1000);

export async function createApp() {
  const { env, logger, database, secrets, payments } = await getRuntime();
  const app = createHttpApp({
    env,
    logger,
    database,
    secrets,
    payments,
    handlePage: async (request, context) => {
      console.log(`SHUTDOWN-TEST page started ${new URL(request.url).pathname} in process ${process.pid}`);
      await new Promise((resolve) => setTimeout(resolve, slowPageMs));
      await context.db.execute(sql`select 1`);
      console.log(`SHUTDOWN-TEST page finished ${new URL(request.url).pathname}`);
      return new Response("<p>slow page</p>", { headers: { "Content-Type": "text/html" } });
    },
  });
  // Every request must reach the slow pages: no step answers from memory.
  return { fetch: app.fetch, listener: getRequestListener(app.fetch) };
}

export async function closeRuntime() {
  await closeRealRuntime();
  console.log("SHUTDOWN-TEST database closed");
}
