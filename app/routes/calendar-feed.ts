import { consultantFeedFor } from "~/features/calendars/calendar-feed.server";
import { plainText, plainTextRefusal } from "~/infra/document-response.server";
import type { Route } from "./+types/calendar-feed";

const UNKNOWN_FEED = "This calendar feed address is not valid (it may have been replaced by a new one).";

/** GET /calendar/{token}.ics: a consultant's private feed, for any calendar app to subscribe to. */
export async function loader({ params, context }: Route.LoaderArgs) {
  if (!params.feedFile.endsWith(".ics")) return plainText(404, UNKNOWN_FEED);
  const token = params.feedFile.replace(/\.ics$/, "");
  let feed: string | undefined;
  try {
    feed = await consultantFeedFor(
      context.db,
      { token, clientAddress: context.clientAddress },
      context.clock(),
    );
  } catch (error) {
    return plainTextRefusal(error);
  }
  if (!feed) return plainText(404, UNKNOWN_FEED);
  return new Response(feed, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex",
    },
  });
}
