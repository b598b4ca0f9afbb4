import { describe, expect, it } from "vitest";
import {
  defaultDirectoryQuery,
  directoryFormValues,
  directoryHref,
  emptyResultAdvice,
  parseDirectoryQuery,
  SEARCH_MAX_LENGTH,
} from "./directory-query";

const parse = (search: string) => parseDirectoryQuery(new URLSearchParams(search));

describe("parseDirectoryQuery", () => {
  it("reads every filter and the order from the query string", () => {
    expect(parse("q=Priya&when=today&maxFee=100&sort=fee-low")).toEqual({
      q: "Priya",
      when: "today",
      maxFee: 100,
      sort: "fee-low",
    });
  });

  it("reads nothing as the plain listing, by name", () => {
    expect(parse("")).toEqual(defaultDirectoryQuery);
    // What a form sent without JavaScript carries when nothing is chosen.
    expect(parse("q=&when=&maxFee=&sort=name")).toEqual(defaultDirectoryQuery);
  });

  it("falls back to the default for unknown or malformed values instead of refusing", () => {
    expect(parse("when=tomorrow&maxFee=99&sort=random")).toEqual(defaultDirectoryQuery);
    expect(parse("maxFee=100abc&when=TODAY&sort=")).toEqual(defaultDirectoryQuery);
    expect(parse("maxFee=-75")).toEqual(defaultDirectoryQuery);
  });

  it("takes the first of repeated keys", () => {
    expect(parse("sort=fee-high&sort=name&q=Ana&q=Bo")).toMatchObject({ sort: "fee-high", q: "Ana" });
  });

  it("tidies the search and cuts it to the longest kept, without splitting a character", () => {
    expect(parse(`q=${encodeURIComponent("  Amelia \t\n Hart  ")}`).q).toBe("Amelia Hart");
    expect(parse(`q=${encodeURIComponent("a\u0000b")}`).q).toBe("a b");
    const long = parse(`q=${"x".repeat(5_000)}`).q;
    expect(long).toHaveLength(SEARCH_MAX_LENGTH);
    const emoji = parse(`q=${encodeURIComponent("😀".repeat(150))}`).q;
    expect(Array.from(emoji)).toHaveLength(SEARCH_MAX_LENGTH);
    expect(emoji).toBe("😀".repeat(SEARCH_MAX_LENGTH));
  });
});

describe("directoryHref", () => {
  it("writes only what differs from the defaults", () => {
    expect(directoryHref("/consultant", defaultDirectoryQuery)).toBe("/consultant");
    expect(
      directoryHref("/consultant/tax", { q: "Ana Rossi", when: "week", maxFee: 125, sort: "soonest" }),
    ).toBe("/consultant/tax?q=Ana+Rossi&when=week&maxFee=125&sort=soonest");
  });

  it("gives back what it was given once read again", () => {
    const query = { q: "Ça & 100%", when: "today", maxFee: 75, sort: "fee-high" } as const;
    const href = directoryHref("/consultant", query);
    expect(parseDirectoryQuery(new URL(href, "http://localhost").searchParams)).toEqual(query);
  });
});

describe("emptyResultAdvice", () => {
  const tax = { name: "Tax Consultants", slug: "tax" };

  it("says which filters left nothing and links to the list without each of them", () => {
    const advice = emptyResultAdvice({ q: "xyz", when: "today", maxFee: 100, sort: "fee-low" }, tax);
    expect(advice.sentence).toBe("No Tax Consultants match “xyz” with free time today at $100 or less.");
    expect(advice.waysOut).toEqual([
      { label: "Clear the search", href: "/consultant/tax?when=today&maxFee=100&sort=fee-low" },
      { label: "Any free time", href: "/consultant/tax?q=xyz&maxFee=100&sort=fee-low" },
      { label: "Widen the fee", href: "/consultant/tax?q=xyz&when=today&sort=fee-low" },
      { label: "Every speciality", href: "/consultant?q=xyz&when=today&maxFee=100&sort=fee-low" },
      { label: "See all consultants", href: "/consultant" },
    ]);
  });

  it("offers only the ways out that change something", () => {
    const advice = emptyResultAdvice({ ...defaultDirectoryQuery, when: "week" }, null);
    expect(advice.sentence).toBe("No consultants with free time this week.");
    expect(advice.waysOut.map((way) => way.label)).toEqual(["Any free time", "See all consultants"]);
  });
});

describe("directoryFormValues", () => {
  it("leaves defaults empty, as the form's first choices are", () => {
    expect(directoryFormValues(defaultDirectoryQuery)).toEqual({ q: "", when: "", maxFee: "", sort: "" });
    expect(directoryFormValues({ q: "Ana", when: "today", maxFee: 75, sort: "soonest" })).toEqual({
      q: "Ana",
      when: "today",
      maxFee: "75",
      sort: "soonest",
    });
  });
});
