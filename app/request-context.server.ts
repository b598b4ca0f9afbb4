import type { SessionUser } from "~/features/accounts/sessions.server";
import type { Clock } from "~/infra/clock.server";
import type { AppCookies } from "~/infra/cookies.server";
import type { Database } from "~/infra/db.server";
import type { Environment } from "~/infra/env.server";
import type { Logger } from "~/infra/logger.server";
import type { PaymentGateways } from "~/infra/payment-gateways.server";
import type { AppSecrets } from "~/infra/secrets.server";
import type { KeptForPages } from "~/kept/kept.server";

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
  /** The assistant takes and gives speech here, so the chat offers its microphone. */
  botHears?: boolean;
  /** What the process keeps in memory that pages read (app/kept); absent, nothing is kept. */
  kept?: KeptForPages;
  /** The signed-in user, when the request carries a live session token. */
  user?: SessionUser;
  sessionToken?: string;
};

declare module "react-router" {
  interface AppLoadContext extends RequestContext {}
}
