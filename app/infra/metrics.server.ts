// What GET /metrics says (DESIGN.md §9), in Prometheus' text format: the process's own numbers,
// kept in this module (requests by route pattern and status, their latency, Node's default metrics:
// event-loop delay, memory, CPU, GC), and the business's, read from the database when scraped
// (bookings, appointments and payments by status, the outbox's depth and oldest age, the pool).
// Nothing in the features counts anything: what the database holds is the count, whichever
// process wrote it, so every process reports the same business numbers.
import { appointmentStatuses, appointments, outbox, paymentStatuses, payments } from "@db/schema";
import { sql } from "drizzle-orm";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { Database, DatabaseHandle } from "./db.server";

export const METRICS_CONTENT_TYPE = Registry.PROMETHEUS_CONTENT_TYPE;

/** Methods named as they are; any other (WebDAV's, a made-up one) counts as OTHER, so labels stay few. */
const knownMethods = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

interface ProcessMetrics {
  registry: Registry;
  requests: Counter<"method" | "route" | "status">;
  durations: Histogram<"method" | "route">;
}

let processMetrics: ProcessMetrics | undefined;

/**
 * One set per process, made on first use: in development the HTTP app is made again for every
 * request (server/app.ts), and its counts must outlive each app.
 */
function theProcessMetrics(): ProcessMetrics {
  if (processMetrics) return processMetrics;
  const registry = new Registry();
  // Event-loop delay (nodejs_eventloop_lag_*), heap and resident memory, CPU, GC, handles.
  collectDefaultMetrics({ register: registry });
  // Gauges named like counters, which `promtool check metrics` refuses; each is the sum of the
  // gauge beside it that is kept (nodejs_active_handles by type, and so on).
  for (const misnamed of [
    "nodejs_active_handles_total",
    "nodejs_active_requests_total",
    "nodejs_active_resources_total",
  ]) {
    registry.removeSingleMetric(misnamed);
  }
  processMetrics = {
    registry,
    requests: new Counter({
      name: "http_requests_total",
      help: "HTTP requests answered by the app, by method, route pattern and status.",
      labelNames: ["method", "route", "status"],
      registers: [registry],
    }),
    durations: new Histogram({
      name: "http_request_duration_seconds",
      help: "Time from a request's arrival to its last byte sent, by method and route pattern.",
      labelNames: ["method", "route"],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
  };
  return processMetrics;
}

/** This process's own figures (requests, Node's): what a worker gives the cluster's primary. */
export function processMetricsRegistry(): Registry {
  return theProcessMetrics().registry;
}

export interface AnsweredRequest {
  method: string;
  /** A route pattern ("/api/consultant/:id/slots"), never a path with ids in it: labels must stay few. */
  route: string;
  status: number;
  seconds: number;
}

export function recordRequest({ method, route, status, seconds }: AnsweredRequest): void {
  const metrics = theProcessMetrics();
  const methodLabel = knownMethods.has(method) ? method : "OTHER";
  metrics.requests.inc({ method: methodLabel, route, status: String(status) });
  metrics.durations.observe({ method: methodLabel, route }, seconds);
}

/** What one query tells of the business when scraped. */
interface BusinessCounts {
  appointmentsByStatus: Map<string, number>;
  paymentsByStatus: Map<string, number>;
  outboxPending: number;
  outboxOldestPendingSeconds: number;
}

interface CountRow {
  kind: "appointments" | "payments" | "outbox";
  status: string;
  rows: number;
  age: number | null;
}

/** A scrape's reading of the database: the counts, or why there are none. */
type DatabaseReading = { up: true; counts: BusinessCounts; seconds: number } | { up: false; seconds: number };

/**
 * The reading under way for each database: scrapes that overlap (several Prometheus servers, a
 * slow database) share one query, so a database that does not answer holds one connection, not
 * one per scrape.
 */
const readingsUnderWay = new WeakMap<Database, Promise<BusinessCounts>>();

/**
 * One statement (one round trip, one pooled connection) over indexes: appointments by status
 * (appointments_status_starts_idx), payments by status, pending e-mails and the oldest one's age
 * (outbox_due_idx leads with status).
 */
async function queryBusinessCounts(db: Database): Promise<BusinessCounts> {
  // Both drivers answer a raw statement with its rows under `rows`; Drizzle's shared type leaves it unknown.
  const result = (await db.execute(sql`
    select 'appointments' as kind, ${appointments.status} as status, count(*)::int as rows, null::float8 as age
      from ${appointments} group by ${appointments.status}
    union all
    select 'payments', ${payments.status}, count(*)::int, null::float8 from ${payments} group by ${payments.status}
    union all
    select 'outbox', 'pending', count(*)::int,
           coalesce(extract(epoch from now() - min(${outbox.createdAt})), 0)::float8
      from ${outbox} where ${outbox.status} = 'pending'`)) as { rows: CountRow[] };
  const counts: BusinessCounts = {
    appointmentsByStatus: new Map(appointmentStatuses.map((status) => [status, 0])),
    paymentsByStatus: new Map(paymentStatuses.map((status) => [status, 0])),
    outboxPending: 0,
    outboxOldestPendingSeconds: 0,
  };
  for (const row of result.rows) {
    const rows = Number(row.rows);
    if (row.kind === "appointments") counts.appointmentsByStatus.set(row.status, rows);
    else if (row.kind === "payments") counts.paymentsByStatus.set(row.status, rows);
    else {
      counts.outboxPending = rows;
      // The database's clock and its own timestamps: a message just queued is never "in the future".
      counts.outboxOldestPendingSeconds = Math.max(0, Number(row.age ?? 0));
    }
  }
  return counts;
}

/** The counts within `timeLimitMs`, or `up: false` when the database failed or was too slow. */
async function readDatabase(db: Database, timeLimitMs: number): Promise<DatabaseReading> {
  const started = performance.now();
  const seconds = () => (performance.now() - started) / 1000;
  let reading = readingsUnderWay.get(db);
  if (!reading) {
    reading = queryBusinessCounts(db);
    readingsUnderWay.set(db, reading);
    const forget = () => {
      if (readingsUnderWay.get(db) === reading) readingsUnderWay.delete(db);
    };
    reading.then(forget, forget);
  }
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<"expired">((resolve) => {
    timer = setTimeout(() => resolve("expired"), timeLimitMs);
  });
  try {
    const outcome = await Promise.race([reading, expired]);
    return outcome === "expired"
      ? { up: false, seconds: seconds() }
      : { up: true, counts: outcome, seconds: seconds() };
  } catch {
    return { up: false, seconds: seconds() };
  } finally {
    clearTimeout(timer);
  }
}

/** What node-postgres's pool tells of itself (the `pg.Pool` Drizzle holds as `$client`). */
interface PoolFigures {
  totalCount: number;
  idleCount: number;
  waitingCount: number;
  options?: { max?: number };
}

function poolOf(database: DatabaseHandle): PoolFigures | undefined {
  // The embedded database has no pool: one connection inside this process, never waited for in
  // a queue of its own (a query waits behind the one running), so there is nothing to report.
  if (database.driver !== "postgres") return undefined;
  const client = (database.db as { $client?: Partial<PoolFigures> }).$client;
  return typeof client?.totalCount === "number" ? (client as PoolFigures) : undefined;
}

/**
 * The database's part of a scrape, as metrics of a registry of its own made for this scrape: when
 * the database does not answer, its counts are left out (a zero would read as "nothing pending")
 * and `db_up` says 0; the pool's figures are this process's own and always there.
 */
function databaseMetrics(reading: DatabaseReading, pool: PoolFigures | undefined): Registry {
  const registry = new Registry();
  const registers = [registry];
  new Gauge({
    name: "db_up",
    help: "1 when the database answered this scrape's query within the time limit, else 0.",
    registers,
  }).set(reading.up ? 1 : 0);
  new Gauge({
    name: "db_scrape_duration_seconds",
    help: "How long this scrape waited for the database's counts.",
    registers,
  }).set(reading.seconds);
  if (pool) {
    new Gauge({ name: "db_pool_connections", help: "Connections the pool holds open.", registers }).set(
      pool.totalCount,
    );
    new Gauge({ name: "db_pool_idle_connections", help: "Open connections not in use.", registers }).set(
      pool.idleCount,
    );
    new Gauge({
      name: "db_pool_waiting_requests",
      help: "Queries waiting for a connection because every one is in use.",
      registers,
    }).set(pool.waitingCount);
    if (pool.options?.max !== undefined) {
      new Gauge({
        name: "db_pool_max_connections",
        help: "The most connections the pool opens.",
        registers,
      }).set(pool.options.max);
    }
  }
  if (!reading.up) return registry;
  const { counts } = reading;
  let booked = 0;
  for (const rows of counts.appointmentsByStatus.values()) booked += rows;
  new Counter({
    name: "bookings_total",
    help: "Appointments booked, whatever became of them since (the appointments in the database).",
    registers,
  }).inc(booked);
  const appointmentsNow = new Gauge({
    name: "appointments",
    help: "Appointments by their status now.",
    labelNames: ["status"],
    registers,
  });
  for (const [status, rows] of counts.appointmentsByStatus) appointmentsNow.set({ status }, rows);
  const paymentsNow = new Gauge({
    name: "payments",
    help: "Payment attempts (checkouts) by their status now.",
    labelNames: ["status"],
    registers,
  });
  for (const [status, rows] of counts.paymentsByStatus) paymentsNow.set({ status }, rows);
  new Gauge({
    name: "outbox_pending_messages",
    help: "E-mails waiting in the outbox to be sent.",
    registers,
  }).set(counts.outboxPending);
  new Gauge({
    name: "outbox_oldest_pending_age_seconds",
    help: "Age of the oldest e-mail waiting in the outbox; 0 when none waits.",
    registers,
  }).set(counts.outboxOldestPendingSeconds);
  return registry;
}

/**
 * The whole text of GET /metrics. It never fails and never waits on the database longer than
 * `databaseTimeLimitMs`: a database that is down gives `db_up 0` and the rest as usual. With several
 * workers, `hostProcessText` is all of theirs gathered (server/cluster-metrics.ts) and stands in for
 * this process's own; the database's figures are read once, here.
 */
export async function metricsText(
  database: DatabaseHandle,
  databaseTimeLimitMs: number,
  hostProcessText?: Promise<string | undefined>,
): Promise<string> {
  const [reading, hostProcess] = await Promise.all([
    readDatabase(database.db, databaseTimeLimitMs),
    hostProcessText,
  ]);
  const processText = hostProcess ?? (await theProcessMetrics().registry.metrics());
  // The two sets name different metrics, so their texts simply follow one another.
  return `${processText.trimEnd()}\n${await databaseMetrics(reading, poolOf(database)).metrics()}`;
}
