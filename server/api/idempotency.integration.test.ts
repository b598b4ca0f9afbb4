import { idempotencyKeys } from "@db/idempotency-schema";
import { appointments } from "@db/schema";
import { and, eq, isNull, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  type BookingBody,
  consultantNamed,
  countRows,
  createUserWithSession,
  postJson,
} from "../../tests/setup/factories";
import { frozenSuite } from "../../tests/setup/frozen-suite";

/** Now is Monday 3 May 2027, 12:10 PM in New York (tests/setup/frozen-suite.ts). */
const suite = frozenSuite();

let slotIndex = 0;
const TIMES = [
  "10:00 AM",
  "10:30 AM",
  "11:00 AM",
  "11:30 AM",
  "02:00 PM",
  "02:30 PM",
  "03:00 PM",
  "03:30 PM",
];
async function freeSlot(): Promise<BookingBody> {
  const consultant = await consultantNamed(suite.db, "Lucas Meyer");
  const index = slotIndex++;
  const day = ["5_5_2027", "6_5_2027", "7_5_2027"][Math.floor(index / TIMES.length)]!;
  return { docId: consultant.id, slotDate: day, slotTime: TIMES[index % TIMES.length]! };
}

function bookWithKey(token: string, body: unknown, key: string | undefined) {
  return postJson(suite.app, "/api/user/book-appointment", body, {
    token,
    headers: key === undefined ? {} : { "Idempotency-Key": key },
  });
}

async function activeBookingsOf(userId: string) {
  return suite.db
    .select({ id: appointments.id })
    .from(appointments)
    .where(and(eq(appointments.userId, userId), isNull(appointments.cancelledAt)));
}

describe("Idempotency-Key", () => {
  it("answers a retried booking with the first answer, booking once", async () => {
    const customer = await createUserWithSession(suite.db, "retrier");
    const slot = await freeSlot();
    const first = await bookWithKey(customer.token, slot, "booking-key-1");
    expect(first.status).toBe(201);
    const firstBody = await first.json();
    const again = await bookWithKey(customer.token, slot, "booking-key-1");
    expect(again.status).toBe(201);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(await again.json()).toEqual(firstBody);
    expect(await activeBookingsOf(customer.id)).toHaveLength(1);
    // Without the key, the same booking is refused as the old clients know it.
    expect((await bookWithKey(customer.token, slot, undefined)).status).toBe(409);
  });

  it("refuses the same key with another body (422) and a key that is too long or not visible text (400)", async () => {
    const customer = await createUserWithSession(suite.db, "reuser");
    const slot = await freeSlot();
    expect((await bookWithKey(customer.token, slot, "reused-key")).status).toBe(201);
    const other = await bookWithKey(customer.token, await freeSlot(), "reused-key");
    expect(other.status).toBe(422);
    expect(await other.json()).toEqual({
      success: false,
      message:
        "This Idempotency-Key was already used for a different request. Please use a new key for a new request.",
    });
    for (const key of ["k".repeat(256), "has space"]) {
      const refused = await bookWithKey(customer.token, await freeSlot(), key);
      expect(refused.status).toBe(400);
      expect((await refused.json()).message).toMatch(
        /^The Idempotency-Key header must be 1 to 255 visible characters/,
      );
    }
    expect(await activeBookingsOf(customer.id)).toHaveLength(1);
  });

  it("keeps keys per customer: another customer's same key is their own", async () => {
    const [first, second] = [
      await createUserWithSession(suite.db, "a"),
      await createUserWithSession(suite.db, "b"),
    ];
    expect((await bookWithKey(first.token, await freeSlot(), "shared-key")).status).toBe(201);
    const theirs = await bookWithKey(second.token, await freeSlot(), "shared-key");
    expect(theirs.status).toBe(201);
    expect(theirs.headers.get("Idempotent-Replayed")).toBeNull();
  });

  it("after the first request's process died mid-way, a retry of a booking that committed answers 201 with it", async () => {
    const customer = await createUserWithSession(suite.db, "crashed");
    const slot = await freeSlot();
    const booked = await bookWithKey(customer.token, slot, "crash-key");
    const { appointmentId } = (await booked.json()) as { appointmentId: string };
    // As a host killed after the commit leaves it: the key held, no answer kept, its hold run out.
    await suite.db
      .update(idempotencyKeys)
      .set({ statusCode: null, responseBody: null, lockedUntil: new Date("2000-01-01T00:00:00Z") })
      .where(eq(idempotencyKeys.key, "crash-key"));
    const retried = await bookWithKey(customer.token, slot, "crash-key");
    expect(retried.status).toBe(201);
    expect(await retried.json()).toEqual({ success: true, message: "Appointment booked", appointmentId });
    expect(await activeBookingsOf(customer.id)).toHaveLength(1);
  });

  it("while the first request still runs, answers 409 with Retry-After", async () => {
    const customer = await createUserWithSession(suite.db, "impatient");
    const slot = await freeSlot();
    await bookWithKey(customer.token, slot, "running-key");
    await suite.db
      .update(idempotencyKeys)
      .set({ statusCode: null, responseBody: null, lockedUntil: new Date("2100-01-01T00:00:00Z") })
      .where(eq(idempotencyKeys.key, "running-key"));
    const busy = await bookWithKey(customer.token, slot, "running-key");
    expect(busy.status).toBe(409);
    expect(busy.headers.get("Retry-After")).toBe("1");
  });

  it("when the answer cannot be kept after the booking, answers a whole failure, not the booking's length", async () => {
    const customer = await createUserWithSession(suite.db, "unkept");
    await suite.db.execute(sql`
      CREATE FUNCTION refuse_kept_answer() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'refused for the test'; END $$`);
    await suite.db.execute(sql`
      CREATE TRIGGER refuse_kept_answer BEFORE UPDATE ON idempotency_keys
      FOR EACH ROW WHEN (NEW.status_code IS NOT NULL) EXECUTE FUNCTION refuse_kept_answer()`);
    try {
      const response = await bookWithKey(customer.token, await freeSlot(), "unkept-answer");
      const body = await response.text();
      expect(response.status).toBe(500);
      const declared = response.headers.get("Content-Length");
      if (declared !== null) expect(Number(declared)).toBe(Buffer.byteLength(body));
      expect(JSON.parse(body)).toMatchObject({ success: false });
    } finally {
      await suite.db.execute(sql`DROP TRIGGER refuse_kept_answer ON idempotency_keys`);
      await suite.db.execute(sql`DROP FUNCTION refuse_kept_answer()`);
    }
  });

  it("applies to cancelling too: a retried cancel answers the first success", async () => {
    const customer = await createUserWithSession(suite.db, "canceller");
    const booked = await bookWithKey(customer.token, await freeSlot(), undefined);
    const { appointmentId } = (await booked.json()) as { appointmentId: string };
    const cancelWith = () =>
      postJson(
        suite.app,
        "/api/user/cancel-appointment",
        { appointmentId },
        {
          token: customer.token,
          headers: { "Idempotency-Key": "cancel-key" },
        },
      );
    const first = await cancelWith();
    expect(await first.json()).toEqual({ success: true, message: "Appointment cancelled" });
    const again = await cancelWith();
    expect(again.status).toBe(200);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(await countRows(suite.db, idempotencyKeys)).toBeGreaterThan(0);
  });
});
