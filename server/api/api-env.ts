import type { Context } from "hono";
import type { AuthRequest } from "~/features/accounts/accounts.server";
import type { RequestContext } from "~/infra/request-context.server";
import { FeatureError } from "~/lib/errors";
import type { User } from "../../db/schema";

/** Hono's per-request variables: the same parts loaders get as their context. */
export type ApiEnv = { Variables: RequestContext };

export function requireApiUser(context: Context<ApiEnv>): User {
  const user = context.var.user;
  if (!user) throw new FeatureError("unauthenticated", "Not authorized. Please log in again.");
  return user;
}

export function authRequestFrom(context: { var: RequestContext }): AuthRequest {
  const { env, clientAddress } = context.var;
  return {
    clientAddress,
    sessionDays: env.SESSION_DAYS,
    limits: {
      perAddressPerMinute: env.RATE_LIMIT_FORMS_PER_MINUTE,
      failedLoginsPerAccount: env.RATE_LIMIT_FAILED_LOGINS,
    },
  };
}
