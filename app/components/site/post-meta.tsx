import { formatCalendarDate } from "~/lib/dates";

/** Date, author and reading time of a post, in one line. */
export function PostMeta({
  date,
  author,
  readingMinutes,
  className = "",
}: {
  date: string;
  author?: string;
  readingMinutes: number;
  className?: string;
}) {
  return (
    <p className={`flex flex-wrap items-center gap-x-2 gap-y-1 text-muted text-sm ${className}`}>
      <time dateTime={date}>{formatCalendarDate(date)}</time>
      {author ? (
        <>
          <span aria-hidden="true">·</span>
          <span>By {author}</span>
        </>
      ) : null}
      <span aria-hidden="true">·</span>
      <span>{readingMinutes} min read</span>
    </p>
  );
}
