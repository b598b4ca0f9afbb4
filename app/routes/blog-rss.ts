import { site } from "~/content/site";
import { renderRssFeed } from "~/features/blog/feed";
import { listPosts, warnInLog } from "~/features/blog/posts.server";
import type { Route } from "./+types/blog-rss";

export async function loader({ context }: Route.LoaderArgs) {
  const posts = await listPosts(context.env.BLOG_DIR, { onInvalid: warnInLog(context.logger) });
  const xml = renderRssFeed(
    {
      origin: context.env.publicUrl,
      title: `${site.name} Blog`,
      description: "Practical advice on delegating, onboarding and working well with virtual assistants.",
    },
    posts,
  );
  return new Response(xml, {
    headers: {
      "Content-Type": "application/rss+xml; charset=utf-8",
      "Cache-Control": "public, max-age=3600",
    },
  });
}
