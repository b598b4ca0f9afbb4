import { randomBytes, randomUUID } from "node:crypto";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { eq } from "drizzle-orm";
import { drizzle as drizzleNodePostgres } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePostgres } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession } from "~/features/accounts/sessions.server";
import { appointmentStatus } from "~/features/booking/appointment-status";
import { findOwnAppointment, listAppointments } from "~/features/booking/appointments.server";
import { type DatabaseHandle, migrationsFolder, openDatabase } from "~/infra/db.server";
import { getWith, postJson, type RequestTarget } from "../tests/setup/factories";
import { createTestApp } from "../tests/setup/test-app";
import { createServerDatabase } from "../tests/setup/test-database";
import { appointments, outbox, payments } from "./schema";

/**
 * A database made by the schema as it was before the consultant snapshot moved to cents (every
 * migration up to, not including, the one that converts it) holds appointments in the old jsonb
 * shape; the current migrations then bring it up to date, and every appointment stays readable
 * through the features and answers the old clients exactly as before.
 */
const CONVERSION_TAG_SUFFIX = "_appointment-status-and-snapshot-cents";

interface JournalEntry {
  idx: number;
  tag: string;
}

/** A copy of the migrations folder that stops just before the snapshot conversion. */
function migrationsBeforeConversion(): string {
  const journal = JSON.parse(readFileSync(path.join(migrationsFolder, "meta/_journal.json"), "utf8")) as {
    entries: JournalEntry[];
  };
  const conversion = journal.entries.findIndex((entry) => entry.tag.endsWith(CONVERSION_TAG_SUFFIX));
  if (conversion < 1) throw new Error("the snapshot conversion migration is missing");
  const folder = mkdtempSync(path.join(tmpdir(), "va-hub-old-migrations-"));
  mkdirSync(path.join(folder, "meta"));
  const older = journal.entries.slice(0, conversion);
  for (const entry of older) {
    copyFileSync(path.join(migrationsFolder, `${entry.tag}.sql`), path.join(folder, `${entry.tag}.sql`));
  }
  writeFileSync(path.join(folder, "meta/_journal.json"), JSON.stringify({ ...journal, entries: older }));
  return folder;
}

type RawQuery = (text: string, params?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

/**
 * Opens a new database with the older migrations only, lets `fill` write to it, closes it; returns
 * how to open it again the way the server does (which applies the remaining migrations).
 */
async function databaseMadeWithOlderSchema(
  olderMigrations: string,
  fill: (query: RawQuery) => Promise<void>,
): Promise<{ reopen: () => Promise<DatabaseHandle>; drop: () => Promise<void> }> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const directory = mkdtempSync(path.join(tmpdir(), "va-hub-migration-"));
    const client = new PGlite(directory);
    await migratePglite(drizzlePglite(client), { migrationsFolder: olderMigrations });
    await fill((text, params) => client.query(text, params));
    await client.close();
    return {
      reopen: () => openDatabase({ pgliteDirectory: directory }),
      drop: async () => rmSync(directory, { recursive: true, force: true }),
    };
  }
  const created = await createServerDatabase(serverUrl);
  const client = new pg.Client({ connectionString: created.url });
  await client.connect();
  await migrateNodePostgres(drizzleNodePostgres(client), { migrationsFolder: olderMigrations });
  await fill((text, params) => client.query(text, params));
  await client.end();
  return { reopen: () => openDatabase({ databaseUrl: created.url }), drop: created.drop };
}

const USER_ID = randomUUID();
const CONSULTANT_ID = randomUUID();
const BOOKED_ID = randomUUID();
const PAID_ID = randomUUID();
const CANCELLED_ID = randomUUID();
const COMPLETED_ID = randomUUID();

/** The old `docData`, exactly as the old code stored it (fees in dollars, `_id`). */
const OLD_SNAPSHOT = {
  _id: CONSULTANT_ID,
  name: "Ada Quinn",
  image: "/images/consultants/ada-quinn.webp",
  speciality: "Financial Consultants",
  degree: "MSc, Finance",
  experience: "7 Years",
  about: 'Keeps small firms\' books "clean" & their cash flow honest.',
  fees: 43.21,
  address: { line1: "1 Old Street", line2: "Boston, MA" },
};

const DAY = 86_400_000;
const now = Date.now();
const times = {
  booked: new Date(Math.floor((now + 3 * DAY) / 1_800_000) * 1_800_000),
  paid: new Date(Math.floor((now + 4 * DAY) / 1_800_000) * 1_800_000),
  cancelled: new Date(Math.floor((now + 5 * DAY) / 1_800_000) * 1_800_000),
  completed: new Date(Math.floor((now - 2 * DAY) / 1_800_000) * 1_800_000),
};

let handle: DatabaseHandle;
let drop: () => Promise<void>;
let app: RequestTarget;
let appEnv: { publicUrl: string };
let token: string;
/** Each appointment's snapshot as the old schema's database gave it back (jsonb's own key order). */
const storedBefore = new Map<string, string>();

beforeAll(async () => {
  const olderMigrations = migrationsBeforeConversion();
  const made = await databaseMadeWithOlderSchema(olderMigrations, async (query) => {
    await query(`insert into users (id, name, email, password_hash) values ($1, 'Old Customer', $2, 'x')`, [
      USER_ID,
      `old-${randomBytes(3).toString("hex")}@example.com`,
    ]);
    await query(
      `insert into consultants (id, name, image, speciality, degree, experience, about, fee_cents, address_line1, address_line2)
       values ($1, $2, $3, $4, $5, $6, $7, 4321, $8, $9)`,
      [
        CONSULTANT_ID,
        OLD_SNAPSHOT.name,
        OLD_SNAPSHOT.image,
        OLD_SNAPSHOT.speciality,
        OLD_SNAPSHOT.degree,
        OLD_SNAPSHOT.experience,
        OLD_SNAPSHOT.about,
        OLD_SNAPSHOT.address.line1,
        OLD_SNAPSHOT.address.line2,
      ],
    );
    const rows: [string, Date, Record<string, Date | null>][] = [
      [BOOKED_ID, times.booked, {}],
      [PAID_ID, times.paid, { paid_at: new Date(now - DAY) }],
      [
        CANCELLED_ID,
        times.cancelled,
        { paid_at: new Date(now - DAY), cancelled_at: new Date(now), refunded_at: new Date(now) },
      ],
      [
        COMPLETED_ID,
        times.completed,
        { paid_at: new Date(now - 3 * DAY), completed_at: new Date(now - DAY) },
      ],
    ];
    for (const [index, [id, startsAt, flags]] of rows.entries()) {
      await query(
        `insert into appointments (id, user_id, consultant_id, starts_at, amount_cents, currency, consultant_snapshot,
           paid_at, cancelled_at, completed_at, refunded_at, created_at)
         values ($1, $2, $3, $4, 4321, 'USD', $5::jsonb, $6, $7, $8, $9, $10)`,
        [
          id,
          USER_ID,
          CONSULTANT_ID,
          startsAt,
          JSON.stringify(OLD_SNAPSHOT),
          flags.paid_at ?? null,
          flags.cancelled_at ?? null,
          flags.completed_at ?? null,
          flags.refunded_at ?? null,
          new Date(now - (10 - index) * 60_000),
        ],
      );
    }
    // A sandbox card payment of the paid one, so cancelling it later refunds through the provider.
    await query(
      `insert into payments (appointment_id, provider, mode, provider_reference, provider_payment_id, amount_cents, currency, status, paid_at)
       values ($1, 'stripe', 'sandbox', 'cs_sandbox_old', 'pi_sandbox_old', 4321, 'USD', 'paid', $2)`,
      [PAID_ID, new Date(now - DAY)],
    );
    const { rows: stored } = await query(
      "select id, consultant_snapshot::text as snapshot from appointments",
    );
    for (const row of stored) storedBefore.set(String(row.id), String(row.snapshot));
  });
  rmSync(olderMigrations, { recursive: true, force: true });
  drop = made.drop;
  handle = await made.reopen();
  ({ app, env: appEnv } = createTestApp(handle));
  ({ token } = await createSession(handle.db, USER_ID, 1));
}, 120_000);

afterAll(async () => {
  await handle?.close();
  await drop?.();
});

describe("the migration of appointments made with the previous schema", () => {
  it("stores the snapshot in cents, keeping every other field as it was", async () => {
    const rows = await handle.db.select().from(appointments);
    expect(rows).toHaveLength(4);
    const { _id, fees: _inDollars, ...unchanged } = OLD_SNAPSHOT;
    for (const row of rows) {
      expect(row.consultantId).toBe(_id);
      expect(row.consultantSnapshot).toEqual({ ...unchanged, feeCents: 4321, currency: "USD" });
      expect(row.noShowAt).toBeNull();
    }
  });

  it("reads every appointment back through the features, with its status", async () => {
    const listed = await listAppointments(handle.db, USER_ID);
    expect(listed.map((appointment) => [appointment.id, appointmentStatus(appointment)])).toEqual([
      [COMPLETED_ID, "completed"],
      [CANCELLED_ID, "cancelled"],
      [PAID_ID, "paid"],
      [BOOKED_ID, "booked"],
    ]);
    const booked = await findOwnAppointment(handle.db, USER_ID, BOOKED_ID);
    expect(booked.startsAt).toEqual(times.booked);
    expect(booked.amountCents).toBe(4321);
  });

  it("answers the old clients exactly as the old schema's database did", async () => {
    const response = await getWith(app, "/api/user/appointments", { token });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { appointments: Record<string, unknown>[] };
    const byId = new Map(body.appointments.map((appointment) => [appointment._id as string, appointment]));
    // In booking order, oldest first, as the old server answered (DESIGN.md §4).
    expect([...byId.keys()]).toEqual([BOOKED_ID, PAID_ID, CANCELLED_ID, COMPLETED_ID]);
    for (const [id, snapshot] of storedBefore) {
      // Byte for byte: the same keys in the same order, the same values, fees in dollars; only
      // the picture is now an absolute address, so clients on another origin can load it.
      const expected = JSON.parse(snapshot) as { image: string };
      expected.image = `${appEnv.publicUrl}${expected.image}`;
      expect(JSON.stringify(byId.get(id)!.docData)).toBe(JSON.stringify(expected));
    }
    expect(byId.get(BOOKED_ID)).toMatchObject({
      docId: CONSULTANT_ID,
      amount: 43.21,
      currency: "USD",
      startsAt: times.booked.toISOString(),
      cancelled: false,
      payment: false,
      isCompleted: false,
      status: "booked",
    });
    expect(byId.get(CANCELLED_ID)).toMatchObject({
      cancelled: true,
      payment: true,
      refunded: true,
      status: "cancelled",
    });
    expect(byId.get(COMPLETED_ID)).toMatchObject({ isCompleted: true, payment: true, status: "completed" });
  });

  it("cancels a migrated paid appointment with a refund and the e-mails of today", async () => {
    const response = await postJson(
      app,
      "/api/user/cancel-appointment",
      { appointmentId: PAID_ID },
      { token },
    );
    expect(response.status).toBe(200);
    const [payment] = await handle.db.select().from(payments).where(eq(payments.appointmentId, PAID_ID));
    expect(payment).toMatchObject({
      status: "refunded",
      refundReference: expect.stringMatching(/^re_sandbox_/),
    });
    const mails = await handle.db.select().from(outbox);
    const refund = mails.find((mail) => mail.kind === "payment-refund");
    expect(refund?.textBody).toContain("We refunded $43.21 for the cancelled consultation with Ada Quinn.");
    const cancellation = mails.find((mail) => mail.kind === "appointment-cancellation");
    expect(cancellation?.subject).toMatch(/^Cancelled: your consultation with Ada Quinn on \w+day, /);
  });

  it("lets staff record a no-show, never together with a completion", async () => {
    await handle.db.update(appointments).set({ noShowAt: new Date() }).where(eq(appointments.id, BOOKED_ID));
    expect(appointmentStatus(await findOwnAppointment(handle.db, USER_ID, BOOKED_ID))).toBe("no_show");
    await expect(
      handle.db.update(appointments).set({ noShowAt: new Date() }).where(eq(appointments.id, COMPLETED_ID)),
    ).rejects.toThrow();
    expect((await findOwnAppointment(handle.db, USER_ID, COMPLETED_ID)).noShowAt).toBeNull();
  });
});
