import type { User } from "../../db/schema";
import type { ChangeAwareCache } from "./change-aware-cache.server";
import type { Clock } from "./clock.server";
import type { AppCookies } from "./cookies.server";
import type { Database } from "./db.server";
import type { Environment } from "./env.server";
import type { Logger } from "./logger.server";
import type { PaymentGateways } from "./payment-gateways.server";
import type { AppSecrets } from "./secrets.server";

/** What every loader and action receives as `context`: the server's shared parts for this request. */
export type RequestContext = {
  db: Database;
  env: Environment;
  logger: Logger;
  secrets: AppSecrets;
  cookies: AppCookies;
  /** Stripe and Razorpay, real or sandbox (absent when neither keys nor the sandbox are there). */
  payments: PaymentGateways;
  /** The time rules are checked against (the system clock, or a test's). */
  clock: Clock;
  requestId: string;
  cspNonce: string;
  /** The visitor's address: the socket's, or the proxy's header when TRUST_PROXY is set. */
  clientAddress: string;
  /**
   * What pages compute from consultants and bookings (the directory's entries), kept until either
   * changes: the process's one, hearing the database's notices (server/runtime.ts). Absent, or
   * not hearing, it keeps nothing. Each feature keeps its values under keys of its own prefix.
   */
  catalogueData?: ChangeAwareCache<unknown>;
  /** The signed-in user, when the request carries a live session token. */
  user?: User;
  sessionToken?: string;
};

declare module "react-router" {
  interface AppLoadContext extends RequestContext {}
}
