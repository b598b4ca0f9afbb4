import type { Context } from "hono";
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
