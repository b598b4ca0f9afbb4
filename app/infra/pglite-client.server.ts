import { type PGlite, type PGliteOptions, type Transaction, types } from "@electric-sql/pglite";

/**
 * The type parsers Drizzle's PGlite driver hands to every query: dates, times and intervals (and
 * arrays of them, and numeric[]) stay text, and Drizzle's columns turn them into values.
 */
export const DRIZZLE_PARSERS: NonNullable<PGliteOptions["parsers"]> = Object.fromEntries(
  [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182].map(
    (typeId) => [typeId, (value: string) => value],
  ),
);

type Query = PGlite["query"];

function withoutParsers(query: Query): Query {
  return (text, params, options) =>
    query(text, params, options?.parsers ? { ...options, parsers: undefined } : options);
}

/**
 * The client to give Drizzle, for a PGlite created with `parsers: DRIZZLE_PARSERS`. Given parsers
 * with a query, PGlite copies its whole table of parsers for that query, a large part of what a
 * simple lookup costs (decision 30). The client already has Drizzle's, so the per-query ones are
 * dropped and every value comes out as before.
 */
export function drizzleFacingClient(client: PGlite): PGlite {
  const query = withoutParsers(client.query.bind(client));
  const transaction: PGlite["transaction"] = (run) =>
    client.transaction((open) => {
      const transactionQuery = withoutParsers(open.query.bind(open));
      return run(
        new Proxy(open, {
          get: (target, property) =>
            property === "query" ? transactionQuery : Reflect.get(target, property, target),
        }) as Transaction,
      );
    });
  return new Proxy(client, {
    get: (target, property) => {
      if (property === "query") return query;
      if (property === "transaction") return transaction;
      return Reflect.get(target, property, target);
    },
  });
}
