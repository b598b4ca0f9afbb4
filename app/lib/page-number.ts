/** A list's page from a query string: a whole number from 1 up, anything else the first page. */
export function pageNumberFrom(value: string | null | undefined): number {
  const page = Number(value);
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
}
