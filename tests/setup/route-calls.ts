/**
 * Calling a route module's loader or action directly, as React Router does, with the request
 * context the real HTTP app builds (database, settings, cookies, payments, the signed-in user),
 * and reading back what the route decided: status, redirect, toast, session cookie, data.
 */

import { beforeAll, expect } from "vitest";
import type { Database } from "~/infra/db.server";
import type { RequestContext } from "~/request-context.server";
import { appSuite } from "./app-suite";
import {
  bookOrFail,
  createConsultant,
  createUserWithSession,
  type DirectUser,
  nextAddress,
} from "./factories";
import type { createTestApp } from "./test-app";

type TestApp = ReturnType<typeof createTestApp>;

export interface RouteSuite {
  readonly db: Database;
  readonly app: TestApp;
  /** The context the suite's app gives a page request from this visitor (see pageContext). */
  pageContext(visitor?: Visitor): Promise<RequestContext>;
  /** A consultant's free slots days ahead, as the page forms post them (see laterFreeStarts). */
  laterFreeStarts(consultantId: string): Promise<{ startsAt: string }[]>;
  /**
   * Customers with one booked appointment each, with a consultant of their own for the file: each
   * call of the function returned books the next free slot days ahead and gives the customer's page
   * context. Call it at the top of the file: it adds a beforeAll of its own.
   */
  bookedCustomers(): (label: string) => Promise<BookedCustomer>;
}

export interface BookedCustomer {
  customer: DirectUser;
  appointmentId: string;
  context: RequestContext;
}

/**
 * A test database and the real HTTP app over it for one test file (an appSuite): made before its
 * tests, closed after them. Read `db` and `app` inside tests (they exist once the file's setup has run).
 */
export function routeSuite(): RouteSuite {
  const base = appSuite();
  const suite: RouteSuite = {
    get db() {
      return base.db;
    },
    get app() {
      return base.testApp;
    },
    pageContext: (visitor) => pageContext(suite.app, visitor),
    laterFreeStarts: (consultantId) => laterFreeStarts(suite.app, consultantId),
    bookedCustomers: () => bookedCustomers(suite),
  };
  return suite;
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

/** A route module's loader or action, as React Router calls it (the tests' arguments are a subset). */
type RouteFunction = (args: never) => unknown;
type RouteParams = Record<string, string | undefined>;

/** Runs a route's loader on a GET of `path` in this context and describes its answer. */
export function callLoader<Data = Record<string, unknown>>(
  loader: RouteFunction,
  context: RequestContext,
  path: string,
  params: RouteParams = {},
): Promise<RouteAnswer<Data>> {
  const call = loader as (args: unknown) => unknown;
  return answerOf<Data>(() => call({ request: pageGet(context, path), context, params }));
}

/** Runs a route's action on a form post of `fields` to `path` in this context and describes its answer. */
export function callAction<Data = Record<string, unknown>>(
  action: RouteFunction,
  context: RequestContext,
  path: string,
  fields: Record<string, string | readonly string[]>,
  params: RouteParams = {},
): Promise<RouteAnswer<Data>> {
  const call = action as (args: unknown) => unknown;
  return answerOf<Data>(() => call({ request: formPost(context, path, fields), context, params }));
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

function bookedCustomers(suite: RouteSuite): (label: string) => Promise<BookedCustomer> {
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
    return { customer, appointmentId, context: await suite.pageContext({ token: customer.token }) };
  };
}
