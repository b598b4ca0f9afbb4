import { Rss } from "lucide-react";
import { href, Link } from "react-router";
import { PostMeta } from "~/components/site/post-meta";
import { listPosts, warnInLog } from "~/features/blog/posts.server";
import { originFrom, pageMeta } from "~/lib/seo";
import type { Route } from "./+types/blog";

export async function loader({ context }: Route.LoaderArgs) {
  const posts = await listPosts(context.env.BLOG_DIR, { onInvalid: warnInLog(context.logger) });
  return { posts };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Blog",
    description:
      "Practical advice for business owners on delegating, onboarding and working well with virtual assistants.",
    path: "/blog",
    origin: originFrom(matches),
  });

export default function Blog({ loaderData }: Route.ComponentProps) {
  const { posts } = loaderData;
  return (
    <div className="mx-auto max-w-3xl px-4 py-14 sm:px-6 sm:py-20">
      <header>
        <p className="font-semibold text-brand-700 text-sm uppercase tracking-widest">Resources</p>
        <h1 className="mt-2 font-bold text-4xl text-ink tracking-tight sm:text-5xl">Blog</h1>
        <p className="mt-4 text-lg text-muted">
          Practical advice on delegating, onboarding and working well with virtual assistants.
        </p>
        {posts.length > 0 ? (
          <a
            href="/blog/rss.xml"
            className="mt-4 inline-flex items-center gap-2 py-1 font-medium text-brand-700 underline-offset-4 hover:underline"
          >
            <Rss aria-hidden="true" className="size-4" />
            Subscribe with RSS
          </a>
        ) : null}
      </header>

      {posts.length === 0 ? (
        <p className="mt-12 rounded-2xl border border-gray-200 bg-surface px-6 py-12 text-center font-semibold text-ink text-xl">
          No Posts Yet
        </p>
      ) : (
        <ul className="mt-12 divide-y divide-gray-200 border-gray-200 border-y">
          {posts.map((post) => (
            <li key={post.slug}>
              <article className="py-8">
                <h2 className="font-bold text-2xl text-ink tracking-tight">
                  <Link
                    to={href("/blog/:slug", { slug: post.slug })}
                    className="rounded-sm underline-offset-4 hover:text-brand-700 hover:underline"
                  >
                    {post.title}
                  </Link>
                </h2>
                <PostMeta
                  date={post.date}
                  author={post.author}
                  readingMinutes={post.readingMinutes}
                  className="mt-2"
                />
                <p className="mt-3 text-muted">{post.description}</p>
              </article>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
