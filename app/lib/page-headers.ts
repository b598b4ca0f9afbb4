/**
 * The answer headers of a page that is one person's own (a form, an account, the staff area): no
 * cache may keep it, and a refused post (a rate limit) says when to try again. React Router takes a
 * page's headers from its `headers` export only, so headers an action sets would otherwise be lost.
 */
export function privatePageHeaders(
  { actionHeaders, loaderHeaders }: { actionHeaders: Headers; loaderHeaders: Headers },
  /** Loader headers the page passes on as they are (e.g. its Content-Security-Policy). */
  fromLoader: readonly string[] = [],
): Headers {
  const headers = new Headers({ "Cache-Control": "no-store" });
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  for (const name of fromLoader) {
    const value = loaderHeaders.get(name);
    if (value) headers.set(name, value);
  }
  return headers;
}
