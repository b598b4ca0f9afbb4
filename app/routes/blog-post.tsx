import { ArrowLeft } from "lucide-react";
import { data, href, Link } from "react-router";
import { PostMeta } from "~/components/site/post-meta";
import { site } from "~/content/site";
import { getPost, warnInLog } from "~/features/blog/posts.server";
import { originFrom, pageMeta } from "~/lib/seo";
import type { Route } from "./+types/blog-post";

export async function loader({ context, params }: Route.LoaderArgs) {
  const post = await getPost(context.env.BLOG_DIR, params.slug, { onInvalid: warnInLog(context.logger) });
  if (!post) throw data(null, { status: 404 });
  return { post };
}

export const meta: Route.MetaFunction = ({ loaderData, matches }) => {
  const post = loaderData?.post;
  if (!post) return [{ title: `Page not found | ${site.name}` }];
  const origin = originFrom(matches);
  const url = `${origin}/blog/${post.slug}`;
  return pageMeta({
    title: post.title,
    description: post.description,
    path: href("/blog/:slug", { slug: post.slug }),
    origin,
    type: "article",
    jsonLd: {
      "@context": "https://schema.org",
      "@type": "BlogPosting",
      headline: post.title,
      description: post.description,
      datePublished: post.date,
      url,
      mainEntityOfPage: url,
      image: `${origin}/og-image.png`,
      ...(post.author ? { author: { "@type": "Person", name: post.author } } : {}),
      publisher: { "@type": "Organization", name: site.name, logo: `${origin}/logo.svg` },
    },
  });
};

/** Readable type for the rendered Markdown (headings from h2; see features/blog/posts.server.ts). */
const postBodyClass = [
  "text-lg text-ink leading-8",
  "[&>:first-child]:mt-0 [&_p]:mt-5",
  "[&_h2]:mt-12 [&_h2]:font-bold [&_h2]:text-2xl [&_h2]:tracking-tight",
  "[&_h3]:mt-8 [&_h3]:font-semibold [&_h3]:text-xl [&_h4]:mt-6 [&_h4]:font-semibold",
  "[&_ul]:mt-5 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:mt-5 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:mt-2",
  "[&_li::marker]:text-brand-700",
  "[&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline [&_a]:underline-offset-4 [&_a:hover]:text-brand-900",
  "[&_strong]:font-semibold",
  "[&_blockquote]:mt-6 [&_blockquote]:border-brand-300 [&_blockquote]:border-l-4 [&_blockquote]:pl-5 [&_blockquote]:text-muted [&_blockquote]:italic",
  "[&_code]:rounded [&_code]:bg-brand-50 [&_code]:px-1.5 [&_code]:py-0.5 [&_code]:text-base",
  "[&_pre]:mt-6 [&_pre]:overflow-x-auto [&_pre]:rounded-xl [&_pre]:bg-gray-900 [&_pre]:p-4 [&_pre]:text-gray-100 [&_pre_code]:bg-transparent [&_pre_code]:p-0",
  "[&_hr]:my-10 [&_hr]:border-gray-200 [&_img]:mt-6 [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded-xl",
  "[&_table]:mt-6 [&_table]:w-full [&_table]:text-base [&_td]:border-gray-200 [&_td]:border-b [&_td]:py-2 [&_th]:border-gray-300 [&_th]:border-b [&_th]:py-2 [&_th]:text-left",
].join(" ");

export default function BlogPost({ loaderData }: Route.ComponentProps) {
  const { post } = loaderData;
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <Link
        to="/blog"
        className="inline-flex items-center gap-2 rounded-sm py-1 font-medium text-brand-700 underline-offset-4 hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        All posts
      </Link>
      <article className="mt-8">
        <header className="border-gray-200 border-b pb-8">
          <h1 className="text-balance font-bold text-3xl text-ink tracking-tight sm:text-5xl">
            {post.title}
          </h1>
          <p className="mt-4 text-lg text-muted sm:text-xl">{post.description}</p>
          <PostMeta
            date={post.date}
            author={post.author}
            readingMinutes={post.readingMinutes}
            className="mt-6"
          />
        </header>
        <div
          className={`mt-10 ${postBodyClass}`}
          // The HTML comes from our own Markdown, with raw HTML escaped and unsafe links removed.
          // biome-ignore lint/security/noDangerouslySetInnerHtml: rendered and sanitised by posts.server.ts
          dangerouslySetInnerHTML={{ __html: post.html }}
        />
      </article>
      <aside
        aria-labelledby="post-cta"
        className="mt-16 rounded-2xl bg-brand-50 px-6 py-10 text-center sm:px-10"
      >
        <h2 id="post-cta" className="font-bold text-2xl text-ink tracking-tight">
          Ready to hand over the busywork?
        </h2>
        <p className="mx-auto mt-3 max-w-xl text-muted">
          Tell us what is taking up your week and we will match you with a vetted virtual assistant.
        </p>
        <Link
          to="/contact"
          className="mt-6 inline-block rounded-full bg-accent-400 px-6 py-3 font-semibold text-ink shadow-sm hover:bg-accent-300"
        >
          Request a Free Consultation
        </Link>
      </aside>
    </div>
  );
}
