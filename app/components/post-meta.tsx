/** `YYYY-MM-DD` as "June 10, 2025", the same on server and browser (read as a calendar day in UTC). */
export function formatPostDate(day: string): string {
  return new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" }).format(
    new Date(`${day}T00:00:00Z`),
  );
}

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
      <time dateTime={date}>{formatPostDate(date)}</time>
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
