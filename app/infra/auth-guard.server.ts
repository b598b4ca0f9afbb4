import { redirect } from "react-router";
import type { User } from "../../db/schema";
import type { RequestContext } from "./request-context.server";

/** A same-site path to return to after signing in; anything else becomes "/". */
export function safeRedirectPath(value: unknown, fallback = "/"): string {
  if (
    typeof value !== "string" ||
    !value.startsWith("/") ||
    value.startsWith("//") ||
    value.startsWith("/\\")
  ) {
    return fallback;
  }
  return value;
}

/** The signed-in user, or a redirect to /login that comes back to this page afterwards. */
export function requireUser(request: Request, context: Pick<RequestContext, "user">): User {
  if (context.user) return context.user;
  const url = new URL(request.url);
  const back = `${url.pathname}${url.search}`;
  throw redirect(`/login?redirectTo=${encodeURIComponent(back)}`);
}
