import { describe, expect, it } from "vitest";
import { countedPage, readPage } from "./paging.server";

/** A query over `all` that records what it was cut to. */
function queryOver(all: number[]) {
  const asked: { limit?: number; offset?: number } = {};
  return {
    asked,
    limit(limit: number) {
      asked.limit = limit;
      return {
        offset(offset: number) {
          asked.offset = offset;
          return Promise.resolve(all.slice(offset, offset + limit));
        },
      };
    },
  };
}

const fiftyRows = Array.from({ length: 50 }, (_, index) => index);

describe("reading one page of a list", () => {
  it("reads one row past the page to tell whether another follows", async () => {
    const query = queryOver(fiftyRows);
    expect(await readPage(query, 2, 20)).toEqual({ rows: fiftyRows.slice(20, 40), hasMore: true });
    expect(query.asked).toEqual({ limit: 21, offset: 20 });
  });

  it("says the last page is the last, and reads a page below 1 as the first", async () => {
    expect(await readPage(queryOver(fiftyRows), 3, 20)).toEqual({
      rows: fiftyRows.slice(40),
      hasMore: false,
    });
    expect((await readPage(queryOver(fiftyRows), 0, 20)).rows[0]).toBe(0);
  });
});

describe("a counted list's page", () => {
  it("keeps the asked page within the list and says where it starts", () => {
    expect(countedPage(50, 2, 20)).toEqual({ page: 2, pageCount: 3, offset: 20 });
    expect(countedPage(50, 9, 20)).toEqual({ page: 3, pageCount: 3, offset: 40 });
    expect(countedPage(0, undefined, 20)).toEqual({ page: 1, pageCount: 1, offset: 0 });
    expect(countedPage(50, 1.7, 20).page).toBe(1);
    expect(countedPage(50, Number.NaN, 20).page).toBe(1);
  });
});
