import type { MiddlewareHandler } from "hono";
import {
  claimIdempotencyKey,
  IDEMPOTENCY_KEY_MAX_LENGTH,
  isWellFormedIdempotencyKey,
  keepIdempotentAnswer,
  releaseIdempotencyKey,
  requestHashOf,
} from "~/infra/idempotency.server";
import type { ApiEnv } from "./api-env";

const INVALID_KEY = `The Idempotency-Key header must be 1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} visible characters (a new UUID for each request is a good choice).`;
const MISMATCH =
  "This Idempotency-Key was already used for a different request. Please use a new key for a new request.";
const BUSY = "A request with this Idempotency-Key is still being processed. Please try again in a moment.";

declare module "hono" {
  interface ContextVariableMap {
    /** The request repeats one whose process died before answering (its key was taken over). */
    idempotentRetryAfterCrash?: boolean;
  }
}

/**
 * `Idempotency-Key` as Stripe's API has it: the same key and body answer the first result again
 * (with `Idempotent-Replayed: true`) for 24 hours; the same key with another body is 422; while
 * the first is still running, 409. Requests without the header run as always (the old clients).
 * Answers of 5xx are not kept, so a retry can succeed.
 */
export const idempotent: MiddlewareHandler<ApiEnv> = async (context, next) => {
  const key = context.req.header("Idempotency-Key");
  const user = context.get("user");
  if (key === undefined || !user) return next();
  if (!isWellFormedIdempotencyKey(key)) {
    return context.json({ success: false, message: INVALID_KEY }, 400);
  }
  const body = await context.req.raw.clone().text();
  const endpoint = `${context.req.method} ${context.req.path}`;
  const request = {
    userId: user.id,
    key,
    endpoint,
    requestHash: requestHashOf(body),
  };
  const db = context.get("db");
  const claim = await claimIdempotencyKey(db, request, context.get("clock")());
  if (claim.kind === "mismatch") return context.json({ success: false, message: MISMATCH }, 422);
  if (claim.kind === "busy") {
    context.header("Retry-After", "1");
    return context.json({ success: false, message: BUSY }, 409);
  }
  if (claim.kind === "replay") {
    return new Response(claim.body, {
      status: claim.statusCode,
      headers: {
        "Content-Type": "application/json",
        "Idempotent-Replayed": "true",
        "Cache-Control": "no-store",
      },
    });
  }
  context.set("idempotentRetryAfterCrash", claim.retriedAfterCrash);
  await next();
  const answer = context.res;
  if (answer.status >= 500 || !answer.headers.get("Content-Type")?.includes("application/json")) {
    await releaseIdempotencyKey(db, request);
    return;
  }
  await keepIdempotentAnswer(db, request, { statusCode: answer.status, body: await answer.clone().text() });
};
