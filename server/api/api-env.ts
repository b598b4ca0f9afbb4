import type { User, UserRole } from "@db/schema";
import type { Context, MiddlewareHandler } from "hono";
import { FeatureError } from "~/lib/errors";
import type { RequestContext } from "~/request-context.server";

/**
 * Hono's per-request variables: the same parts loaders get as their context. Read one with
 * `context.get(name)`: `context.var` builds a new object of all of them at each use (a cost paid
 * several times a request, refused bookings included).
 */
export type ApiEnv = { Variables: RequestContext & WriteFacts };

/** What a route says of its own writes, for the steps around it (server/http-app.ts). */
export interface WriteFacts {
  /** Changes neither consultants nor appointments: what the process keeps of them outlives it. */
  leavesCatalogueAlone?: true;
}

/** Marks the route's writes as changing neither consultants nor appointments (WriteFacts). */
export const leavesCatalogueAlone: MiddlewareHandler<ApiEnv> = async (context, next) => {
  context.set("leavesCatalogueAlone", true);
  await next();
};

export const NOT_SIGNED_IN = "Not authorized. Please log in again.";
export const NOT_ALLOWED = "Your account is not allowed to do this.";

export function requireApiUser(context: Context<ApiEnv>): User {
  const user = context.get("user");
  if (!user) throw new FeatureError("unauthenticated", NOT_SIGNED_IN);
  return user;
}

/** The signed-in user of one of `roles`: 401 without a token, 403 for any other role. */
export function requireApiRole(context: Context<ApiEnv>, ...roles: readonly UserRole[]): User {
  const user = requireApiUser(context);
  if (!roles.includes(user.role)) throw new FeatureError("forbidden", NOT_ALLOWED);
  return user;
}

/**
 * Guards every route below it, before any handler runs, so a route added later cannot forget
 * the check (the authorization matrix test walks every registered route).
 */
export function onlyRoles(...roles: readonly UserRole[]): MiddlewareHandler<ApiEnv> {
  return async (context, next) => {
    requireApiRole(context, ...roles);
    await next();
  };
}
