export function loader() {
  return new Response("blog-rss");
}
