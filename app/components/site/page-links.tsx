import { Link } from "react-router";

/**
 * "Newer" and "Older" links of a server-paged list, keeping the list's filters. `search` is the
 * current query string without its page.
 */
export function PageLinks({
  page,
  hasMore,
  search,
  label,
}: {
  page: number;
  hasMore: boolean;
  search: URLSearchParams;
  /** What the list is, for the navigation's name, e.g. "People pages". */
  label: string;
}) {
  if (page <= 1 && !hasMore) return null;
  const linkTo = (target: number) => {
    const query = new URLSearchParams(search);
    query.delete("page");
    if (target > 1) query.set("page", String(target));
    const text = query.toString();
    return text ? `?${text}` : "?";
  };
  const linkClass =
    "rounded-full border border-gray-300 px-4 py-2 font-medium text-ink text-sm hover:border-brand-700";
  return (
    <nav aria-label={label} className="mt-6 flex flex-wrap items-center justify-between gap-3">
      {page > 1 ? (
        <Link to={linkTo(page - 1)} className={linkClass} rel="prev">
          Previous page
        </Link>
      ) : (
        <span />
      )}
      <p className="text-muted text-sm">Page {page}</p>
      {hasMore ? (
        <Link to={linkTo(page + 1)} className={linkClass} rel="next">
          Next page
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
