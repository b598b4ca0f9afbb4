import { appointments, consultants, outbox, paymentEvents, payments } from "@db/schema";
import { and, asc, eq } from "drizzle-orm";
import { beforeAll, expect } from "vitest";
import type { Database } from "~/infra/db.server";
import type { AppSuite, AppSuiteOptions } from "./app-suite";
import {
  type BookingBody,
  bookOrFail,
  countRows,
  createUserWithSession,
  type DirectUser,
  getWith,
  postJson,
  type RequestTarget,
} from "./factories";
import { frozenSuite } from "./frozen-suite";
import { FULL_DAY_SLOT_TIMES } from "./slot-grid";

// "Now" for the payment test files is the frozen suite's NOW (frozen-suite.ts), Monday 3 May 2027,
// 12:10 PM in New York: the slots below are reckoned from it.

const FAR_DAYS = ["5_5_2027", "6_5_2027", "7_5_2027", "8_5_2027", "9_5_2027"];
/** Today's slots after NOW: all less than 24 hours ahead. */
const NEAR_TIMES = FULL_DAY_SLOT_TIMES.slice(FULL_DAY_SLOT_TIMES.indexOf("12:30 PM"));

/** Hands out distinct free slots of one consultant, so tests never collide on a slot. */
export function slotPicker(consultantId: string) {
  const far = FAR_DAYS.flatMap((slotDate) => FULL_DAY_SLOT_TIMES.map((slotTime) => ({ slotDate, slotTime })));
  const near = NEAR_TIMES.map((slotTime) => ({ slotDate: "3_5_2027", slotTime }));
  const take = (list: { slotDate: string; slotTime: string }[], what: string): BookingBody => {
    const slot = list.shift();
    if (!slot) throw new Error(`no ${what} slots left for the test`);
    return { docId: consultantId, ...slot };
  };
  return {
    /** A slot at least 48 hours after NOW. */
    far: () => take(far, "far"),
    /** A slot less than 9 hours after NOW. */
    near: () => take(near, "near"),
  };
}

/**
 * A seeded consultant whose fee is set to an odd amount, so a test can tell that the amount sent to
 * the provider came from the database (and not from a default or the request).
 */
export async function consultantWithFee(db: Database, name: string, feeCents: number) {
  const [consultant] = await db
    .update(consultants)
    .set({ feeCents, currency: "USD", available: true })
    .where(eq(consultants.name, name))
    .returning();
  if (!consultant) throw new Error(`no consultant named ${name}; was the database seeded?`);
  return consultant;
}

/**
 * The slots (slotPicker) of a seeded consultant whose fee is set to `feeCents` (consultantWithFee),
 * set up before the file's tests: a file's own beforeAll, written after this call, runs after it.
 */
export function pricedSlots(suite: { readonly db: Database }, name: string, feeCents: number) {
  let picker: ReturnType<typeof slotPicker> | undefined;
  beforeAll(async () => {
    picker = slotPicker((await consultantWithFee(suite.db, name, feeCents)).id);
  });
  const made = () => {
    if (!picker) throw new Error("the priced slots are used before their setup ran");
    return picker;
  };
  return { far: () => made().far(), near: () => made().near() };
}

/** A fresh user with a booked appointment (one user per appointment keeps the unpaid limit away). */
export async function bookedAppointment(
  app: RequestTarget,
  db: Database,
  slot: BookingBody,
): Promise<{ user: DirectUser; appointmentId: string }> {
  const user = await createUserWithSession(db, "payer");
  const appointmentId = await bookOrFail(app, user.token, slot);
  return { user, appointmentId };
}

export interface ListedAppointment {
  _id: string;
  amount: number;
  cancelled: boolean;
  payment: boolean;
  refunded: boolean;
  isCompleted: boolean;
}

/** The appointment as GET /api/user/appointments shows it to its owner. */
export async function listedAppointment(
  app: RequestTarget,
  token: string,
  appointmentId: string,
): Promise<ListedAppointment> {
  const response = await getWith(app, "/api/user/appointments", { token });
  expect(response.status).toBe(200);
  const body = (await response.json()) as { success: boolean; appointments: ListedAppointment[] };
  const found = body.appointments.find((appointment) => appointment._id === appointmentId);
  if (!found) throw new Error(`appointment ${appointmentId} is not in the owner's list`);
  return found;
}

export async function appointmentRow(db: Database, appointmentId: string) {
  const [row] = await db.select().from(appointments).where(eq(appointments.id, appointmentId));
  if (!row) throw new Error(`no appointment ${appointmentId}`);
  return row;
}

export function paymentRows(db: Database, appointmentId: string) {
  return db
    .select()
    .from(payments)
    .where(eq(payments.appointmentId, appointmentId))
    .orderBy(asc(payments.createdAt), asc(payments.id));
}

export async function onlyPayment(db: Database, appointmentId: string) {
  const rows = await paymentRows(db, appointmentId);
  expect(rows).toHaveLength(1);
  return rows[0]!;
}

/** The e-mails of one kind queued for one address. */
export async function mailsOfKind(db: Database, recipient: string, kind: string) {
  return db
    .select()
    .from(outbox)
    .where(and(eq(outbox.recipient, recipient), eq(outbox.kind, kind)));
}

export function eventRows(db: Database, provider: "stripe" | "razorpay", eventKey: string) {
  return db
    .select()
    .from(paymentEvents)
    .where(and(eq(paymentEvents.provider, provider), eq(paymentEvents.eventKey, eventKey)));
}

/**
 * Everything a payment call may write: the appointment, its payments, and the counts of events and
 * e-mails. Equal snapshots before and after a refused call mean it changed nothing.
 */
export async function paymentSnapshot(db: Database, appointmentId: string) {
  return {
    appointment: await appointmentRow(db, appointmentId),
    payments: await paymentRows(db, appointmentId),
    events: await countRows(db, paymentEvents),
    outbox: await countRows(db, outbox),
  };
}

export function payStripe(app: RequestTarget, token: string, body: unknown) {
  return postJson(app, "/api/user/payment-stripe", body, { token });
}

export function verifyStripe(app: RequestTarget, token: string, body: unknown) {
  return postJson(app, "/api/user/verifyStripe", body, { token });
}

export function payRazorpay(app: RequestTarget, token: string, body: unknown) {
  return postJson(app, "/api/user/payment-razorpay", body, { token });
}

export function verifyRazorpay(app: RequestTarget, token: string, body: unknown) {
  return postJson(app, "/api/user/verifyRazorpay", body, { token });
}

/** A JSON answer with its status, for assertions on both. */
export async function answerOf<T = { success: boolean; message?: string }>(
  response: Response,
): Promise<{ status: number; body: T }> {
  return { status: response.status, body: (await response.json()) as T };
}

export interface PaymentSuiteOptions extends AppSuiteOptions {
  /** The seeded consultant whose slots the file books. */
  consultant: string;
  /** Their fee for the file: an odd amount, so a test can tell it came from the database. */
  feeCents: number;
}

/** A frozen suite for a payment test file, with this module's helpers bound to its app and database. */
export interface PaymentSuite extends AppSuite {
  /** Free slots of the file's consultant, at the file's fee (pricedSlots). */
  readonly slots: ReturnType<typeof pricedSlots>;
  bookedAppointment(slot: BookingBody): ReturnType<typeof bookedAppointment>;
  listedAppointment(token: string, appointmentId: string): Promise<ListedAppointment>;
  appointmentRow(appointmentId: string): ReturnType<typeof appointmentRow>;
  paymentRows(appointmentId: string): ReturnType<typeof paymentRows>;
  onlyPayment(appointmentId: string): ReturnType<typeof onlyPayment>;
  mailsOfKind(recipient: string, kind: string): ReturnType<typeof mailsOfKind>;
  eventRows(provider: "stripe" | "razorpay", eventKey: string): ReturnType<typeof eventRows>;
  paymentSnapshot(appointmentId: string): ReturnType<typeof paymentSnapshot>;
}

/**
 * The setup the payment test files share: the frozen clock, the database and the app (frozenSuite,
 * with the app options given), one seeded consultant's slots at the file's fee (pricedSlots), and the
 * checks above reading that app and database. The pay and verify calls stay functions of an app,
 * since tests also send them to other apps of the suite (appWith).
 */
export function paymentSuite({ consultant, feeCents, ...appOptions }: PaymentSuiteOptions): PaymentSuite {
  const suite = frozenSuite(appOptions);
  const bound = {
    slots: pricedSlots(suite, consultant, feeCents),
    bookedAppointment: (slot: BookingBody) => bookedAppointment(suite.app, suite.db, slot),
    listedAppointment: (token: string, appointmentId: string) =>
      listedAppointment(suite.app, token, appointmentId),
    appointmentRow: (appointmentId: string) => appointmentRow(suite.db, appointmentId),
    paymentRows: (appointmentId: string) => paymentRows(suite.db, appointmentId),
    onlyPayment: (appointmentId: string) => onlyPayment(suite.db, appointmentId),
    mailsOfKind: (recipient: string, kind: string) => mailsOfKind(suite.db, recipient, kind),
    eventRows: (provider: "stripe" | "razorpay", eventKey: string) => eventRows(suite.db, provider, eventKey),
    paymentSnapshot: (appointmentId: string) => paymentSnapshot(suite.db, appointmentId),
  };
  // The suite's fields are getters that throw until its setup has run: copied as getters, not read.
  return Object.defineProperties(bound, Object.getOwnPropertyDescriptors(suite)) as PaymentSuite;
}
