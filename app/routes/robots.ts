import { renderRobots } from "~/features/seo/crawlers";
import { disallowedPaths, routeTable } from "~/route-table";
import type { Route } from "./+types/robots";

export function loader({ context }: Route.LoaderArgs) {
  return new Response(renderRobots(context.env.publicUrl, disallowedPaths(routeTable)), {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
