import { waitlistEntries } from "@db/waitlist-schema";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { WAITLIST_HELD_MESSAGE } from "~/features/waitlist/waitlist-schema";
import {
  book,
  bookOrFail,
  cancel,
  createConsultant,
  createUsersWithSessions,
  type DirectUser,
  expectFailure,
  getWith,
  postJson,
  type RequestTarget,
} from "../../tests/setup/factories";
import { frozenSuite } from "../../tests/setup/frozen-suite";
import { mailsOfKind } from "../../tests/setup/payments";

/** The waitlist API as a client uses it, with the clock standing still on Monday 3 May 2027, 12:10 (New York). */
const suite = frozenSuite();

interface WaitlistAnswer {
  success: boolean;
  entries: {
    _id: string;
    docId: string;
    slotDate: string;
    status: string;
    offer: { slotTime: string; startsAt: string; expiresAt: string } | null;
  }[];
}

function join(app: RequestTarget, user: DirectUser, body: unknown) {
  return postJson(app, "/api/user/waitlist", body, { token: user.token });
}

async function entriesOf(user: DirectUser) {
  const response = await getWith(suite.app, "/api/user/waitlist", { token: user.token });
  expect(response.status).toBe(200);
  return ((await response.json()) as WaitlistAnswer).entries;
}

function remove(user: DirectUser, entryId: string) {
  return suite.app.request(`/api/user/waitlist/${entryId}`, {
    method: "DELETE",
    headers: { token: user.token },
  });
}

describe("the waitlist API", () => {
  it("A waits, B books and cancels, C is refused with 409, A claims the held time", async () => {
    const consultant = await createConsultant(suite.db);
    const [waiter, booker, other] = await createUsersWithSessions(suite.db, 3, "waitlist-api");
    const slot = { docId: consultant.id, slotDate: "4_5_2027", slotTime: "03:00 PM" };
    const appointmentId = await bookOrFail(suite.app, booker!.token, slot);

    const joined = await join(suite.app, waiter!, { docId: consultant.id, slotDate: "4_5_2027" });
    expect(joined.status).toBe(201);
    const { waitlistId } = (await joined.json()) as { waitlistId: string };
    expect((await entriesOf(waiter!)).map((entry) => [entry._id, entry.status, entry.offer])).toEqual([
      [waitlistId, "waiting", null],
    ]);

    expect((await cancel(suite.app, booker!.token, appointmentId)).status).toBe(200);
    const [entry] = await entriesOf(waiter!);
    expect(entry).toMatchObject({ docId: consultant.id, slotDate: "4_5_2027", status: "offered" });
    expect(entry?.offer?.slotTime).toBe("03:00 PM");
    expect(await mailsOfKind(suite.db, waiter!.email, "waitlist-offer")).toHaveLength(1);

    // Neither listed nor bookable by anyone else.
    const listed = (await (await getWith(suite.app, `/api/doctor/${consultant.id}/slots`)).json()) as {
      days: { date: string; slots: { slotTime: string }[] }[];
    };
    const tuesday = listed.days.find((day) => day.date === "2027-05-04")!;
    expect(tuesday.slots.map((free) => free.slotTime)).toContain("02:30 PM");
    expect(tuesday.slots.map((free) => free.slotTime)).not.toContain("03:00 PM");
    const refused = await book(suite.app, other!.token, slot);
    expect(refused.status).toBe(409);
    const refusal = (await refused.json()) as { message: string };
    expect([
      WAITLIST_HELD_MESSAGE,
      "This slot is no longer available. Please choose another time.",
    ]).toContain(refusal.message);

    await expectFailure(
      await postJson(
        suite.app,
        `/api/user/waitlist/${waitlistId}/claim`,
        { slotTime: "04:00 PM" },
        { token: waiter!.token },
      ),
      409,
    );
    const claimed = await postJson(
      suite.app,
      `/api/user/waitlist/${waitlistId}/claim`,
      { slotTime: "03:00 PM" },
      { token: waiter!.token },
    );
    expect(claimed.status).toBe(201);
    const { appointmentId: claimedId } = (await claimed.json()) as { appointmentId: string };
    const mine = (await (
      await getWith(suite.app, "/api/user/appointments", { token: waiter!.token })
    ).json()) as {
      appointments: { _id: string; slotDate: string; slotTime: string }[];
    };
    expect(mine.appointments).toContainEqual(
      expect.objectContaining({ _id: claimedId, slotDate: "4_5_2027", slotTime: "03:00 PM" }),
    );
    expect((await entriesOf(waiter!))[0]?.status).toBe("booked");
  });

  it("lets a customer leave, and treats another's entry as missing", async () => {
    const consultant = await createConsultant(suite.db);
    const [owner, intruder] = await createUsersWithSessions(suite.db, 2, "waitlist-api-leave");
    const joined = await join(suite.app, owner!, { docId: consultant.id, slotDate: "5_5_2027" });
    const { waitlistId } = (await joined.json()) as { waitlistId: string };
    expect((await remove(intruder!, waitlistId)).status).toBe(404);
    await expectFailure(
      await postJson(suite.app, `/api/user/waitlist/${waitlistId}/claim`, {}, { token: intruder!.token }),
      404,
    );
    expect(await entriesOf(intruder!)).toEqual([]);
    expect((await remove(owner!, waitlistId)).status).toBe(200);
    expect((await entriesOf(owner!))[0]?.status).toBe("removed");
    expect((await remove(owner!, waitlistId)).status).toBe(409);
  });

  it("answers bad input with a 4xx and a sentence, and writes nothing", async () => {
    const consultant = await createConsultant(suite.db);
    const [customer] = await createUsersWithSessions(suite.db, 1, "waitlist-api-bad");
    await expectFailure(
      await postJson(suite.app, "/api/user/waitlist", { docId: consultant.id, slotDate: "4_5_2027" }),
      401,
    );
    for (const [body, status] of [
      [{ docId: consultant.id, slotDate: "2027-05-04" }, 400],
      [{ docId: consultant.id, slotDate: "31_2_2027" }, 400],
      [{ docId: consultant.id, slotDate: "20_5_2027" }, 400],
      [{ docId: consultant.id }, 400],
      [{ docId: "nobody", slotDate: "4_5_2027" }, 404],
    ] as const) {
      await expectFailure(await join(suite.app, customer!, body), status);
    }
    expect(
      await suite.db.select().from(waitlistEntries).where(eq(waitlistEntries.userId, customer!.id)),
    ).toEqual([]);
    expect((await remove(customer!, "not-an-id")).status).toBe(404);
  });
});
