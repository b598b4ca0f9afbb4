import { redirect } from "react-router";
import { revokeSession } from "~/features/accounts/sessions.server";
import type { Route } from "./+types/logout";

/** Ends the session on the server, clears the cookie and goes to /login. */
export async function action({ context }: Route.ActionArgs) {
  if (context.sessionToken) await revokeSession(context.db, context.sessionToken);
  const headers = new Headers();
  headers.append("Set-Cookie", await context.cookies.session.serialize("", { maxAge: 0 }));
  return redirect("/login", { headers });
}

export function loader() {
  return redirect("/");
}
