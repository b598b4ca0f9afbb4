import { consultantFeedFor } from "~/features/calendars/calendar-feed.server";
import type { Route } from "./+types/calendar-feed";

/** GET /calendar/{token}.ics: a consultant's private feed, for any calendar app to subscribe to. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const token = params.feedFile.replace(/\.ics$/, "");
  const feed = params.feedFile.endsWith(".ics")
    ? await consultantFeedFor(context.db, token, context.clock())
    : undefined;
  if (!feed) {
    return new Response("This calendar feed address is not valid (it may have been replaced by a new one).", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  return new Response(feed, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex",
    },
  });
}
