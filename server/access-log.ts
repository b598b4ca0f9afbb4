import type { HttpBindings } from "@hono/node-server";
import type { MiddlewareHandler } from "hono";
import type { Logger } from "~/infra/logger.server";
import { receivedAtOf } from "./received-at";

export interface RequestSummary {
  requestId: string;
  method: string;
  path: string;
  status: number;
}

/** Node's response, as far as the log needs it: absent for `app.request` in tests. */
type Outgoing = Pick<HttpBindings["outgoing"], "closed" | "writableFinished" | "once"> | undefined;

/**
 * One access-log line per request, written once the last byte is sent (or the client is gone): what
 * the client waited for includes streaming the body. The clock starts when the request's head has
 * been read; time spent in the kernel's queue before that is not visible to the process.
 */
export function logWhenSent(
  logger: Logger,
  request: RequestSummary,
  outgoing: Outgoing,
  startedAt: number,
): void {
  const write = (completed: boolean) =>
    logger.info({
      msg: "request",
      ...request,
      durationMs: Math.round((performance.now() - startedAt) * 10) / 10,
      ...(completed ? {} : { completed: false }),
    });
  if (!outgoing || outgoing.closed) {
    write(outgoing?.writableFinished ?? true);
    return;
  }
  outgoing.once("close", () => write(outgoing.writableFinished));
}

/** The access log for requests the Hono app answers. */
export function accessLog(
  logger: Logger,
): MiddlewareHandler<{ Variables: { requestId: string }; Bindings: Partial<HttpBindings> }> {
  return async (context, next) => {
    const started = receivedAtOf(context.env?.incoming) ?? performance.now();
    await next();
    // Responses made outside Hono's context (pages) do not get the id from the middleware itself.
    context.res.headers.set("X-Request-Id", context.get("requestId"));
    logWhenSent(
      logger,
      {
        requestId: context.get("requestId"),
        method: context.req.method,
        path: context.req.path,
        status: context.res.status,
      },
      context.env?.outgoing,
      started,
    );
  };
}
