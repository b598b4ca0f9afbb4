import { mkdir } from "node:fs/promises";
import path from "node:path";
import { consultants, users } from "@db/schema";
import { eq, sql } from "drizzle-orm";
import { createSession } from "~/features/accounts/sessions.server";
import { openDatabase } from "~/infra/db.server";
import { createServerDatabase } from "../../tests/setup/test-database";
import { integer, table } from "../lib/format";
import type { BenchSection } from "../lib/section";
import { startProductionServer } from "../lib/server";

const APPOINTMENTS = 100_000;
const CUSTOMERS = 20_000;
const CONSULTANTS = 40;
const CONNECTIONS = 4;
const REQUESTS = 400;
const TARGET_P95_MS = 100;

/**
 * Fills an empty database with CONSULTANTS consultants, CUSTOMERS customers and APPOINTMENTS
 * appointments in every status (a few set-based statements, so seeding takes seconds), plus one
 * staff account; returns the staff account's session token and one consultant's id.
 */
export async function seedAppointments(options: { databaseUrl?: string; pgliteDirectory?: string }) {
  const handle = await openDatabase(options);
  try {
    const { db } = handle;
    await db.execute(sql`
      insert into consultants (name, image, speciality, degree, experience, about, fee_cents, address_line1, address_line2)
      select 'Bench Consultant ' || g, '/images/consultants/placeholder.webp', 'Financial Consultants', 'MBA',
             '5 Years', 'Measured, not consulted.', 4000 + g * 100, '1 Bench Street', 'Springfield'
      from generate_series(1, ${CONSULTANTS}) as g`);
    await db.execute(sql`
      insert into users (name, email, password_hash)
      select 'Bench Customer ' || g, 'bench.customer.' || g || '@example.com', 'not-a-password-hash'
      from generate_series(1, ${CUSTOMERS}) as g`);
    // One appointment every 3 hours per consultant from a year ago on: some past, some ahead;
    // paid, cancelled, completed and no-show mixed in, as a busy agency's table would be.
    await db.execute(sql`
      with numbered_consultants as (
        select id, name, fee_cents, row_number() over (order by id) - 1 as position
        from consultants where name like 'Bench Consultant %'
      ),
      numbered_customers as (
        select id, row_number() over (order by id) - 1 as position
        from users where email like 'bench.customer.%'
      ),
      planned as (
        select g as n,
               date_trunc('hour', now()) - interval '365 days' + ((g / ${CONSULTANTS}) * interval '3 hours') as starts_at
        from generate_series(0, ${APPOINTMENTS - 1}) as g
      )
      insert into appointments (user_id, consultant_id, starts_at, amount_cents, currency, consultant_snapshot,
                                paid_at, cancelled_at, cancelled_by, completed_at, no_show_at, created_at)
      select customer.id, consultant.id, planned.starts_at, consultant.fee_cents, 'USD',
             jsonb_build_object('name', consultant.name, 'image', '/images/consultants/placeholder.webp',
               'speciality', 'Financial Consultants', 'degree', 'MBA', 'experience', '5 Years',
               'about', 'Measured, not consulted.', 'feeCents', consultant.fee_cents, 'currency', 'USD',
               'address', jsonb_build_object('line1', '1 Bench Street', 'line2', 'Springfield')),
             case when planned.n % 3 = 0 then planned.starts_at - interval '2 days' end,
             case when planned.n % 10 = 1 then planned.starts_at - interval '1 day' end,
             case when planned.n % 10 = 1 then 'customer' end,
             case when planned.n % 3 = 0 and planned.n % 10 <> 1 and planned.starts_at < now()
                  then planned.starts_at + interval '30 minutes' end,
             case when planned.n % 17 = 2 and planned.n % 3 <> 0 and planned.n % 10 <> 1 and planned.starts_at < now()
                  then planned.starts_at + interval '15 minutes' end,
             planned.starts_at - interval '5 days'
      from planned
      join numbered_consultants as consultant on consultant.position = planned.n % ${CONSULTANTS}
      join numbered_customers as customer on customer.position = planned.n % ${CUSTOMERS}`);
    await db.execute(sql`analyze`);
    const [staff] = await db
      .insert(users)
      .values({
        name: "Bench Staff",
        email: "bench.staff@example.com",
        passwordHash: "not-a-password-hash",
        role: "admin",
      })
      .returning({ id: users.id });
    const { token } = await createSession(db, staff!.id, 1);
    const [consultant] = await db
      .select({ id: consultants.id })
      .from(consultants)
      .where(eq(consultants.name, "Bench Consultant 7"));
    return { token, consultantId: consultant!.id };
  } finally {
    await handle.close();
  }
}

/** REQUESTS requests, CONNECTIONS at a time; every latency in milliseconds, sorted. */
async function measure(url: string, token: string): Promise<{ latencies: number[]; failures: number }> {
  const latencies: number[] = [];
  let failures = 0;
  let next = 0;
  const worker = async () => {
    while (next < REQUESTS) {
      next += 1;
      const started = performance.now();
      const response = await fetch(url, { headers: { token } });
      await response.arrayBuffer();
      latencies.push(performance.now() - started);
      if (response.status !== 200) failures += 1;
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  return { latencies: latencies.sort((a, b) => a - b), failures };
}

function percentile(sorted: number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * share) - 1)] ?? 0;
}

/**
 * The staff appointments list over 100,000 appointments: the default page, a late page, a filtered
 * page, customer searches, each order, and the HTML page itself, measured on a server of its own
 * (its data is seeded before it starts).
 */
export const adminAppointmentsSection: BenchSection = {
  name: "admin-appointments",
  title: `Staff appointments list over ${integer(APPOINTMENTS)} appointments (${CONNECTIONS} connections, ${REQUESTS} requests each)`,
  async run() {
    const serverUrl = process.env.DATABASE_URL;
    const dataDirectory = path.resolve(".tmp", `bench-appointments-${process.pid}-${Date.now()}`);
    const created = serverUrl ? await createServerDatabase(serverUrl) : undefined;
    if (!created) await mkdir(dataDirectory, { recursive: true });
    const seedStarted = performance.now();
    const { token, consultantId } = await seedAppointments(
      created ? { databaseUrl: created.url } : { pgliteDirectory: path.join(dataDirectory, "pglite") },
    );
    console.log(
      `Seeded ${integer(APPOINTMENTS)} appointments of ${integer(CUSTOMERS)} customers and ${CONSULTANTS} consultants on ${created ? "PostgreSQL" : "PGlite"} in ${integer(performance.now() - seedStarted)} ms.\n`,
    );
    const server = await startProductionServer({
      dataDirectory,
      // Without DATABASE_URL the server opens the PGlite folder seeded above.
      env: { DATABASE_URL: created?.url },
    });
    try {
      const monthAgo = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
      const today = new Date().toISOString().slice(0, 10);
      const api = "/api/admin/appointments";
      // The staff page renders the same list; the token header signs it in like the cookie would.
      const page = "/admin/appointments";
      const requests = [
        ["default: latest first, page 1", api, ""],
        ["page 200", api, "?page=200"],
        [
          "paid, one consultant, last 30 days",
          api,
          `?status=paid&consultantId=${consultantId}&from=${monthAgo}&to=${today}`,
        ],
        ["customer search (one customer)", api, "?q=bench.customer.12345@"],
        ["customer search (all) + status no-show", api, "?q=Bench+Customer&status=no_show"],
        ["oldest first", api, "?sort=starts-asc"],
        ["booked, newest first", api, "?sort=booked-desc"],
        ["the HTML page: default", page, ""],
        ["the HTML page: customer search + no-show", page, "?q=Bench+Customer&status=no_show"],
      ] as const;
      const rows: string[][] = [];
      for (const [name, path, query] of requests) {
        const url = `${server.url}${path}${query}`;
        await measure(url, token);
        const { latencies, failures } = await measure(url, token);
        const p95 = percentile(latencies, 0.95);
        rows.push([
          name,
          latencies[Math.floor(latencies.length / 2)]!.toFixed(1),
          p95.toFixed(1),
          percentile(latencies, 0.99).toFixed(1),
          String(failures),
          p95 < TARGET_P95_MS ? "yes" : "NO",
        ]);
      }
      console.log(
        table(
          [
            "GET (JSON API unless named)",
            "p50 ms",
            "p95 ms",
            "p99 ms",
            "non-200",
            `p95 < ${TARGET_P95_MS} ms`,
          ],
          rows,
        ),
      );
    } finally {
      await server.stop();
      await created?.drop();
    }
  },
};
