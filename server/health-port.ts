/**
 * Requests that came in on HEALTH_PORT, marked on Node's request object by server/main.ts: the app
 * serves /metrics to them without METRICS_TOKEN, since that port is the operator's, not the
 * public's. A registered symbol, because main.ts and the app are bundled apart (as received-at.ts).
 */
const FROM_HEALTH_PORT = Symbol.for("va-hub.request-from-health-port");

type Markable = { [FROM_HEALTH_PORT]?: true };

export function markFromHealthPort(request: object): void {
  (request as Markable)[FROM_HEALTH_PORT] = true;
}

/** Whether server/main.ts took this request on HEALTH_PORT (never for `app.request` without one). */
export function cameFromHealthPort(request: object | undefined): boolean {
  return (request as Markable | undefined)?.[FROM_HEALTH_PORT] === true;
}
