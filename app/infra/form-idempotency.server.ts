import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { data, redirect } from "react-router";
import { IDEMPOTENCY_KEY_FIELD } from "~/lib/idempotency-key-field";
import type { Clock } from "./clock.server";
import type { AppCookies, Toast } from "./cookies.server";
import type { Database } from "./db.server";
import { toastSetBy } from "./flash.server";
import type { FormFailure } from "./form-failure.server";
import {
  claimIdempotencyKey,
  type IdempotencyClaim,
  isWellFormedIdempotencyKey,
  keepIdempotentAnswer,
  releaseIdempotencyKey,
  requestHashOf,
} from "./idempotency.server";

const MALFORMED_KEY = "This form could not be read. Please reload the page and try again.";
const KEY_USED_FOR_OTHER_CHOICES =
  "This form was already sent with other choices. That first request stands and nothing was changed now; please reload the page to make a new one.";
const STILL_RUNNING =
  "This form is still being processed. Please wait a moment, then send it again: it will not be done twice.";

/**
 * A repeat that arrives while the first submission runs (a double click without JavaScript: the
 * browser drops the first answer and shows the second's) waits this long for the first's answer,
 * so the person lands where the first would have taken them.
 */
const FIRST_ANSWER_WAIT_MS = 3_000;
const FIRST_ANSWER_POLL_MS = 100;

/** What a repeat of a form is answered: where the first went, with its toast, or what it showed. */
type KeptFormAnswer = { redirect: string; toast: Toast | null } | { data: unknown };

/**
 * A page's key for its forms (IdempotencyKeyField), made by its loader, new for each render. Only
 * for pages that are one person's own and never kept or shared (app/route-table.ts `cache`), so
 * two people never get the same key, nor one person the same key for two renders.
 */
export function newFormIdempotencyKey(): string {
  return randomUUID();
}

export interface FormSubmission {
  request: Request;
  userId: string;
  /** The form's text fields (textValues), its idempotency key among them. */
  values: Record<string, string>;
}

/**
 * Runs a page action's form once per idempotency key, as the JSON API's `Idempotency-Key` does:
 * the same key and fields answer what the first submission answered (its redirect and toast, or
 * its data) for 24 hours; the same key with other fields is refused (422), and so is a malformed
 * key (400); a form without a key (old pages, scripts) runs as always. `run` returns a redirect or
 * plain data, and throws a failure: a refused form changed nothing, so its key is let go and the
 * person may correct the form and send it again with the same key. `retriedAfterCrash` tells `run`
 * that it repeats a submission whose process died before answering.
 */
export async function answerFormOnce<Answer extends Response | object>(
  context: { db: Database; cookies: AppCookies; clock: Clock },
  submission: FormSubmission,
  run: (attempt: { retriedAfterCrash: boolean }) => Promise<Answer>,
): Promise<Answer | ReturnType<typeof data<FormFailure>>> {
  const { [IDEMPOTENCY_KEY_FIELD]: key, ...fields } = submission.values;
  if (key === undefined) return run({ retriedAfterCrash: false });
  const refusal = (message: string, status: number, headers?: HeadersInit) =>
    data<FormFailure>({ error: message, fieldErrors: {}, values: submission.values }, { status, headers });
  if (!isWellFormedIdempotencyKey(key)) return refusal(MALFORMED_KEY, 400);
  const request = {
    userId: submission.userId,
    key,
    endpoint: `form POST ${new URL(submission.request.url).pathname}`,
    requestHash: requestHashOf(
      JSON.stringify(Object.entries(fields).sort(([first], [second]) => (first < second ? -1 : 1))),
    ),
  };
  const claim = await claimAwaitingFirst(context, request);
  if (claim.kind === "mismatch") return refusal(KEY_USED_FOR_OTHER_CHOICES, 422);
  if (claim.kind === "busy") return refusal(STILL_RUNNING, 409, { "Retry-After": "1" });
  if (claim.kind === "replay") {
    const kept = JSON.parse(claim.body) as KeptFormAnswer;
    if ("data" in kept) return kept.data as Answer;
    const headers = new Headers();
    if (kept.toast) headers.append("Set-Cookie", await context.cookies.flash.serialize(kept.toast));
    return redirect(kept.redirect, { status: claim.statusCode, headers }) as Answer;
  }
  let answer: Answer;
  try {
    answer = await run({ retriedAfterCrash: claim.retriedAfterCrash });
  } catch (error) {
    await releaseIdempotencyKey(context.db, request);
    throw error;
  }
  const keep = (statusCode: number, kept: KeptFormAnswer) =>
    keepIdempotentAnswer(context.db, request, { statusCode, body: JSON.stringify(kept) });
  if (!(answer instanceof Response)) {
    await keep(200, { data: answer });
    return answer;
  }
  const location = answer.headers.get("Location");
  if (location === null) await releaseIdempotencyKey(context.db, request);
  else await keep(answer.status, { redirect: location, toast: await toastSetBy(answer, context) });
  return answer;
}

async function claimAwaitingFirst(
  context: { db: Database; clock: Clock },
  request: Parameters<typeof claimIdempotencyKey>[1],
): Promise<IdempotencyClaim> {
  for (let waited = 0; ; waited += FIRST_ANSWER_POLL_MS) {
    const claim = await claimIdempotencyKey(context.db, request, context.clock());
    if (claim.kind !== "busy" || waited >= FIRST_ANSWER_WAIT_MS) return claim;
    await sleep(FIRST_ANSWER_POLL_MS);
  }
}
