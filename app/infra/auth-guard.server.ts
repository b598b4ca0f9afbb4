import type { User, UserRole } from "@db/schema";
import { data, redirect } from "react-router";

/** The part of the request context a guard reads. */
type SignedInContext = { user?: User };

/** A same-site path to return to after signing in; anything else becomes "/". */
export function safeRedirectPath(value: unknown, fallback = "/"): string {
  // Browsers drop tabs and line breaks and read a backslash as "/", so "/<tab>/evil.example" would
  // leave the site: refuse those characters outright, then check the address stays on this origin.
  if (typeof value !== "string" || !value.startsWith("/") || /[\p{Cc}\\]/u.test(value)) {
    return fallback;
  }
  const here = "http://this-site.invalid";
  try {
    const url = new URL(value, here);
    return url.origin === here ? `${url.pathname}${url.search}${url.hash}` : fallback;
  } catch {
    return fallback;
  }
}

/** The signed-in user, or a redirect to /login that comes back to this page afterwards. */
export function requireUser(request: Request, context: SignedInContext): User {
  if (context.user) return context.user;
  const url = new URL(request.url);
  const back = `${url.pathname}${url.search}`;
  throw redirect(`/login?redirectTo=${encodeURIComponent(back)}`);
}

/** What the error page offers after a 401: signing in, then coming back here. */
interface SignInNeeded {
  signInPath: string;
}

/**
 * The signed-in user when their role is one of `roles`. Staff pages answer 401 without a session
 * (the page offers to sign in and come back) and 403 to every other role, so the status tells
 * the truth to browsers and scripts alike.
 */
export function requireRole(request: Request, context: SignedInContext, ...roles: readonly UserRole[]): User {
  const user = context.user;
  if (!user) {
    const url = new URL(request.url);
    const back = `${url.pathname}${url.search}`;
    throw data<SignInNeeded>(
      { signInPath: `/login?redirectTo=${encodeURIComponent(back)}` },
      { status: 401 },
    );
  }
  if (!roles.includes(user.role)) throw data(null, { status: 403 });
  return user;
}

/** The consultant account's linked consultant profile id; an unlinked account cannot use the portal. */
export function requireConsultant(request: Request, context: SignedInContext) {
  const user = requireRole(request, context, "consultant");
  if (!user.consultantId) throw data(null, { status: 403 });
  return { user, consultantId: user.consultantId };
}
