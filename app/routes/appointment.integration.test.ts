import { appointments } from "@db/schema";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { SLOT_TAKEN_MESSAGE } from "~/features/booking/booking.server";
import type { FormFailure } from "~/infra/form-failure.server";
import type { RequestContext } from "~/request-context.server";
import { countRows, createConsultant, createUserWithSession } from "../../tests/setup/factories";
import { callAction, callLoader, expectRedirectWithToast, routeSuite } from "../../tests/setup/route-calls";
import { action, loader } from "./appointment";

const suite = routeSuite();

type BookingPage = Awaited<ReturnType<typeof loader>>;

async function bookingPage(context: RequestContext, consultantId: string) {
  return callLoader<BookingPage>(loader, context, `/appointment/${consultantId}`, { docId: consultantId });
}

function book(context: RequestContext, consultantId: string, slot: Record<string, string>) {
  return callAction<FormFailure>(action, context, `/appointment/${consultantId}`, slot, {
    docId: consultantId,
  });
}

describe("the booking page's loader", () => {
  it("answers 404 for a consultant that does not exist or an id that is not one", async () => {
    const context = await suite.pageContext();
    for (const id of ["00000000-0000-4000-8000-000000000000", "not-an-id"]) {
      expect((await bookingPage(context, id)).status).toBe(404);
    }
  });

  it("shows the consultant with the fee in dollars and seven days of slots", async () => {
    const consultant = await createConsultant(suite.db, { feeCents: 6_420 });
    const { status, data } = await bookingPage(await suite.pageContext(), consultant.id);
    expect(status).toBe(200);
    expect(data.consultant).toMatchObject({ id: consultant.id, name: consultant.name, fee: "$64.20" });
    expect(data.days).toHaveLength(7);
    expect(data.signedIn).toBe(false);
  });

  it("offers others of the same speciality with what their cards show: degree, experience and fee", async () => {
    const consultant = await createConsultant(suite.db, { speciality: "Legal Consultants" });
    const other = await createConsultant(suite.db, {
      speciality: "Legal Consultants",
      degree: "JD",
      experience: "12 Years",
      feeCents: 9_000,
    });
    const { data } = await bookingPage(await suite.pageContext(), consultant.id);
    expect(data.related).toContainEqual({
      id: other.id,
      name: other.name,
      image: other.image,
      speciality: "Legal Consultants",
      degree: "JD",
      experience: "12 Years",
      fee: "$90.00",
      available: true,
      rating: null,
      reviewCount: 0,
    });
    expect(data.related.map((card) => card.id)).not.toContain(consultant.id);
  });
});

describe("booking from the page", () => {
  it("sends a visitor who is not signed in to login, to come back to this consultant, booking nothing", async () => {
    const consultant = await createConsultant(suite.db);
    const [slot] = await suite.laterFreeStarts(consultant.id);
    const context = await suite.pageContext();
    const answer = await book(context, consultant.id, slot!);
    await expectRedirectWithToast(
      answer,
      context,
      `/login?redirectTo=${encodeURIComponent(`/appointment/${consultant.id}`)}`,
      { kind: "info", message: "Login to book appointment" },
    );
    expect(
      await suite.db.select().from(appointments).where(eq(appointments.consultantId, consultant.id)),
    ).toEqual([]);
  });

  it("books a free slot and goes to My Appointments with the toast", async () => {
    const consultant = await createConsultant(suite.db);
    const [slot] = await suite.laterFreeStarts(consultant.id);
    const customer = await createUserWithSession(suite.db, "booker");
    const context = await suite.pageContext({ token: customer.token });
    const answer = await book(context, consultant.id, slot!);
    await expectRedirectWithToast(answer, context, "/my-appointments", {
      kind: "success",
      message: "Appointment booked",
    });
    const booked = await suite.db
      .select()
      .from(appointments)
      .where(eq(appointments.consultantId, consultant.id));
    expect(booked.map((row) => row.userId)).toEqual([customer.id]);
  });

  it("answers a slot someone else took with 409 and the taken-slot sentence, keeping the choice", async () => {
    const consultant = await createConsultant(suite.db);
    const [slot] = await suite.laterFreeStarts(consultant.id);
    const first = await createUserWithSession(suite.db, "first");
    await book(await suite.pageContext({ token: first.token }), consultant.id, slot!);

    const second = await createUserWithSession(suite.db, "second");
    const before = await countRows(suite.db, appointments);
    const answer = await book(await suite.pageContext({ token: second.token }), consultant.id, slot!);
    expect(answer.status).toBe(409);
    expect(answer.data.error).toBe(SLOT_TAKEN_MESSAGE);
    expect(answer.data.values).toEqual(slot);
    expect(await countRows(suite.db, appointments)).toBe(before);
  });

  it("refuses a time off the grid with 400 and a sentence, booking nothing", async () => {
    const consultant = await createConsultant(suite.db);
    const [slot] = await suite.laterFreeStarts(consultant.id);
    const customer = await createUserWithSession(suite.db, "offgrid");
    const quarterPast = new Date(Date.parse(slot!.startsAt) + 15 * 60_000).toISOString();
    const answer = await book(await suite.pageContext({ token: customer.token }), consultant.id, {
      startsAt: quarterPast,
    });
    expect(answer.status).toBe(400);
    expect(answer.data.error).toBe(
      "Appointments start on the hour or half hour between 10:00 AM and 8:30 PM.",
    );
  });

  it("answers 404 when the consultant of the page does not exist", async () => {
    const customer = await createUserWithSession(suite.db, "nobody");
    const answer = await book(
      await suite.pageContext({ token: customer.token }),
      "00000000-0000-4000-8000-000000000000",
      { startsAt: "2030-01-01T15:00:00.000Z" },
    );
    expect(answer.status).toBe(404);
    expect(answer.data.error).toBe("We could not find that consultant.");
  });
});
