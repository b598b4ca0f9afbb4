import { appointments, consultants, outbox, users } from "@db/schema";
import { eq } from "drizzle-orm";
import { DateTime } from "luxon";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { snapshotOf } from "~/features/consultants/consultants.server";
import { legacySlotStart } from "../../../server/api/legacy-slots";
import {
  accountForFile,
  countRows,
  createConsultant,
  expectFailure,
  getWith,
  postJson,
} from "../../../tests/setup/factories";
import { frozenSuite, NOW, ZONE } from "../../../tests/setup/frozen-suite";
import { parseICalendar } from "../../../tests/setup/icalendar";
import {
  appointmentRow,
  bookedAppointment,
  consultantWithFee,
  listedAppointment,
  mailsOfKind,
  onlyPayment,
  slotPicker,
} from "../../../tests/setup/payments";
import {
  auditEntriesOf,
  insertAppointment,
  insertCustomer,
  paidAppointment,
} from "../../../tests/setup/staff-appointments";
import { testWaitlist } from "../../../tests/setup/waitlist";
import { APPOINTMENTS_COUNT_CAP, APPOINTMENTS_PAGE_SIZE } from "./staff-appointment-labels";
import {
  appointmentCsvLines,
  findStaffAppointment,
  listStaffAppointments,
  parseAppointmentFilters,
} from "./staff-appointments.server";
import { rescheduleAppointment } from "./staff-changes.server";

const suite = frozenSuite({ gateways: true });
const staff = accountForFile(suite, "admin", { name: "Staff Member" });
let slots: ReturnType<typeof slotPicker>;
let consultantId: string;

beforeAll(async () => {
  const consultant = await consultantWithFee(suite.db, "Emma Wilson", 6_420);
  consultantId = consultant.id;
  slots = slotPicker(consultant.id);
});

function at(wallClock: string): Date {
  return DateTime.fromISO(wallClock, { zone: ZONE }).toJSDate();
}

function list(query: Record<string, string>, pageSize?: number) {
  return listStaffAppointments(suite.db, parseAppointmentFilters(query), { zone: ZONE, pageSize });
}

describe("the staff appointments list", () => {
  /** A consultant of their own, so other tests' appointments never show up in these lists. */
  async function fixture() {
    const consultant = await createConsultant(suite.db, { name: "List Consultant" });
    const ada = await insertCustomer(suite.db, "Ada Lovelace", `ada.${consultant.id}@example.com`);
    const bob = await insertCustomer(suite.db, "Bob 100%_Sure", `bob.${consultant.id}@example.com`);
    const rows = {
      booked: await insertAppointment(suite.db, consultant, ada, at("2027-05-10T10:00")),
      paid: await insertAppointment(suite.db, consultant, ada, at("2027-05-11T10:00"), { paidAt: NOW }),
      cancelled: await insertAppointment(suite.db, consultant, bob, at("2027-05-12T10:00"), {
        cancelledAt: NOW,
        cancelledBy: "staff",
        cancelReason: "Consultant ill",
      }),
      completed: await insertAppointment(suite.db, consultant, bob, at("2027-04-20T10:00"), {
        paidAt: NOW,
        completedAt: NOW,
      }),
      noShow: await insertAppointment(suite.db, consultant, ada, at("2027-04-21T20:30"), {
        noShowAt: NOW,
      }),
    };
    return { consultant, rows };
  }

  it("filters by each status, consultant, day range (whole days in the agency's zone) and customer", async () => {
    const { consultant, rows } = await fixture();
    const ids = async (query: Record<string, string>) =>
      (await list({ consultantId: consultant.id, ...query })).rows.map((row) => row.id);

    expect(await ids({})).toEqual(
      [rows.cancelled, rows.paid, rows.booked, rows.noShow, rows.completed].map((row) => row.id),
    );
    expect(await ids({ status: "booked" })).toEqual([rows.booked.id]);
    expect(await ids({ status: "paid" })).toEqual([rows.paid.id]);
    expect(await ids({ status: "cancelled" })).toEqual([rows.cancelled.id]);
    expect(await ids({ status: "completed" })).toEqual([rows.completed.id]);
    expect(await ids({ status: "no_show" })).toEqual([rows.noShow.id]);
    // 8:30 PM in New York on 21 April is already 22 April in UTC: still the 21st for staff.
    expect(await ids({ from: "2027-04-21", to: "2027-04-21" })).toEqual([rows.noShow.id]);
    expect(await ids({ from: "2027-05-11", to: "2027-05-12" })).toEqual([rows.cancelled.id, rows.paid.id]);
    expect(await ids({ q: "LOVELACE", status: "paid" })).toEqual([rows.paid.id]);
    expect(await ids({ q: `bob.${consultant.id}` })).toEqual([rows.cancelled.id, rows.completed.id]);
    // What a person types is matched literally: "%" and "_" are not wildcards.
    expect(await ids({ q: "100%_" })).toEqual([rows.cancelled.id, rows.completed.id]);
    expect(await ids({ q: "1000%" })).toEqual([]);
  });

  it("finds a customer's appointments whether the search names a few customers or hundreds", async () => {
    const consultant = await createConsultant(suite.db, { name: "Search Consultant" });
    const tag = consultant.id.slice(0, 8);
    // More customers than NAMED_CUSTOMERS_LIMIT share the tag, so the broad search is a subquery.
    const crowd = await suite.db
      .insert(users)
      .values(
        Array.from({ length: 250 }, (_, index) => ({
          name: `Crowd ${tag} ${index}`,
          email: `crowd.${index}.${tag}@example.com`,
          passwordHash: "not-a-real-hash",
        })),
      )
      .returning({ id: users.id });
    const first = await insertAppointment(suite.db, consultant, crowd[7]!.id, at("2027-06-01T10:00"));
    const second = await insertAppointment(suite.db, consultant, crowd[240]!.id, at("2027-06-02T10:00"));
    const ids = async (q: string) =>
      (await list({ consultantId: consultant.id, q })).rows.map((row) => row.id);
    expect(await ids(`Crowd ${tag}`)).toEqual([second.id, first.id]);
    expect(await ids(`crowd.240.${tag}`)).toEqual([second.id]);
    expect(await ids(`crowd.241.${tag}`)).toEqual([]);
    const csv = [];
    for await (const line of appointmentCsvLines(suite.db, parseAppointmentFilters({ q: `Crowd ${tag}` }), {
      zone: ZONE,
    })) {
      csv.push(line);
    }
    expect(csv).toHaveLength(3);
  });

  it("sorts either way, pages, counts, and shows customer and consultant on each row", async () => {
    const { consultant, rows } = await fixture();
    const ascending = await list({ consultantId: consultant.id, sort: "starts-asc" }, 2);
    expect(ascending.rows.map((row) => row.id)).toEqual([rows.completed.id, rows.noShow.id]);
    expect(ascending).toMatchObject({ page: 1, total: 5, totalIsCapped: false, hasMore: true });
    const last = await list({ consultantId: consultant.id, sort: "starts-asc", page: "3" }, 2);
    expect(last.rows.map((row) => row.id)).toEqual([rows.cancelled.id]);
    expect(last.hasMore).toBe(false);
    expect(last.rows[0]).toMatchObject({
      status: "cancelled",
      cancelledBy: "staff",
      cancelReason: "Consultant ill",
      amountCents: consultant.feeCents,
      customer: { name: "Bob 100%_Sure" },
      consultant: { id: consultant.id, name: "List Consultant" },
    });
  });

  it("stops counting past the cap, says so, and still pages beyond it", async () => {
    const consultant = await createConsultant(suite.db, { name: "Busy Consultant" });
    const customer = await insertCustomer(suite.db, "Busy Customer", `busy.${consultant.id}@example.com`);
    const first = at("2027-01-01T00:00").getTime();
    await suite.db.insert(appointments).values(
      Array.from({ length: APPOINTMENTS_COUNT_CAP + 5 }, (_, index) => ({
        userId: customer,
        consultantId: consultant.id,
        startsAt: new Date(first + index * 30 * 60_000),
        amountCents: consultant.feeCents,
        currency: consultant.currency,
        consultantSnapshot: snapshotOf(consultant),
      })),
    );
    const firstPage = await list({ consultantId: consultant.id });
    expect(firstPage).toMatchObject({ total: APPOINTMENTS_COUNT_CAP, totalIsCapped: true, hasMore: true });
    const lastPage = Math.ceil((APPOINTMENTS_COUNT_CAP + 5) / APPOINTMENTS_PAGE_SIZE);
    const beyond = await list({ consultantId: consultant.id, page: String(lastPage) });
    expect(beyond.rows).toHaveLength(
      (APPOINTMENTS_COUNT_CAP + 5) % APPOINTMENTS_PAGE_SIZE || APPOINTMENTS_PAGE_SIZE,
    );
    expect(beyond.hasMore).toBe(false);
    expect(beyond.rows.at(-1)?.startsAt).toEqual(new Date(first));
  });

  it("refuses filters it cannot read with a sentence, instead of ignoring them", () => {
    for (const query of [
      { status: "lost" },
      { consultantId: "42" },
      { from: "2027-02-30" },
      { from: "tomorrow" },
      { from: "2027-05-02", to: "2027-05-01" },
      { page: "0" },
      { sort: "random" },
    ]) {
      expect(() => parseAppointmentFilters(query), JSON.stringify(query)).toThrow(/^[A-Z].+ .+ /);
    }
    expect(parseAppointmentFilters({ status: "", consultantId: "", q: "  " })).toEqual({ q: "" });
  });

  it("exports every match as CSV, quoted where needed and with formulas defused", async () => {
    const consultant = await createConsultant(suite.db, { name: "Export Consultant" });
    const sly = await insertCustomer(suite.db, '=HYPERLINK("evil")', `sly.${consultant.id}@example.com`);
    const row = await insertAppointment(suite.db, consultant, sly, at("2027-05-10T13:30"), {
      cancelledAt: NOW,
      cancelledBy: "staff",
      cancelReason: "Ill, sorry",
    });
    const lines: string[] = [];
    for await (const line of appointmentCsvLines(
      suite.db,
      parseAppointmentFilters({ consultantId: consultant.id }),
      { zone: ZONE },
    )) {
      lines.push(line);
    }
    expect(lines).toEqual([
      "Appointment ID,Starts (agency time),Time zone,Status,Customer,Customer e-mail,Consultant,Amount,Currency,Refunded,Cancelled by,Cancellation reason,Booked at (UTC)\r\n",
      `${row.id},2027-05-10 13:30,${ZONE},cancelled,"'=HYPERLINK(""evil"")",sly.${consultant.id}@example.com,Export Consultant,50.00,USD,no,staff,"Ill, sorry",${row.createdAt.toISOString()}\r\n`,
    ]);
  });
});

describe("GET /api/admin/appointments", () => {
  it("answers the staff API's shape, filtered, and 400 with a sentence for a bad filter", async () => {
    const booked = await bookedAppointment(suite.app, suite.db, slots.far());
    const response = await getWith(
      suite.app,
      `/api/admin/appointments?consultantId=${consultantId}&status=booked`,
      {
        token: staff.token,
      },
    );
    expect(response.status).toBe(200);
    const body = (await response.json()) as { success: boolean; appointments: Record<string, unknown>[] };
    expect(body.success).toBe(true);
    const listed = body.appointments.find((appointment) => appointment._id === booked.appointmentId);
    const row = await appointmentRow(suite.db, booked.appointmentId);
    const local = DateTime.fromJSDate(row.startsAt, { zone: ZONE });
    expect(listed).toEqual({
      _id: booked.appointmentId,
      user: { _id: booked.user.id, name: booked.user.name, email: booked.user.email },
      consultant: { _id: consultantId, name: "Emma Wilson" },
      startsAt: row.startsAt.toISOString(),
      slotDate: `${local.day}_${local.month}_${local.year}`,
      slotTime: local.toFormat("hh:mm a"),
      amount: 64.2,
      status: "booked",
    });
    await expectFailure(
      await getWith(suite.app, "/api/admin/appointments?status=lost", { token: staff.token }),
      400,
    );
  });
});

describe("the appointment's detail", () => {
  it("has the customer, the consultant, and each payment with the provider's events", async () => {
    const paid = await paidAppointment(suite.app, suite.db, suite.gateways, slots.far());
    const detail = await findStaffAppointment(suite.db, paid.appointmentId);
    const payment = await onlyPayment(suite.db, paid.appointmentId);
    expect(detail).toMatchObject({
      status: "paid",
      customer: { id: paid.user.id, email: paid.user.email },
      consultant: { id: consultantId, name: "Emma Wilson", archived: false },
    });
    expect(detail.payments).toHaveLength(1);
    expect(detail.payments[0]).toMatchObject({
      id: payment.id,
      provider: "stripe",
      status: "paid",
      amountCents: 6_420,
    });
    expect(detail.payments[0]!.events.map((event) => event.type)).toEqual(["checkout.return"]);
    await expect(findStaffAppointment(suite.db, "00000000-0000-4000-8000-000000000000")).rejects.toThrow(
      "We could not find that appointment.",
    );
  });
});

function staffCancel(appointmentId: string, body: unknown) {
  return postJson(suite.app, `/api/admin/appointments/${appointmentId}/cancel`, body, { token: staff.token });
}

describe("staff cancelling", () => {
  it("refunds a paid appointment 24 hours ahead, e-mails the reason with the calendar update, and audits it", async () => {
    const paid = await paidAppointment(suite.app, suite.db, suite.gateways, slots.far());
    const response = await staffCancel(paid.appointmentId, { reason: "Emma is ill that week." });
    expect({ status: response.status, body: await response.json() }).toEqual({
      status: 200,
      body: { success: true, message: "Appointment cancelled and payment refunded" },
    });
    const row = await appointmentRow(suite.db, paid.appointmentId);
    expect(row).toMatchObject({
      cancelledBy: "staff",
      cancelReason: "Emma is ill that week.",
      calendarSequence: 1,
    });
    expect(row.refundedAt).not.toBeNull();
    expect((await onlyPayment(suite.db, paid.appointmentId)).status).toBe("refunded");
    expect(await listedAppointment(suite.app, paid.user.token, paid.appointmentId)).toMatchObject({
      cancelled: true,
      refunded: true,
    });

    const [mail] = await mailsOfKind(suite.db, paid.user.email, "appointment-cancelled-by-agency");
    expect(mail?.textBody).toContain("The reason:\nEmma is ill that week.");
    expect(mail?.textBody).toContain("Your payment of $64.20 is refunded in full");
    const ics = parseICalendar(mail!.attachments[0]!.content);
    expect(ics.properties.METHOD).toBe("CANCEL");
    expect(ics.events[0]).toMatchObject({ UID: `appointment-${paid.appointmentId}@va-hub`, SEQUENCE: "1" });
    expect(await mailsOfKind(suite.db, paid.user.email, "payment-refund")).toHaveLength(1);

    const [entry] = await auditEntriesOf(suite.db, paid.appointmentId);
    expect(entry).toMatchObject({
      action: "appointment.cancel",
      actorEmail: staff.email,
      summary: "Cancelled: Emma is ill that week. (refunded)",
      before: { status: "paid" },
      after: { status: "cancelled", refunded: true },
    });
    await expectFailure(await staffCancel(paid.appointmentId, { reason: "Twice" + " over here" }), 409);
  });

  it("keeps the money less than 24 hours ahead unless staff refund anyway", async () => {
    const kept = await paidAppointment(suite.app, suite.db, suite.gateways, slots.near());
    const keptAnswer = await staffCancel(kept.appointmentId, { reason: "The office is closed." });
    expect((await keptAnswer.json()).message).toBe("Appointment cancelled");
    expect((await onlyPayment(suite.db, kept.appointmentId)).status).toBe("paid");
    const [keptMail] = await mailsOfKind(suite.db, kept.user.email, "appointment-cancelled-by-agency");
    expect(keptMail?.textBody).toContain("Your payment of $64.20 was not refunded.");

    const refunded = await paidAppointment(suite.app, suite.db, suite.gateways, slots.near());
    const answer = await staffCancel(refunded.appointmentId, {
      reason: "The office is closed.",
      refundAnyway: true,
    });
    expect((await answer.json()).message).toBe("Appointment cancelled and payment refunded");
    expect((await onlyPayment(suite.db, refunded.appointmentId)).status).toBe("refunded");
    const [entry] = await auditEntriesOf(suite.db, refunded.appointmentId);
    expect(entry?.after).toMatchObject({ refunded: true, refundedAnyway: true });
  });

  it("needs a reason, a current view and a future appointment, and changes nothing otherwise", async () => {
    const booked = await bookedAppointment(suite.app, suite.db, slots.far());
    const before = {
      row: await appointmentRow(suite.db, booked.appointmentId),
      mails: await countRows(suite.db, outbox),
    };
    await expectFailure(await staffCancel(booked.appointmentId, {}), 400);
    await expectFailure(await staffCancel(booked.appointmentId, { reason: "  " }), 400);
    await expectFailure(
      await staffCancel(booked.appointmentId, { reason: "Stale view here", sequence: 3 }),
      409,
    );
    await expectFailure(
      await staffCancel("00000000-0000-4000-8000-000000000000", { reason: "No such thing" }),
      404,
    );
    expect({
      row: await appointmentRow(suite.db, booked.appointmentId),
      mails: await countRows(suite.db, outbox),
    }).toEqual(before);

    vi.setSystemTime(new Date(before.row.startsAt.getTime() + 60_000));
    const started = await expectFailure(
      await staffCancel(booked.appointmentId, { reason: "Too late now" }),
      409,
    );
    expect(started.message).toContain("already started");
  });
});

describe("marking attendance through the API", () => {
  it("is refused before the start and for a cancelled appointment, and works once started", async () => {
    const booked = await bookedAppointment(suite.app, suite.db, slots.far());
    const complete = () =>
      postJson(
        suite.app,
        `/api/admin/appointments/${booked.appointmentId}/complete`,
        {},
        { token: staff.token },
      );
    await expectFailure(await complete(), 409);
    const row = await appointmentRow(suite.db, booked.appointmentId);
    vi.setSystemTime(new Date(row.startsAt.getTime() + 5 * 60_000));
    const done = await complete();
    expect(await done.json()).toEqual({ success: true, message: "Appointment marked completed" });
    expect(await listedAppointment(suite.app, booked.user.token, booked.appointmentId)).toMatchObject({
      isCompleted: true,
    });
    await expectFailure(
      await postJson(
        suite.app,
        `/api/admin/appointments/${booked.appointmentId}/no-show`,
        {},
        { token: staff.token },
      ),
      409,
    );

    vi.setSystemTime(NOW);
    const other = await bookedAppointment(suite.app, suite.db, slots.far());
    await staffCancel(other.appointmentId, { reason: "Not needed anymore" });
    vi.setSystemTime(
      new Date((await appointmentRow(suite.db, other.appointmentId)).startsAt.getTime() + 60_000),
    );
    await expectFailure(
      await postJson(
        suite.app,
        `/api/admin/appointments/${other.appointmentId}/no-show`,
        {},
        { token: staff.token },
      ),
      409,
    );
  });
});

function reschedule(appointmentId: string, body: unknown) {
  return postJson(suite.app, `/api/admin/appointments/${appointmentId}/reschedule`, body, {
    token: staff.token,
  });
}

describe("rescheduling", () => {
  it("moves a paid appointment, keeps its payment, and sends the same invitation with a higher sequence", async () => {
    const paid = await paidAppointment(suite.app, suite.db, suite.gateways, slots.far());
    const target = slots.far();
    const response = await reschedule(paid.appointmentId, {
      slotDate: target.slotDate,
      slotTime: target.slotTime,
    });
    expect(response.status).toBe(200);
    const row = await appointmentRow(suite.db, paid.appointmentId);
    const local = DateTime.fromJSDate(row.startsAt, { zone: ZONE });
    expect(`${local.day}_${local.month}_${local.year} ${local.toFormat("hh:mm a")}`).toBe(
      `${target.slotDate} ${target.slotTime}`,
    );
    expect(row).toMatchObject({ calendarSequence: 1, cancelledAt: null });
    expect(row.paidAt).not.toBeNull();
    expect((await onlyPayment(suite.db, paid.appointmentId)).status).toBe("paid");

    const [mail] = await mailsOfKind(suite.db, paid.user.email, "appointment-rescheduled");
    expect(mail?.textBody).toContain("We moved your consultation with Emma Wilson from");
    const ics = parseICalendar(mail!.attachments[0]!.content);
    expect(ics.properties.METHOD).toBe("REQUEST");
    expect(ics.events[0]).toMatchObject({ UID: `appointment-${paid.appointmentId}@va-hub`, SEQUENCE: "1" });
    const [entry] = await auditEntriesOf(suite.db, paid.appointmentId);
    expect(entry).toMatchObject({ action: "appointment.reschedule", actorEmail: staff.email });
  });

  it("obeys every booking rule for the new slot and changes nothing when refused", async () => {
    const booked = await bookedAppointment(suite.app, suite.db, slots.far());
    const other = await bookedAppointment(suite.app, suite.db, slots.far());
    const otherRow = await appointmentRow(suite.db, other.appointmentId);
    const taken = DateTime.fromJSDate(otherRow.startsAt, { zone: ZONE });
    const before = await appointmentRow(suite.db, booked.appointmentId);

    const refusals: [unknown, number][] = [
      [{ slotDate: `${taken.day}_${taken.month}_${taken.year}`, slotTime: taken.toFormat("hh:mm a") }, 409],
      [{ slotDate: "3_5_2027", slotTime: "10:00 AM" }, 400],
      [{ slotDate: "5_5_2027", slotTime: "09:00 PM" }, 400],
      [{ slotDate: "20_5_2027", slotTime: "10:00 AM" }, 400],
      [{ slotDate: "5_5_2027" }, 400],
    ];
    for (const [body, status] of refusals) {
      await expectFailure(await reschedule(booked.appointmentId, body), status);
    }
    // A day the consultant has off.
    await suite.db
      .update(consultants)
      .set({ daysOff: ["2027-05-09"] })
      .where(eq(consultants.id, consultantId));
    await expectFailure(
      await reschedule(booked.appointmentId, { slotDate: "9_5_2027", slotTime: "10:00 AM" }),
      409,
    );
    await suite.db.update(consultants).set({ daysOff: [] }).where(eq(consultants.id, consultantId));
    expect(await appointmentRow(suite.db, booked.appointmentId)).toEqual(before);
  });

  it("lets a customer move only their own appointment", async () => {
    const mine = await bookedAppointment(suite.app, suite.db, slots.far());
    // The feature takes the instant; the test's slots are the API's strings.
    const { slotDate, slotTime } = slots.far() as { slotDate: string; slotTime: string };
    const target = { startsAt: legacySlotStart({ slotDate, slotTime }, ZONE) };
    const context = { zone: ZONE, agencyEmail: "agency@example.com", waitlist: testWaitlist(ZONE), now: NOW };
    const intruder = await bookedAppointment(suite.app, suite.db, slots.far());
    await expect(
      rescheduleAppointment(
        suite.db,
        mine.appointmentId,
        target,
        { kind: "customer", userId: intruder.user.id },
        context,
      ),
    ).rejects.toThrow("We could not find that appointment.");
    const moved = await rescheduleAppointment(
      suite.db,
      mine.appointmentId,
      target,
      { kind: "customer", userId: mine.user.id },
      context,
    );
    expect(moved.calendarSequence).toBe(1);
    const [mail] = await mailsOfKind(suite.db, mine.user.email, "appointment-rescheduled");
    expect(mail?.textBody).toContain("Your consultation with Emma Wilson has moved from");
    expect(await auditEntriesOf(suite.db, mine.appointmentId)).toEqual([]);
    expect(
      (await suite.db.select().from(appointments).where(eq(appointments.id, mine.appointmentId)))[0]
        ?.startsAt,
    ).toEqual(moved.startsAt);
  });
});
