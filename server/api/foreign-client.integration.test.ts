import { gunzipSync } from "node:zlib";
import { isRouteErrorResponse } from "react-router";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { SANDBOX_LINK_MINUTES } from "~/features/payments/sandbox-link.server";
import { createAppCookies } from "~/infra/cookies.server";
import { action, loader } from "~/routes/sandbox-checkout";
import {
  createUserWithSession,
  GOOD_PASSWORD,
  getWith,
  postJson,
  type RequestOptions,
  type RequestTarget,
  signUp,
} from "../../tests/setup/factories";
import { NOW } from "../../tests/setup/frozen-suite";
import { answerOf, paymentSuite } from "../../tests/setup/payments";
import { NOT_SIGNED_IN } from "./api-env";

/** The old front end, served from another origin and listed in CORS_ORIGINS. */
const OLD_CLIENT = "http://127.0.0.1:5173";
const STRANGER = "https://stranger.example.net";

const suite = paymentSuite({
  consultant: "Chloe Martin",
  feeCents: 5_000,
  settings: { CORS_ORIGINS: `${OLD_CLIENT}, https://another.example.org` },
  // The page handler runs the sandbox checkout's route module, as React Router would.
  handlePage: sandboxCheckoutPage,
});
/** The same database, with CORS_LEGACY_ERRORS=false. */
let honestApp: RequestTarget;
let sessionCookieOf: (token: string) => Promise<string>;

beforeAll(async () => {
  honestApp = suite.appWith({ CORS_ORIGINS: OLD_CLIENT, CORS_LEGACY_ERRORS: "false" });
  const cookies = createAppCookies({
    secure: false,
    signingKey: suite.secrets.signingKey,
    sessionDays: 30,
  });
  sessionCookieOf = async (token) => (await cookies.session.serialize(token)).split(";")[0]!;
});

type RouteArgs = Parameters<typeof loader>[0];

async function sandboxCheckoutPage(request: Request, context: RouteArgs["context"]): Promise<Response> {
  const paymentId = /^\/sandbox\/checkout\/([^/]+)$/.exec(new URL(request.url).pathname)?.[1];
  if (!paymentId) return new Response("not found", { status: 404 });
  const args = { request, params: { paymentId }, context } as unknown as RouteArgs;
  try {
    const result: unknown = request.method === "GET" ? await loader(args) : await action(args);
    if (result instanceof Response) return result;
    // React Router's data(): the loader's value with its headers.
    const wrapped = result as { type?: string; data?: unknown; init?: ResponseInit };
    return wrapped.type === "DataWithResponseInit"
      ? Response.json(wrapped.data, wrapped.init ?? {})
      : Response.json(result);
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    if (isRouteErrorResponse(thrown)) return new Response(null, { status: thrown.status });
    // React Router's data(): thrown by asErrorPage for expected failures.
    const init = (thrown as { init?: ResponseInit }).init;
    if (init?.status) return new Response(null, { status: init.status });
    throw thrown;
  }
}

function fromOldClient(token?: string, extra: Record<string, string> = {}) {
  return { token, headers: { Origin: OLD_CLIENT, ...extra } };
}

describe("CORS on the real app", () => {
  it("answers the preflight of a booking from a listed origin before any route", async () => {
    for (const path of ["/api/user/book-appointment", "/api/no-such-endpoint"]) {
      const response = await suite.app.request(path, {
        method: "OPTIONS",
        headers: {
          Origin: OLD_CLIENT,
          "Access-Control-Request-Method": "POST",
          "Access-Control-Request-Headers": "content-type,token",
        },
      });
      expect(response.status, path).toBe(204);
      expect(response.headers.get("Access-Control-Allow-Origin")).toBe(OLD_CLIENT);
    }
  });

  it("lets a listed origin write with its token, while the cross-site guard still refuses others", async () => {
    const user = await createUserWithSession(suite.db, "foreign");
    const listed = await postJson(
      suite.app,
      "/api/user/book-appointment",
      suite.slots.far(),
      fromOldClient(user.token),
    );
    expect(listed.status).toBe(201);
    expect(listed.headers.get("Access-Control-Allow-Origin")).toBe(OLD_CLIENT);

    const stranger = await postJson(suite.app, "/api/user/book-appointment", suite.slots.far(), {
      token: user.token,
      headers: { Origin: STRANGER },
    });
    expect(stranger.status).toBe(403);
    expect(stranger.headers.get("Access-Control-Allow-Origin")).toBeNull();
  });

  it("ignores our session cookie on a listed origin's request: only the token counts", async () => {
    const user = await createUserWithSession(suite.db, "cookie");
    const cookie = await sessionCookieOf(user.token);
    // Our own site (no Origin on a GET) signs in with the cookie.
    const own = await answerOf(
      await getWith(suite.app, "/api/user/get-profile", { headers: { Cookie: cookie } }),
    );
    expect(own.body.success).toBe(true);

    const withCookieOnly = await answerOf(
      await getWith(suite.app, "/api/user/get-profile", fromOldClient(undefined, { Cookie: cookie })),
    );
    expect(withCookieOnly).toEqual({ status: 200, body: { success: false, message: NOT_SIGNED_IN } });
    const cookieWrite = await postJson(
      suite.app,
      "/api/user/book-appointment",
      suite.slots.far(),
      fromOldClient(undefined, { Cookie: cookie }),
    );
    expect(await answerOf(cookieWrite)).toEqual({
      status: 200,
      body: { success: false, message: NOT_SIGNED_IN },
    });

    const withToken = await answerOf(
      await getWith(suite.app, "/api/user/get-profile", fromOldClient(user.token, { Cookie: cookie })),
    );
    expect(withToken.body.success).toBe(true);
  });
});

describe("failures a listed origin reads", () => {
  it("a wrong password answers 200 with the server's sentence (the old login page reads only that)", async () => {
    const account = await signUp(suite.app);
    const wrong = { email: account.email, password: `${GOOD_PASSWORD} nope` };
    const legacy = await answerOf(await postJson(suite.app, "/api/user/login", wrong, fromOldClient()));
    expect(legacy.status).toBe(200);
    expect(legacy.body.success).toBe(false);
    expect(legacy.body.message).toMatch(/password/i);

    const honest = await postJson(honestApp, "/api/user/login", wrong, fromOldClient());
    expect(honest.status).toBe(401);
    expect(honest.headers.get("Access-Control-Allow-Origin")).toBe(OLD_CLIENT);
    // Our own site and other callers keep honest codes.
    expect((await postJson(suite.app, "/api/user/login", wrong)).status).toBe(401);
  });

  it("reads right when the browser accepts compressed answers: the failure is rewritten before it is compressed", async () => {
    const account = await signUp(suite.app);
    const response = await suite.app.request("/api/user/login", {
      method: "POST",
      headers: { Origin: OLD_CLIENT, "Content-Type": "application/json", "Accept-Encoding": "gzip" },
      body: JSON.stringify({ email: account.email, password: `${GOOD_PASSWORD} nope` }),
    });
    expect(response.status).toBe(200);
    const bytes = Buffer.from(await response.arrayBuffer());
    const text =
      response.headers.get("Content-Encoding") === "gzip" ? gunzipSync(bytes).toString() : bytes.toString();
    expect(JSON.parse(text)).toEqual({ success: false, message: expect.stringMatching(/password/i) });
  });

  it("a refusal before any route (an address that is not valid) reaches it too", async () => {
    const refused = await suite.app.request("/api/project/type/%00", { headers: { Origin: OLD_CLIENT } });
    expect(refused.headers.get("Access-Control-Allow-Origin")).toBe(OLD_CLIENT);
    expect(refused.status).toBe(200);
    expect(await refused.json()).toEqual({
      success: false,
      message: "Bad request: the address is not valid.",
    });
  });

  it("a time in no accepted form is refused with the forms it takes", async () => {
    const user = await createUserWithSession(suite.db, "late");
    const refused = await answerOf(
      await postJson(
        honestApp,
        "/api/user/book-appointment",
        { ...suite.slots.far(), slotTime: "half past ten" },
        fromOldClient(user.token),
      ),
    );
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe("Please give the time as 10:30 (24-hour clock), 10:30 AM or 10:30 am.");
  });
});

describe("what the old client sends and reads", () => {
  it("books with 10:30, 10:30 am and 12:00 pm, and the list hides exactly those slots", async () => {
    const user = await createUserWithSession(suite.db, "times");
    const doctor = suite.slots.far().docId;
    for (const slotTime of ["10:30", "11:00 am", "12:00 pm"]) {
      const answer = await postJson(
        suite.app,
        "/api/user/book-appointment",
        { docId: doctor, slotDate: "4_5_2027", slotTime },
        fromOldClient(user.token),
      );
      expect(answer.status, slotTime).toBe(201);
    }
    const listed = await answerOf<{
      doctors: { _id: string; image: string; slots_booked: Record<string, string[]> }[];
    }>(await getWith(suite.app, "/api/doctor/list", fromOldClient()));
    const chloe = listed.body.doctors.find((candidate) => candidate._id === doctor)!;
    expect(chloe.slots_booked["4_5_2027"]).toEqual(["10:30 AM", "11:00 AM", "12:00 PM"]);
    expect(chloe.image).toBe("http://localhost:3000/images/consultants/chloe-martin.webp");

    const mine = await answerOf<{ appointments: { slotTime: string; docData: { image: string } }[] }>(
      await getWith(suite.app, "/api/user/appointments", fromOldClient(user.token)),
    );
    // Booking order, oldest first: the old client reverses it itself.
    expect(mine.body.appointments.map((appointment) => appointment.slotTime)).toEqual([
      "10:30 AM",
      "11:00 AM",
      "12:00 PM",
    ]);
    expect(mine.body.appointments[0]!.docData.image).toMatch(/^http:\/\/localhost:3000\/images\//);
  });

  it("gives a new account the default picture as an absolute URL", async () => {
    const account = await signUp(suite.app);
    const profile = await answerOf<{ userData: { image: string } }>(
      await getWith(suite.app, "/api/user/get-profile", fromOldClient(account.token)),
    );
    expect(profile.body.userData.image).toBe("http://localhost:3000/images/default-avatar.svg");
  });
});

describe("Stripe from the old client's origin", () => {
  /** Books an appointment and starts its Stripe checkout with `options` (the caller's origin). */
  async function bookAndCheckout(options: (token: string) => RequestOptions) {
    const booked = await suite.bookedAppointment(suite.slots.far());
    const answer = await answerOf<{ success: boolean; session_url: string }>(
      await postJson(
        suite.app,
        "/api/user/payment-stripe",
        { appointmentId: booked.appointmentId },
        options(booked.user.token),
      ),
    );
    return { ...booked, answer };
  }

  async function checkoutFromOldClient() {
    const checkout = await bookAndCheckout((token) => fromOldClient(token));
    expect(checkout.answer.body.success).toBe(true);
    return { ...checkout, link: new URL(checkout.answer.body.session_url) };
  }

  /** What the sandbox checkout page does when the visitor presses Pay or Cancel. */
  function answerCheckout(link: URL, outcome: "pay" | "cancel") {
    return suite.app.request(`${link.pathname}${link.search}`, {
      method: "POST",
      body: new URLSearchParams({ outcome }),
    });
  }

  /** The old Verify page's call, which sends only success and appointmentId. */
  async function verifyFromOldClient(token: string, appointmentId: string, success: "true" | "false") {
    return answerOf(
      await postJson(suite.app, "/api/user/verifyStripe", { success, appointmentId }, fromOldClient(token)),
    );
  }

  it("pays through the signed sandbox link without our cookie and returns to the caller's /verify", async () => {
    const { user, appointmentId, link } = await checkoutFromOldClient();
    const payment = await suite.onlyPayment(appointmentId);
    expect(`${link.origin}${link.pathname}`).toBe(`http://localhost:3000/sandbox/checkout/${payment.id}`);

    // The checkout page opens without any cookie or token.
    const page = await suite.app.request(`${link.pathname}${link.search}`);
    expect(page.status).toBe(200);
    expect(await page.json()).toMatchObject({ provider: "Stripe", alreadyPaid: false });
    // Without JavaScript the form's redirect leads to the old client: the policy must allow it.
    expect(page.headers.get("Content-Security-Policy")).toContain(`form-action 'self' ${OLD_CLIENT}`);

    const paid = await answerCheckout(link, "pay");
    expect(paid.status).toBe(302);
    const back = new URL(paid.headers.get("Location")!);
    expect(back.origin).toBe(OLD_CLIENT);
    expect(back.pathname).toBe("/verify");
    expect(back.searchParams.get("success")).toBe("true");
    expect(back.searchParams.get("appointmentId")).toBe(appointmentId);

    // The old Verify page sends only success and appointmentId: the latest checkout is asked.
    expect((await suite.listedAppointment(user.token, appointmentId)).payment).toBe(false);
    const verified = await verifyFromOldClient(user.token, appointmentId, "true");
    expect(verified).toEqual({ status: 200, body: { success: true, message: "Payment successful" } });
    expect((await suite.listedAppointment(user.token, appointmentId)).payment).toBe(true);
  });

  it("is not paid when the visitor cancels, and says so", async () => {
    const { user, appointmentId, link } = await checkoutFromOldClient();
    const cancelled = await answerCheckout(link, "cancel");
    const back = new URL(cancelled.headers.get("Location")!);
    expect([back.origin, back.searchParams.get("success")]).toEqual([OLD_CLIENT, "false"]);
    const verified = await verifyFromOldClient(user.token, appointmentId, "false");
    expect(verified.body).toEqual({ success: false, message: "Payment was not completed" });
  });

  it("refuses a tampered or expired link, and a link for another payment", async () => {
    const { link } = await checkoutFromOldClient();
    const other = await checkoutFromOldClient();
    const tampered = new URLSearchParams(link.search);
    tampered.set("signature", "0".repeat(64));
    expect((await suite.app.request(`${link.pathname}?${tampered}`)).status).toBe(403);
    expect((await suite.app.request(`${other.link.pathname}${link.search}`)).status).toBe(403);
    const longer = new URLSearchParams(link.search);
    longer.set("expires", String(Number(longer.get("expires")) + 3_600_000));
    expect((await suite.app.request(`${link.pathname}?${longer}`)).status).toBe(403);

    vi.setSystemTime(NOW.getTime() + (SANDBOX_LINK_MINUTES + 1) * 60_000);
    expect((await suite.app.request(`${link.pathname}${link.search}`)).status).toBe(403);
    const expiredPost = await answerCheckout(link, "pay");
    expect(expiredPost.status).toBe(403);
  });

  it("sends other callers back to this site's /verify", async () => {
    const { answer } = await bookAndCheckout((token) => ({ token }));
    const link = new URL(answer.body.session_url);
    const paid = await answerCheckout(link, "pay");
    expect(paid.headers.get("Location")).toMatch(/^\/verify\?appointmentId=/);
  });
});
