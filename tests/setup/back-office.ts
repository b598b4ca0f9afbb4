import { randomBytes } from "node:crypto";
import { type ConsultantCalendar, calendarWrites, consultantCalendars } from "@db/calendar-schema";
import {
  type Appointment,
  appointments,
  auditLog,
  type Consultant,
  type Inquiry,
  inquiries,
  kycSubmissions,
  outbox,
  payments,
} from "@db/schema";
import { eq } from "drizzle-orm";
import { snapshotOf } from "~/features/consultants/consultants.server";
import type { Database } from "~/infra/db.server";
import { encryptText } from "~/infra/encryption.server";
import { uniqueEmail } from "./factories";

/** Rows the staff pages read, written straight to the database with the times a test needs. */

export async function insertInquiry(db: Database, overrides: Partial<Inquiry> = {}): Promise<Inquiry> {
  const [row] = await db
    .insert(inquiries)
    .values({
      name: "Grace Hopper",
      email: uniqueEmail("grace"),
      phone: "+442079460958",
      phoneCountry: "GB",
      businessType: "Small/Medium-Sized Business",
      requiredServices: ["Business Data Analysis"],
      industry: "Finance",
      timezone: "GMT",
      message: "Quarterly reports take us a week.",
      ...overrides,
    })
    .returning();
  return row!;
}

export async function insertAppointment(
  db: Database,
  values: { userId: string; consultant: Consultant } & Partial<Appointment>,
): Promise<Appointment> {
  const { consultant, ...rest } = values;
  const [row] = await db
    .insert(appointments)
    .values({
      consultantId: consultant.id,
      amountCents: consultant.feeCents,
      currency: consultant.currency,
      consultantSnapshot: snapshotOf(consultant),
      startsAt: new Date(),
      ...rest,
    })
    .returning();
  return row!;
}

/** A sandbox checkout of an appointment, paid (and refunded) at the given times. */
export async function insertPayment(
  db: Database,
  values: { appointmentId: string; amountCents: number; paidAt: Date; refundedAt?: Date; currency?: string },
): Promise<void> {
  await db.insert(payments).values({
    appointmentId: values.appointmentId,
    provider: "stripe",
    mode: "sandbox",
    providerReference: `cs_test_${randomBytes(6).toString("hex")}`,
    amountCents: values.amountCents,
    currency: values.currency ?? "USD",
    status: values.refundedAt ? "refunded" : "paid",
    paidAt: values.paidAt,
    refundedAt: values.refundedAt ?? null,
  });
}

/** A KYC submission of `userId`, encrypted with `key` like submitKyc does. */
export async function insertKycSubmission(
  db: Database,
  key: Buffer,
  userId: string,
  values: { idNumber?: string; submittedAt?: Date; status?: "pending" | "approved" | "rejected" } = {},
) {
  const idNumber = values.idNumber ?? "XK93817265";
  const [row] = await db
    .insert(kycSubmissions)
    .values({
      userId,
      addressEncrypted: encryptText(key, "221B Baker Street, London"),
      phoneEncrypted: encryptText(key, "+442079460958"),
      dateOfBirthEncrypted: encryptText(key, "1985-07-14"),
      idNumberEncrypted: encryptText(key, idNumber),
      idNumberLast4: idNumber.slice(-4),
      status: values.status ?? "pending",
      submittedAt: values.submittedAt ?? new Date(),
    })
    .returning();
  return row!;
}

export function auditEntriesOf(db: Database, targetId: string) {
  return db.select().from(auditLog).where(eq(auditLog.targetId, targetId));
}

export function outboxTo(db: Database, recipient: string) {
  return db.select().from(outbox).where(eq(outbox.recipient, recipient));
}

/**
 * A consultant's connected calendar in a given state (an ICS address, nothing to fetch), and
 * optionally one booking waiting to be written to it after a failed attempt.
 */
export async function insertCalendar(
  db: Database,
  consultantId: string,
  values: Partial<ConsultantCalendar> & { failingWriteOf?: string } = {},
): Promise<ConsultantCalendar> {
  const { failingWriteOf, ...calendarValues } = values;
  const [row] = await db
    .insert(consultantCalendars)
    .values({
      consultantId,
      kind: "ics",
      shownUrl: "https://calendar.example.com",
      sealedSecret: "not read by these tests",
      ...calendarValues,
    })
    .returning();
  if (failingWriteOf) {
    await db.insert(calendarWrites).values({
      calendarId: row!.id,
      appointmentId: failingWriteOf,
      dueAt: new Date(),
      attempts: 2,
      lastError: "The calendar server answered 503.",
    });
  }
  return row!;
}
