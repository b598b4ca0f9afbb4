import type { Database } from "./db.server";
import type { Environment } from "./env.server";
import type { Logger } from "./logger.server";

/** What every loader and action receives as `context`: the server's shared parts for this request. */
export type RequestContext = {
  db: Database;
  env: Environment;
  logger: Logger;
  requestId: string;
  cspNonce: string;
};

declare module "react-router" {
  interface AppLoadContext extends RequestContext {}
}
