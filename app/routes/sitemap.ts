import { listPosts, warnInLog } from "~/features/blog/posts.server";
import { renderSitemap, sitemapEntries } from "~/features/seo/crawlers";
import { routeTable, sitemapPaths } from "~/route-table";
import type { Route } from "./+types/sitemap";

export async function loader({ context }: Route.LoaderArgs) {
  const posts = await listPosts(context.env.BLOG_DIR, { onInvalid: warnInLog(context.logger) });
  return new Response(renderSitemap(context.env.publicUrl, sitemapEntries(sitemapPaths(routeTable), posts)), {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
