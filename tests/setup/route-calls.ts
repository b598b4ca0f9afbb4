/**
 * Calling a route module's loader or action directly, as React Router does, with the request
 * context the real HTTP app builds (database, settings, cookies, payments, the signed-in user),
 * and reading back what the route decided: status, redirect, toast, session cookie, data.
 */

import { afterAll, beforeAll, expect } from "vitest";
import type { Database, DatabaseHandle } from "~/infra/db.server";
import type { RequestContext } from "~/request-context.server";
import { bookOrFail, createConsultant, createUserWithSession, nextAddress } from "./factories";
import { createTestApp } from "./test-app";
import { createTestDatabase } from "./test-database";

type TestApp = ReturnType<typeof createTestApp>;

export interface RouteSuite {
  readonly db: Database;
  readonly app: TestApp;
}

/**
 * A test database and the real HTTP app over it for one test file: made before its tests, closed
 * after them. Read `db` and `app` inside tests (they exist once the file's setup has run).
 */
export function routeSuite(): RouteSuite {
  let database: DatabaseHandle | undefined;
  let app: TestApp | undefined;
  beforeAll(async () => {
    database = await createTestDatabase();
    app = createTestApp(database);
  });
  afterAll(async () => {
    await database?.close();
  });
  const made = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error("the route suite is used before its setup ran");
    return value;
  };
  return {
    get db() {
      return made(database).db;
    },
    get app() {
      return made(app);
    },
  };
}

export interface Visitor {
  /** A session token: the request is made by its user. */
  token?: string;
  /** The client address; a fresh one by default, so rate limits of one test never spill over. */
  address?: string;
}

/**
 * The context the app gives a page request from this visitor: a page request goes through the
 * test app, whose page handler keeps the context it was given.
 */
export async function pageContext(testApp: TestApp, visitor: Visitor = {}): Promise<RequestContext> {
  const before = testApp.pageContexts.length;
  const response = await testApp.app.request("/route-under-test", {
    headers: {
      "X-Forwarded-For": visitor.address ?? nextAddress(),
      ...(visitor.token ? { token: visitor.token } : {}),
    },
  });
  if (response.status !== 200 || testApp.pageContexts.length !== before + 1) {
    throw new Error(`the test app did not hand the page request over (status ${response.status})`);
  }
  return testApp.pageContexts[before]!;
}

/** A form post to a page, as a browser without JavaScript sends it. */
export function formPost(
  context: Pick<RequestContext, "env">,
  path: string,
  fields: Record<string, string | readonly string[]>,
): Request {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    for (const one of typeof value === "string" ? [value] : value) form.append(name, one);
  }
  return new Request(`${context.env.publicUrl}${path}`, { method: "POST", body: form });
}

export function pageGet(context: Pick<RequestContext, "env">, path: string): Request {
  return new Request(`${context.env.publicUrl}${path}`);
}

/** What a loader or action answered, returned or thrown, in one shape. */
export interface RouteAnswer<Data = unknown> {
  status: number;
  /** Where a redirect leads. */
  location: string | null;
  headers: Headers;
  data: Data;
}

/** Runs a loader or action and describes its answer, whether it returned it or threw it. */
export async function answerOf<Data = Record<string, unknown>>(
  call: () => unknown,
): Promise<RouteAnswer<Data>> {
  let outcome: unknown;
  try {
    outcome = await call();
  } catch (thrown) {
    if (!(thrown instanceof Response) && !isDataWithInit(thrown)) throw thrown;
    outcome = thrown;
  }
  if (outcome instanceof Response) {
    return {
      status: outcome.status,
      location: outcome.headers.get("Location"),
      headers: outcome.headers,
      data: (await outcome.text()) as Data,
    };
  }
  if (isDataWithInit(outcome)) {
    return {
      status: outcome.init?.status ?? 200,
      location: null,
      headers: new Headers(outcome.init?.headers),
      data: outcome.data as Data,
    };
  }
  return { status: 200, location: null, headers: new Headers(), data: outcome as Data };
}

/** React Router's `data(value, init)`. */
function isDataWithInit(value: unknown): value is { data: unknown; init?: ResponseInit | null } {
  return (
    typeof value === "object" &&
    value !== null &&
    (value as { type?: unknown }).type === "DataWithResponseInit"
  );
}

/** The value a Set-Cookie header of the answer gives one cookie, read back through its parser. */
async function cookieValue(
  answer: RouteAnswer,
  cookie: { name: string; parse(header: string | null): Promise<unknown> },
): Promise<unknown> {
  for (const header of answer.headers.getSetCookie()) {
    const pair = header.split(";")[0]!;
    if (pair.startsWith(`${cookie.name}=`)) return cookie.parse(pair);
  }
  return undefined;
}

/** The toast a redirect leaves for the next page. */
export function toastOf(answer: RouteAnswer, context: Pick<RequestContext, "cookies">): Promise<unknown> {
  return cookieValue(answer, context.cookies.flash);
}

/** Expects a redirect to `location` that leaves `toast` for the next page. */
export async function expectRedirectWithToast(
  answer: RouteAnswer,
  context: Pick<RequestContext, "cookies">,
  location: string,
  toast: { kind: "success" | "error" | "info"; message: string },
): Promise<void> {
  expect({ status: answer.status, location: answer.location, toast: await toastOf(answer, context) }).toEqual(
    {
      status: 302,
      location,
      toast,
    },
  );
}

/** The session token the answer sets in the browser's cookie. */
export async function sessionTokenOf(
  answer: RouteAnswer,
  context: Pick<RequestContext, "cookies">,
): Promise<string | undefined> {
  const token = await cookieValue(answer, context.cookies.session);
  return typeof token === "string" && token !== "" ? token : undefined;
}

/**
 * Free slots of a consultant's last bookable day, as GET /api/consultant/{id}/slots lists them:
 * days ahead, so none of them passes while a test runs.
 */
export async function laterFreeSlots(
  testApp: TestApp,
  consultantId: string,
): Promise<{ slotDate: string; slotTime: string }[]> {
  const response = await testApp.app.request(`/api/consultant/${consultantId}/slots`, {
    headers: { "X-Forwarded-For": nextAddress() },
  });
  const body = (await response.json()) as { days: { slots: { slotDate: string; slotTime: string }[] }[] };
  const lastDay = body.days.findLast((day) => day.slots.length > 1);
  if (!lastDay) throw new Error(`consultant ${consultantId} offers no slots`);
  return lastDay.slots.map(({ slotDate, slotTime }) => ({ slotDate, slotTime }));
}

/**
 * The same free slots as the page forms post them: `{ startsAt }`, the ISO instant the slot
 * picker's radio carries.
 */
export async function laterFreeStarts(
  testApp: TestApp,
  consultantId: string,
): Promise<{ startsAt: string }[]> {
  const response = await testApp.app.request(`/api/consultant/${consultantId}/slots`, {
    headers: { "X-Forwarded-For": nextAddress() },
  });
  const body = (await response.json()) as { days: { slots: { startsAt: string }[] }[] };
  const lastDay = body.days.findLast((day) => day.slots.length > 1);
  if (!lastDay) throw new Error(`consultant ${consultantId} offers no slots`);
  return lastDay.slots.map(({ startsAt }) => ({ startsAt }));
}

/**
 * Customers with one booked appointment each, with a consultant of their own for the file: each
 * call books the next free slot days ahead and gives the customer's page context.
 */
export function bookedCustomers(suite: RouteSuite) {
  let consultantId = "";
  let slots: { slotDate: string; slotTime: string }[] = [];
  beforeAll(async () => {
    consultantId = (await createConsultant(suite.db)).id;
    slots = await laterFreeSlots(suite.app, consultantId);
  });
  return async (label: string) => {
    const customer = await createUserWithSession(suite.db, label);
    const slot = slots.shift();
    if (!slot) throw new Error("no slots left for the test");
    const appointmentId = await bookOrFail(suite.app.app, customer.token, { docId: consultantId, ...slot });
    return { customer, appointmentId, context: await pageContext(suite.app, { token: customer.token }) };
  };
}
