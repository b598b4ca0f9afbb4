/**
 * When Node handed a request to us, stamped on Node's request object by server/main.ts. The access
 * log counts from it, so time a request spent waiting behind others (the event loop, the cap on
 * requests in flight) is in its logged duration. A registered symbol, because main.ts and the app
 * are bundled apart; performance.now() is one clock for the whole process.
 */
export const RECEIVED_AT = Symbol.for("va-hub.request-received-at");

type Stampable = { [RECEIVED_AT]?: number };

export function stampReceived(request: object): void {
  (request as Stampable)[RECEIVED_AT] = performance.now();
}

/** The stamp, or undefined for a request that did not come through server/main.ts. */
export function receivedAtOf(request: object | undefined): number | undefined {
  return (request as Stampable | undefined)?.[RECEIVED_AT];
}
