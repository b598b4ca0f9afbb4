/** A query that can be cut to one page, as Drizzle's select builders can. */
interface PageableQuery<Row> {
  limit(limit: number): { offset(offset: number): PromiseLike<Row[]> };
}

/**
 * One page of a list (pages count from 1; anything lower is the first), read one row past its end
 * so the caller knows whether another page follows without counting the whole list.
 */
export async function readPage<Row>(
  query: PageableQuery<Row>,
  page: number,
  pageSize: number,
): Promise<{ rows: Row[]; hasMore: boolean }> {
  const rows = await query.limit(pageSize + 1).offset((Math.max(1, page) - 1) * pageSize);
  return { rows: rows.slice(0, pageSize), hasMore: rows.length > pageSize };
}

/**
 * Where a counted list's page falls: the asked page (a whole number from 1), no further than the
 * last page, and the rows to skip for it.
 */
export function countedPage(
  total: number,
  requested: number | undefined,
  pageSize: number,
): { page: number; pageCount: number; offset: number } {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(1, Math.trunc(requested ?? 1) || 1), pageCount);
  return { page, pageCount, offset: (page - 1) * pageSize };
}
