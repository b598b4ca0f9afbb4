import { z } from "zod";

/**
 * What a visitor asks of the consultant directory (/consultant and /consultant/{speciality}), read
 * from the address's query string so a search can be shared, bookmarked and gone back to. Anything
 * unknown or out of range reads as "no such filter": a shared or hand-edited address always shows
 * consultants, never an error page.
 */

/** The longest name search kept; longer ones are cut, not refused. */
export const SEARCH_MAX_LENGTH = 100;

/** The fee ceilings offered, in whole currency units for one 30-minute session. */
const feeCeilings = [75, 100, 125, 150] as const;
type FeeCeiling = (typeof feeCeilings)[number];

/** "today": a free time on the visitor's today; "week": any free time in the 7-day booking window. */
const freeTimeChoices = ["today", "week"] as const;
type FreeTimeChoice = (typeof freeTimeChoices)[number];

/** "name" (A to Z) is the default order; "soonest" by next free time; by rating; then by fee either way. */
const directorySorts = ["name", "soonest", "rating", "fee-low", "fee-high"] as const;
type DirectorySort = (typeof directorySorts)[number];

/** The directory form's choices as the page offers them; "" is a select's default (no filter, by name). */
export const directoryChoices = {
  when: [
    { value: "", label: "Any time" },
    { value: "today", label: "Today" },
    { value: "week", label: "This week" },
  ],
  maxFee: [
    { value: "", label: "Any fee" },
    ...feeCeilings.map((fee) => ({ value: String(fee), label: `Up to $${fee}` })),
  ],
  sort: [
    { value: "", label: "Name (A–Z)" },
    { value: "soonest", label: "Next free time" },
    { value: "rating", label: "Highest rated" },
    { value: "fee-low", label: "Lowest fee" },
    { value: "fee-high", label: "Highest fee" },
  ],
} satisfies Record<string, { value: string; label: string }[]>;

export interface DirectoryQuery {
  /** Part of a consultant's name; "" for none. */
  q: string;
  when: FreeTimeChoice | null;
  maxFee: FeeCeiling | null;
  sort: DirectorySort;
}

export const defaultDirectoryQuery: DirectoryQuery = { q: "", when: null, maxFee: null, sort: "name" };

/** Control characters dropped, runs of spaces made one, trimmed, cut to SEARCH_MAX_LENGTH characters. */
function tidySearch(text: string): string {
  const tidy = text
    .replace(/\p{Cc}/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
  // By code point, so a cut never splits an emoji or other character in two.
  return Array.from(tidy).slice(0, SEARCH_MAX_LENGTH).join("").trim();
}

const directoryQuerySchema = z.object({
  q: z.string().transform(tidySearch).catch(""),
  when: z.enum(freeTimeChoices).nullable().catch(null),
  maxFee: z
    .enum(feeCeilings.map(String) as [`${FeeCeiling}`, ...`${FeeCeiling}`[]])
    .transform((value) => Number(value) as FeeCeiling)
    .nullable()
    .catch(null),
  sort: z.enum(directorySorts).catch("name"),
});

/** The directory query of an address's query string; the first of repeated keys counts. */
export function parseDirectoryQuery(params: URLSearchParams): DirectoryQuery {
  return directoryQuerySchema.parse({
    q: params.get("q") ?? "",
    when: params.get("when"),
    maxFee: params.get("maxFee"),
    sort: params.get("sort"),
  });
}

/**
 * The address of the directory at `path` ("/consultant" or "/consultant/tax") with `query`: only
 * the filters that differ from the defaults are written, so the plain listing stays "/consultant".
 */
export function directoryHref(path: string, query: DirectoryQuery): string {
  const params = new URLSearchParams();
  if (query.q) params.set("q", query.q);
  if (query.when) params.set("when", query.when);
  if (query.maxFee !== null) params.set("maxFee", String(query.maxFee));
  if (query.sort !== "name") params.set("sort", query.sort);
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

/** Whether any filter narrows the list beyond the speciality (the order does not narrow it). */
export function narrowsList(query: DirectoryQuery): boolean {
  return query.q !== "" || query.when !== null || query.maxFee !== null;
}

/** The form's values for a query: "" where the default holds, so a plain listing's address stays plain. */
export function directoryFormValues(query: DirectoryQuery) {
  return {
    q: query.q,
    when: query.when ?? "",
    maxFee: query.maxFee === null ? "" : String(query.maxFee),
    sort: query.sort === "name" ? "" : query.sort,
  };
}

export interface WayOut {
  label: string;
  href: string;
}

/**
 * What an empty result says, and a link out for each filter that could be the cause: "No Tax
 * Consultants match “xyz” with free time today at $100 or less." Each link removes one filter and
 * keeps the rest; the last shows every consultant.
 */
export function emptyResultAdvice(
  query: DirectoryQuery,
  speciality: { name: string; slug: string } | null,
  currencySymbol = "$",
): { sentence: string; waysOut: WayOut[] } {
  const path = speciality ? `/consultant/${speciality.slug}` : "/consultant";
  const parts = [`No ${speciality ? speciality.name : "consultants"}`];
  if (query.q) parts.push(`match “${query.q}”`);
  if (query.when) parts.push(query.when === "today" ? "with free time today" : "with free time this week");
  if (query.maxFee !== null) parts.push(`at ${currencySymbol}${query.maxFee} or less`);
  const waysOut: WayOut[] = [];
  if (query.q) waysOut.push({ label: "Clear the search", href: directoryHref(path, { ...query, q: "" }) });
  if (query.when)
    waysOut.push({ label: "Any free time", href: directoryHref(path, { ...query, when: null }) });
  if (query.maxFee !== null) {
    waysOut.push({ label: "Widen the fee", href: directoryHref(path, { ...query, maxFee: null }) });
  }
  if (speciality && narrowsList(query)) {
    waysOut.push({ label: "Every speciality", href: directoryHref("/consultant", query) });
  }
  waysOut.push({ label: "See all consultants", href: "/consultant" });
  return { sentence: `${parts.join(" ")}.`, waysOut };
}
