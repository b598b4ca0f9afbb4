import { calendarWrites } from "@db/calendar-schema";
import { outbox } from "@db/schema";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "~/infra/db.server";
import {
  insertAppointment,
  insertCalendar,
  insertInquiry,
  insertKycSubmission,
  insertPayment,
} from "../../../tests/setup/back-office";
import { createConsultant, createUserWithRole } from "../../../tests/setup/factories";
import { inNewYork, ZONE } from "../../../tests/setup/frozen-suite";
import { testSecrets } from "../../../tests/setup/test-app";
import { createTestDatabase } from "../../../tests/setup/test-database";
import { type DashboardFigures, dashboardFigures } from "./dashboard.server";

/** Wednesday 12 May 2027, 3 PM in New York. */
const NOW = inNewYork("2027-05-12T15:00");

let database: DatabaseHandle;
let figures: DashboardFigures;
const ids: Record<string, string> = {};

beforeAll(async () => {
  database = await createTestDatabase();
  const db = database.db;
  const consultant = await createConsultant(db, { name: "Dana Consultant", feeCents: 5_000 });
  const customer = await createUserWithRole(db, "investor", { name: "Casey Customer" });
  const book = (startsAt: string, createdAt: string, extra: { paidAt?: Date; cancelledAt?: Date } = {}) =>
    insertAppointment(db, {
      userId: customer.id,
      consultant,
      startsAt: inNewYork(startsAt),
      createdAt: inNewYork(createdAt),
      ...extra,
    });

  ids.laterToday = (await book("2027-05-12T17:00", "2027-05-11T09:00")).id;
  await book("2027-05-12T10:00", "2027-05-11T09:30", { cancelledAt: inNewYork("2027-05-11T12:00") });
  ids.inThreeDays = (
    await book("2027-05-15T11:00", "2027-05-04T09:00", { paidAt: inNewYork("2027-05-04T10:00") })
  ).id;
  await book("2027-05-21T11:00", "2027-04-01T09:00");
  await book("2027-05-11T11:00", "2027-05-10T00:30");

  const pay = (appointmentId: string, amountCents: number, paidAt: string, refundedAt?: string) =>
    insertPayment(db, {
      appointmentId,
      amountCents,
      paidAt: inNewYork(paidAt),
      refundedAt: refundedAt ? inNewYork(refundedAt) : undefined,
    });

  // The week of a payment is the agency's: Sunday 11:30 PM in New York is already Monday in UTC.
  await pay(ids.inThreeDays, 5_000, "2027-05-02T23:30");
  await pay(ids.laterToday, 1_500, "2027-04-20T10:00", "2027-05-03T10:00");
  await pay(ids.laterToday, 2_500, "2027-04-05T10:00");
  await pay(ids.laterToday, 9_900, "2027-03-31T23:30");

  await insertInquiry(db);
  await insertInquiry(db);
  await insertInquiry(db, { status: "closed" });
  const key = testSecrets().encryptionKey;
  await insertKycSubmission(db, key, customer.id);
  await insertKycSubmission(db, key, (await createUserWithRole(db, "borrower")).id, { status: "approved" });
  const mail = (values: Partial<typeof outbox.$inferInsert>) =>
    db
      .insert(outbox)
      .values({ recipient: "a@example.com", subject: "s", textBody: "t", kind: "test", ...values });
  await mail({ status: "failed", attempts: 8, lastError: "refused" });
  await mail({ status: "pending", attempts: 2, lastError: "timeout" });
  await mail({ status: "pending" });
  await mail({ status: "sent", attempts: 1 });

  // Calendars: one healthy, one withheld, one failing, one whose booking is not written yet, one
  // whose old write error was overcome, and an archived consultant's failing one.
  const trusted = inNewYork("2027-05-12T15:20");
  const calendarOf = async (name: string, values: Parameters<typeof insertCalendar>[2]) =>
    insertCalendar(db, (await createConsultant(db, { name })).id, values);
  await calendarOf("Healthy Calendar", { trustedUntil: trusted });
  await calendarOf("Withheld Calendar", { trustedUntil: inNewYork("2027-05-12T14:59") });
  await calendarOf("Failing Calendar", { trustedUntil: trusted, lastError: "Wrong password." });
  await calendarOf("Unwritten Calendar", { trustedUntil: trusted, failingWriteOf: ids.laterToday });
  const written = await calendarOf("Written Calendar", { trustedUntil: trusted });
  await db.insert(calendarWrites).values({
    calendarId: written.id,
    appointmentId: ids.inThreeDays,
    dueAt: null,
    lastError: "Timed out, then written.",
  });
  const archived = await createConsultant(db, { name: "Archived Calendar", archivedAt: NOW });
  await insertCalendar(db, archived.id, { lastError: "Gone." });

  figures = await dashboardFigures(db, NOW, ZONE);
});
afterAll(async () => {
  await database.close();
});

describe("the dashboard's figures", () => {
  it("count today's and the next 7 days' active appointments, listed soonest first", () => {
    expect(figures.todayCount).toBe(1);
    expect(figures.nextSevenDaysCount).toBe(1);
    expect(figures.upcoming).toEqual([
      expect.objectContaining({
        id: ids.laterToday,
        customerName: "Casey Customer",
        consultantName: "Dana Consultant",
        paid: false,
      }),
      expect.objectContaining({ id: ids.inThreeDays, paid: true }),
    ]);
  });

  it("count unpaid upcoming appointments (cancelled and past ones left out)", () => {
    expect(figures.unpaidUpcomingCount).toBe(2);
  });

  it("take refunds off the month they were given in", () => {
    expect(figures.revenueThisMonth).toEqual({ USD: 5_000 - 1_500 });
    // 11:30 PM on 31 March in New York is April in UTC, but March for the agency.
    expect(figures.revenueLastMonth).toEqual({ USD: 1_500 + 2_500 });
  });

  it("count new inquiries, pending KYC and failing e-mails", () => {
    expect(figures.newInquiries).toBe(2);
    expect(figures.pendingKyc).toBe(1);
    expect(figures.failingEmails).toBe(2);
  });

  it("count consultants whose calendar is withheld, failing or not written to", () => {
    expect(figures.calendarsInTrouble).toBe(3);
  });

  it("give 12 weeks of bookings and revenue, Monday to Sunday in the agency's zone", () => {
    expect(figures.weeks).toHaveLength(12);
    expect(figures.weeks[0]!.weekStart).toBe("2027-02-22");
    expect(figures.weeks.at(-1)!.weekStart).toBe("2027-05-10");
    const week = (start: string) => figures.weeks.find((candidate) => candidate.weekStart === start)!;
    expect(week("2027-05-10")).toEqual({ weekStart: "2027-05-10", bookings: 3, revenue: {} });
    expect(week("2027-05-03")).toEqual({ weekStart: "2027-05-03", bookings: 1, revenue: { USD: -1_500 } });
    expect(week("2027-04-26")).toEqual({ weekStart: "2027-04-26", bookings: 0, revenue: { USD: 5_000 } });
    expect(week("2027-03-29").bookings).toBe(1);
    expect(week("2027-03-29").revenue).toEqual({ USD: 9_900 });
  });
});
