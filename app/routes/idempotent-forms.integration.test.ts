import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { idempotencyKeys } from "@db/idempotency-schema";
import { appointments } from "@db/schema";
import { waitlistOffers } from "@db/waitlist-schema";
import { and, eq, isNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { SLOT_TAKEN_MESSAGE } from "~/features/booking/booking.server";
import { joinWaitlist } from "~/features/waitlist/waitlist.server";
import type { FormFailure } from "~/infra/form-failure.server";
import { answerFormOnce } from "~/infra/form-idempotency.server";
import type { RequestContext } from "~/request-context.server";
import { createConsultant, createUserWithSession } from "../../tests/setup/factories";
import { appointmentRow, paymentRows } from "../../tests/setup/payments";
import {
  callAction,
  callLoader,
  expectRedirectWithToast,
  routeSuite,
  toastOf,
} from "../../tests/setup/route-calls";
import { action as bookingAction, loader as bookingLoader } from "./appointment";
import { action as myAppointmentsAction, loader as myAppointmentsLoader } from "./my-appointments";

const suite = routeSuite();
const customerWithAppointment = suite.bookedCustomers();

const KEY_USED_FOR_OTHER_CHOICES =
  "This form was already sent with other choices. That first request stands and nothing was changed now; please reload the page to make a new one.";
const BOOKED = { kind: "success", message: "Appointment booked" } as const;

function book(context: RequestContext, consultantId: string, fields: Record<string, string>) {
  return callAction<FormFailure>(bookingAction, context, `/appointment/${consultantId}`, fields, {
    docId: consultantId,
  });
}

function post(context: RequestContext, fields: Record<string, string>) {
  return callAction<FormFailure>(myAppointmentsAction, context, "/my-appointments", fields);
}

async function bookingKeyOf(context: RequestContext, consultantId: string) {
  const page = await callLoader<{ idempotencyKey: string | null }>(
    bookingLoader,
    context,
    `/appointment/${consultantId}`,
    { docId: consultantId },
  );
  return page.data.idempotencyKey;
}

function activeAppointmentsOf(userId: string) {
  return suite.db
    .select({ id: appointments.id, startsAt: appointments.startsAt })
    .from(appointments)
    .where(and(eq(appointments.userId, userId), isNull(appointments.cancelledAt)));
}

/** As a host killed between committing and answering leaves a key: held, no answer, hold run out. */
function leaveAsAfterCrash(key: string, lockedUntil = new Date("2000-01-01T00:00:00Z")) {
  return suite.db
    .update(idempotencyKeys)
    .set({ statusCode: null, responseBody: null, lockedUntil })
    .where(eq(idempotencyKeys.key, key));
}

async function bookingCustomer(label: string) {
  const consultant = await createConsultant(suite.db);
  const slots = await suite.laterFreeStarts(consultant.id);
  const customer = await createUserWithSession(suite.db, label);
  const context = await suite.pageContext({ token: customer.token });
  return { consultant, slots, customer, context };
}

describe("the booking form's idempotency key", () => {
  it("comes with each render for a signed-in customer, new every time, and not for a visitor", async () => {
    const { consultant, context } = await bookingCustomer("renders");
    const [first, second] = [
      await bookingKeyOf(context, consultant.id),
      await bookingKeyOf(context, consultant.id),
    ];
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(second).toMatch(/^[0-9a-f-]{36}$/);
    expect(second).not.toBe(first);
    expect(await bookingKeyOf(await suite.pageContext(), consultant.id)).toBeNull();
  });

  it("books once when the form is sent twice, and both answers go to My Appointments with the toast", async () => {
    const { consultant, slots, customer, context } = await bookingCustomer("double-click");
    const idempotencyKey = (await bookingKeyOf(context, consultant.id))!;
    const fields = { ...slots[0]!, idempotencyKey };
    for (const answer of [
      await book(context, consultant.id, fields),
      await book(context, consultant.id, fields),
    ]) {
      await expectRedirectWithToast(answer, context, "/my-appointments", BOOKED);
    }
    expect(await activeAppointmentsOf(customer.id)).toHaveLength(1);
  });

  it("refuses the same key with another time (422), booking nothing more", async () => {
    const { consultant, slots, customer, context } = await bookingCustomer("other-choice");
    const idempotencyKey = randomUUID();
    await book(context, consultant.id, { ...slots[0]!, idempotencyKey });
    const other = await book(context, consultant.id, { ...slots[1]!, idempotencyKey });
    expect(other.status).toBe(422);
    expect(other.data.error).toBe(KEY_USED_FOR_OTHER_CHOICES);
    expect((await activeAppointmentsOf(customer.id)).map((row) => row.startsAt.toISOString())).toEqual([
      slots[0]!.startsAt,
    ]);
  });

  it("without a key, books as before: the same form sent again is told the slot is taken", async () => {
    const { consultant, slots, customer, context } = await bookingCustomer("no-key");
    await expectRedirectWithToast(
      await book(context, consultant.id, slots[0]!),
      context,
      "/my-appointments",
      BOOKED,
    );
    const again = await book(context, consultant.id, slots[0]!);
    expect(again.status).toBe(409);
    expect(again.data.error).toBe(SLOT_TAKEN_MESSAGE);
    expect(await activeAppointmentsOf(customer.id)).toHaveLength(1);
  });

  it("lets a refused form be corrected and sent with the same key", async () => {
    const { consultant, slots, customer, context } = await bookingCustomer("corrects");
    const rival = await createUserWithSession(suite.db, "rival");
    await book(await suite.pageContext({ token: rival.token }), consultant.id, slots[0]!);
    const idempotencyKey = randomUUID();
    const taken = await book(context, consultant.id, { ...slots[0]!, idempotencyKey });
    expect(taken.status).toBe(409);
    expect(taken.data.error).toBe(SLOT_TAKEN_MESSAGE);
    const corrected = await book(context, consultant.id, { ...slots[1]!, idempotencyKey });
    await expectRedirectWithToast(corrected, context, "/my-appointments", BOOKED);
    expect(await activeAppointmentsOf(customer.id)).toHaveLength(1);
  });

  it("refuses a key that is too long or not visible text with 400 and a sentence, booking nothing", async () => {
    const { consultant, slots, customer, context } = await bookingCustomer("bad-key");
    for (const idempotencyKey of ["k".repeat(256), "has space", "é"]) {
      const refused = await book(context, consultant.id, { ...slots[0]!, idempotencyKey });
      expect(refused.status).toBe(400);
      expect(refused.data.error).toBe("This form could not be read. Please reload the page and try again.");
    }
    expect(await activeAppointmentsOf(customer.id)).toEqual([]);
  });

  it("after the first submission's process died having booked, a retry lands on the customer's own appointment", async () => {
    const { consultant, slots, customer, context } = await bookingCustomer("crashed");
    const idempotencyKey = randomUUID();
    await book(context, consultant.id, { ...slots[0]!, idempotencyKey });
    await leaveAsAfterCrash(idempotencyKey);
    const retried = await book(context, consultant.id, { ...slots[0]!, idempotencyKey });
    await expectRedirectWithToast(retried, context, "/my-appointments", BOOKED);
    expect(await activeAppointmentsOf(customer.id)).toHaveLength(1);
  });

  it("a repeat sent while the first still runs waits for its answer, and says so if it takes too long", async () => {
    const { consultant, slots, context } = await bookingCustomer("impatient");
    const idempotencyKey = randomUUID();
    await book(context, consultant.id, { ...slots[0]!, idempotencyKey });
    const [kept] = await suite.db
      .select()
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.key, idempotencyKey));
    await leaveAsAfterCrash(idempotencyKey, new Date(Date.now() + 60_000));
    // The first answers while the repeat waits.
    const firstAnswers = (async () => {
      await sleep(300);
      await suite.db
        .update(idempotencyKeys)
        .set({ statusCode: kept!.statusCode, responseBody: kept!.responseBody })
        .where(eq(idempotencyKeys.key, idempotencyKey));
    })();
    const repeat = await book(context, consultant.id, { ...slots[0]!, idempotencyKey });
    await firstAnswers;
    await expectRedirectWithToast(repeat, context, "/my-appointments", BOOKED);

    await leaveAsAfterCrash(idempotencyKey, new Date(Date.now() + 60_000));
    const tooLong = await book(context, consultant.id, { ...slots[0]!, idempotencyKey });
    expect(tooLong.status).toBe(409);
    expect(tooLong.headers.get("Retry-After")).toBe("1");
    expect(tooLong.data.error).toBe(
      "This form is still being processed. Please wait a moment, then send it again: it will not be done twice.",
    );
  });
});

describe("My Appointments' forms with an idempotency key", () => {
  it("come with a key made for each render", async () => {
    const { context } = await customerWithAppointment("page-key");
    const keyOf = async () =>
      (await callLoader<{ idempotencyKey: string }>(myAppointmentsLoader, context, "/my-appointments")).data
        .idempotencyKey;
    const first = await keyOf();
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(await keyOf()).not.toBe(first);
  });

  it("cancel once: the form sent again lands where the first did, with its toast, not on 'already cancelled'", async () => {
    const { appointmentId, context } = await customerWithAppointment("cancel-twice");
    const fields = { intent: "cancel", appointmentId, idempotencyKey: randomUUID() };
    for (const answer of [await post(context, fields), await post(context, fields)]) {
      await expectRedirectWithToast(answer, context, "/my-appointments", {
        kind: "success",
        message: "Appointment cancelled",
      });
    }
    expect((await appointmentRow(suite.db, appointmentId)).cancelledAt).not.toBeNull();
  });

  it("claim a held time once: the form sent again lands where the first did, with its toast", async () => {
    const {
      consultant,
      slots,
      customer: booker,
      context: bookerContext,
    } = await bookingCustomer("claim-booker");
    await book(bookerContext, consultant.id, slots[0]!);
    const [booked] = await activeAppointmentsOf(booker.id);
    const waiter = await createUserWithSession(suite.db, "claim-waiter");
    const waiterContext = await suite.pageContext({ token: waiter.token });
    const zone = waiterContext.env.AGENCY_TZ;
    const day = new Intl.DateTimeFormat("en-CA", { timeZone: zone }).format(booked!.startsAt);
    const { entry } = await joinWaitlist(
      suite.db,
      waiter.id,
      { docId: consultant.id, day },
      { zone, now: waiterContext.clock() },
    );
    await post(bookerContext, { intent: "cancel", appointmentId: booked!.id, idempotencyKey: randomUUID() });
    const [offer] = await suite.db.select().from(waitlistOffers).where(eq(waitlistOffers.entryId, entry.id));
    expect(offer?.status).toBe("live");

    const fields = {
      intent: "claim-waitlist",
      entryId: entry.id,
      startsAt: offer!.startsAt.toISOString(),
      idempotencyKey: randomUUID(),
    };
    const first = await post(waiterContext, fields);
    const again = await post(waiterContext, fields);
    const toast = await toastOf(first, waiterContext);
    expect(toast).toMatchObject({ kind: "success", message: expect.stringMatching(/^Appointment booked: /) });
    await expectRedirectWithToast(again, waiterContext, "/my-appointments", toast as typeof BOOKED);
    expect(await activeAppointmentsOf(waiter.id)).toEqual([
      { id: expect.any(String), startsAt: offer!.startsAt },
    ]);
  });

  it("refuses a cancel key sent again for another appointment, which stays booked", async () => {
    const { consultant, slots, customer, context } = await bookingCustomer("cancel-reuse");
    await book(context, consultant.id, slots[0]!);
    await book(context, consultant.id, slots[1]!);
    const [first, second] = await activeAppointmentsOf(customer.id);
    const idempotencyKey = randomUUID();
    await post(context, { intent: "cancel", appointmentId: first!.id, idempotencyKey });
    const refused = await post(context, { intent: "cancel", appointmentId: second!.id, idempotencyKey });
    expect(refused.status).toBe(422);
    expect(refused.data.error).toBe(KEY_USED_FOR_OTHER_CHOICES);
    expect(await activeAppointmentsOf(customer.id)).toEqual([second]);
  });

  it("move once: the same form sent again answers the first move and moves nothing more", async () => {
    const { consultant, slots, customer, context } = await bookingCustomer("mover");
    await book(context, consultant.id, slots[0]!);
    const [booked] = await activeAppointmentsOf(customer.id);
    const fields = {
      intent: "reschedule",
      appointmentId: booked!.id,
      startsAt: slots[1]!.startsAt,
      idempotencyKey: randomUUID(),
    };
    const first = await post(context, fields);
    const again = await post(context, fields);
    expect(first.status).toBe(302);
    expect({ location: again.location, toast: await toastOf(again, context) }).toEqual({
      location: first.location,
      toast: await toastOf(first, context),
    });
    expect(await activeAppointmentsOf(customer.id)).toEqual([
      { id: booked!.id, startsAt: new Date(slots[1]!.startsAt) },
    ]);
  });

  for (const provider of ["stripe", "razorpay"] as const) {
    it(`starts one ${provider} payment when the form is sent twice: the same checkout, one payment row`, async () => {
      const { appointmentId, context } = await customerWithAppointment(`pay-${provider}`);
      const fields = { intent: "pay", provider, appointmentId, idempotencyKey: randomUUID() };
      const first = await post(context, fields);
      const again = await post(context, fields);
      expect(first.status).toBe(302);
      expect(first.location).toMatch(/^\/sandbox\/checkout\//);
      expect(again.location).toBe(first.location);
      expect(await paymentRows(suite.db, appointmentId)).toHaveLength(1);
      // Without a key each sending starts a checkout of its own, as before.
      await post(context, { intent: "pay", provider, appointmentId });
      expect(await paymentRows(suite.db, appointmentId)).toHaveLength(2);
    });
  }

  it("holds a key to one form of one customer: another form with it is refused, another customer's is their own", async () => {
    const { appointmentId, context } = await customerWithAppointment("shared-key");
    const idempotencyKey = randomUUID();
    await post(context, { intent: "pay", provider: "stripe", appointmentId, idempotencyKey });
    const refused = await post(context, { intent: "cancel", appointmentId, idempotencyKey });
    expect(refused.status).toBe(422);
    expect((await appointmentRow(suite.db, appointmentId)).cancelledAt).toBeNull();
    const stranger = await customerWithAppointment("other-customer");
    const theirs = await post(stranger.context, {
      intent: "pay",
      provider: "stripe",
      appointmentId: stranger.appointmentId,
      idempotencyKey,
    });
    expect(theirs.location).toMatch(/^\/sandbox\/checkout\//);
    expect(await paymentRows(suite.db, stranger.appointmentId)).toHaveLength(1);
  });

  it("answers a form sent again with the data the first showed (a live Razorpay checkout to open)", async () => {
    const { customer, context } = await customerWithAppointment("live-razorpay");
    const submission = {
      request: new Request(`${context.env.publicUrl}/my-appointments`, { method: "POST" }),
      userId: customer.id,
      values: { intent: "pay", provider: "razorpay", idempotencyKey: randomUUID() },
    };
    let ordersCreated = 0;
    const startOrder = async () => ({
      razorpay: { order: { id: `order_${++ordersCreated}` }, keyId: "rzp_test" },
    });
    const first = await answerFormOnce(context, submission, startOrder);
    const again = await answerFormOnce(context, submission, startOrder);
    expect(again).toEqual(first);
    expect(ordersCreated).toBe(1);
  });
});
