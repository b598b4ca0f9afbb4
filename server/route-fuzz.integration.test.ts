/**
 * Bad input never gets a 5xx. Every page of the route table and every route the HTTP app
 * registers (the JSON API, the bot API) gets a hundred malformed requests: wrong methods and
 * content types, broken JSON, JSON of the wrong shape, broken forms and multipart,
 * control characters and broken percent-encoding in paths, queries and fields, ids that are not
 * ids, from visitors signed in or not. Requests come from a seeded generator: a failure prints the
 * seed, the request and what the app logged. CI runs one fixed seed, so a run cannot fail by chance;
 * FUZZ_SEED=<number> explores (or replays) another set, FUZZ_SEED=random a new one.
 *
 * No 5xx is excused: the payment providers are the built-in sandbox here, so the 502 of an
 * unreachable provider (the one 5xx that is not about the request) cannot happen.
 */

import { randomInt } from "node:crypto";
import { consultants, projects } from "@db/schema";
import { seedDatabase } from "@db/seed";
import { createRequestHandler, type ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSession } from "~/features/accounts/sessions.server";
import { createAppCookies } from "~/infra/cookies.server";
import type { DatabaseHandle } from "~/infra/db.server";
import { createLogger } from "~/infra/logger.server";
import { routeTable } from "~/route-table";
import { appServerBuild, routeIdOf } from "../tests/setup/app-server-build";
import { bookOrFail, createUserWithRole, type RoleUser } from "../tests/setup/factories";
import { laterFreeSlots } from "../tests/setup/route-calls";
import { createTestApp } from "../tests/setup/test-app";
import { createTestDatabase } from "../tests/setup/test-database";

/**
 * More a route made the run too long on CI's two cores; with a fixed seed each run sends the same
 * ones, so other seeds (FUZZ_SEED) explore further than a longer fixed list would.
 */
const REQUESTS_PER_ROUTE = 100;
/** The share of page requests made for a rendered document rather than for data. */
const DOCUMENT_SHARE = 0.1;
const FIXED_SEED = 20_261_126;
const seed =
  process.env.FUZZ_SEED === "random" ? randomInt(2 ** 31) : Number(process.env.FUZZ_SEED ?? FIXED_SEED);

// --- A seeded generator (mulberry32): the same seed gives the same requests. ---

class Dice {
  private state: number;
  constructor(seedValue: number) {
    this.state = seedValue >>> 0;
  }
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  }
  int(below: number): number {
    return Math.floor(this.next() * below);
  }
  chance(probability: number): boolean {
    return this.next() < probability;
  }
  pick<T>(choices: readonly T[]): T {
    return choices[this.int(choices.length)]!;
  }
}

/** A seed per route, so one route's requests do not depend on which routes ran before it. */
function seedFor(label: string): number {
  let hash = seed ^ 0x811c9dc5;
  for (const character of label) hash = Math.imul(hash ^ character.charCodeAt(0), 0x01000193);
  return hash >>> 0;
}

// --- What bad input is made of. ---

// biome-ignore format: a word list reads best packed
const fieldNames = [
  "name", "email", "password", "newPassword", "confirmPassword", "token", "role", "phone", "address",
  "addressLine1", "addressLine2", "gender", "dob", "dateOfBirth", "timeZone", "image", "docId",
  "consultantId", "appointmentId", "slotDate", "slotTime", "startsAt", "reason", "decision", "status",
  "note", "idNumber", "message", "subject", "service", "plan", "company", "intent", "version", "fee",
  "fees", "speciality", "degree", "experience", "about", "available", "workingHours", "daysOff",
  "disabled", "success", "session_id", "razorpay_order_id", "razorpay_payment_id",
  "razorpay_signature", "redirectTo", "text", "sessionState", "requestAttributes", "type", "label",
  "sortOrder", "roiPercent", "summary", "search", "page", "q", "from", "to", "state", "show",
  "refundAnyway", "targetId", "website", "step", "otherBusiness", "otherIndustry", "action", "userId",
  "paymentId", "outcome", "when", "maxFee", "sort",
] as const;

// biome-ignore format: a word list reads best packed
const intents = [
  "save", "archive", "restore", "cancel", "complete", "no-show", "reschedule", "delete", "refund",
  "retry", "approve", "reject", "pay", "type",
];

// biome-ignore format: a word list reads best packed
const prototypeKeys = [
  "__proto__", "constructor", "prototype", "toString", "hasOwnProperty", "valueOf",
];

// biome-ignore format: a word list reads best packed
const junkTexts = [
  "", " ", "\u0000", "a\u0000b", "\u0001\u0002\u001f\u007f", "\r\n", "\t", "\ud800", "\udfff\ud800",
  "💥".repeat(50), "\u202e\u200b\ufeff", "１２３", "NaN", "Infinity", "-1", "0", "1e309", "-1e309", "0x1F",
  "9".repeat(400), "true", "null", "undefined", "[object Object]", "__proto__", "<script>alert(1)</script>",
  "' OR 1=1 --", "../../etc/passwd", "%00", "%zz", "%", "%ff%fe", "2027-02-30", "99_99_9999", "5_3_2027",
  "25:61 PM", "10:30 am", "00000000-0000-0000-0000-000000000000", "not-a-uuid", "a".repeat(5000),
  "x".repeat(70_000), "admin", "investor", "approved", "new",
  // JSON text, as the old clients send some form fields (address, working hours).
  '{"line1":"a\\u0000b","line2":""}', '{"1":{"start":"10:00","end":"\\u0000"}}', '["\\u0000"]',
  `${"[".repeat(5000)}${"]".repeat(5000)}`, '{"__proto__":{"x":1}}', "{",
];

/** Pieces of a path or query: broken percent-encoding, control characters, ids that are not ids. */
// biome-ignore format: a word list reads best packed
const rawPathPieces = [
  "%00", "%zz", "%", "%ff", "%c0%af", "%e2%82", "%01%1f%7f", "%0d%0a", "..", "%2e%2e", "%2f", "%5c",
  "not-a-uuid", "00000000-0000-0000-0000-000000000000", "1", "-1", "1e309", "%F0%9F%92%A5",
  "%ED%A0%80", "a".repeat(2000), "%20", "~", "'", "%22", "%3Cscript%3E", ";", ",", "@", "!", "$",
];

class RequestMaker {
  constructor(
    private readonly dice: Dice,
    private readonly realIds: readonly string[],
  ) {}

  text(): string {
    const { dice } = this;
    if (dice.chance(0.6)) return dice.pick(junkTexts);
    return Array.from({ length: dice.int(40) }, () => String.fromCharCode(dice.int(0x3000))).join("");
  }

  pathPiece(): string {
    const { dice } = this;
    const kind = dice.int(5);
    if (kind === 0) return randomUuidFrom(dice);
    if (kind === 1 && this.realIds.length) return dice.pick(this.realIds);
    if (kind === 2) return encoded(this.text()).slice(0, 4000);
    return dice.pick(rawPathPieces);
  }

  queryString(): string {
    const { dice } = this;
    if (dice.chance(0.4)) return "";
    const pairs = Array.from({ length: 1 + dice.int(5) }, () => {
      const key = dice.chance(0.8) ? dice.pick(fieldNames) : dice.pick(rawPathPieces);
      const value = dice.chance(0.5) ? dice.pick(rawPathPieces) : encoded(this.text()).slice(0, 3000);
      return dice.chance(0.1) ? key : `${key}=${value}`;
    });
    if (dice.chance(0.1)) pairs.push("index", `_routes=${dice.pick(["root", "routes/home", "%00", "x,y"])}`);
    return `?${pairs.join("&")}`;
  }

  jsonValue(depth = 0): unknown {
    const { dice } = this;
    const kind = dice.int(depth > 2 ? 5 : 8);
    switch (kind) {
      case 0:
        return this.text();
      case 1:
        return dice.pick([0, -1, 1.5, 1e308, -1e308, 2 ** 53 + 1, Number.MAX_SAFE_INTEGER, 1e-320]);
      case 2:
        return dice.chance(0.5);
      case 3:
        return null;
      case 4:
        return dice.pick(intents);
      case 5:
        return Array.from({ length: dice.int(4) }, () => this.jsonValue(depth + 1));
      default:
        return this.jsonObject(depth + 1);
    }
  }

  jsonObject(depth = 0): Record<string, unknown> {
    const { dice } = this;
    const object: Record<string, unknown> = {};
    const size = 1 + dice.int(8);
    for (let index = 0; index < size; index += 1) {
      const key = dice.chance(0.85) ? dice.pick(fieldNames) : dice.pick(prototypeKeys);
      Object.defineProperty(object, key, {
        value: this.jsonValue(depth),
        enumerable: true,
        configurable: true,
        writable: true,
      });
    }
    return object;
  }

  jsonBody(): string {
    const { dice } = this;
    const depth = dice.pick([500, 5_000, 20_000, 45_000]);
    switch (dice.int(12)) {
      case 0:
        return JSON.stringify(this.jsonValue());
      case 1:
        return JSON.stringify([this.jsonObject()]);
      case 2:
        return dice.pick(["null", "0", '"text"', "true", "[]", "{}", "1e309", "-0"]);
      case 3: {
        const whole = JSON.stringify(this.jsonObject());
        return whole.slice(0, dice.int(whole.length));
      }
      case 4:
        return dice.pick([
          "{'a':1}",
          "{a:1}",
          '{"a":}',
          '{"a":1,}',
          "{",
          "",
          "\ufeff{}",
          '{"a":"\\ud800"}',
          '{"a":"\\u0000"}',
        ]);
      case 5:
        return `${"[".repeat(depth)}${"]".repeat(depth)}`;
      case 6:
        return `${'{"a":'.repeat(Math.min(depth, 16_000))}1${"}".repeat(Math.min(depth, 16_000))}`;
      case 7:
        return '{"__proto__":{"role":"admin","isAdmin":true},"constructor":{"prototype":{"role":"admin"}}}';
      case 8:
        return JSON.stringify(Object.fromEntries(fieldNames.map((name) => [name, this.jsonValue(2)])));
      default:
        return JSON.stringify(this.jsonObject());
    }
  }

  urlEncodedBody(): string {
    const { dice } = this;
    return Array.from({ length: dice.int(10) }, () => {
      const key = dice.chance(0.85) ? dice.pick(fieldNames) : dice.pick([...rawPathPieces, ...prototypeKeys]);
      const value =
        key === "intent" && dice.chance(0.6)
          ? dice.pick(intents)
          : dice.chance(0.3)
            ? dice.pick(rawPathPieces)
            : encoded(this.text());
      return `${key}=${value}`;
    }).join("&");
  }

  multipartBody(): { body: BodyInit; contentType?: string } {
    const { dice } = this;
    const kind = dice.int(6);
    if (kind <= 2) {
      const form = new FormData();
      const fields = dice.int(10);
      for (let index = 0; index < fields; index += 1) {
        const name = dice.chance(0.85) ? dice.pick(fieldNames) : dice.pick([...prototypeKeys, "\u0000", ""]);
        const value = name === "intent" && dice.chance(0.6) ? dice.pick(intents) : this.text();
        form.append(name, value);
      }
      if (dice.chance(0.4)) {
        const bytes = dice.pick([
          new Uint8Array(0),
          new TextEncoder().encode("not a picture"),
          new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
          new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16]),
        ]);
        form.append(
          dice.chance(0.8) ? "image" : dice.pick(fieldNames),
          new File([bytes], dice.pick(["a.png", "", "\u0000.jpg", "../x"]), {
            type: dice.pick(["image/png", "text/html", ""]),
          }),
        );
      }
      return { body: form };
    }
    const boundary = "fuzzboundary";
    const parts = [
      `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nvalue\r\n--${boundary}--\r\n`,
      `--${boundary}\r\nContent-Disposition: form-data; name="name"\r\n\r\nno end`,
      `--other\r\nContent-Disposition: form-data; name="x"\r\n\r\ny\r\n--other--\r\n`,
      `--${boundary}\r\nContent-Disposition: form-data\r\n\r\nnameless\r\n--${boundary}--\r\n`,
      `--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\u0089PNG`,
      "garbage without any boundary",
    ];
    const contentType = dice.pick([
      `multipart/form-data; boundary=${boundary}`,
      "multipart/form-data",
      "multipart/form-data; boundary=",
      `multipart/form-data; boundary="${boundary}`,
      `multipart/form-data; boundary=${"b".repeat(300)}`,
    ]);
    return { body: dice.pick(parts), contentType };
  }

  /** A body and its Content-Type, right or wrong. */
  body(): { body?: BodyInit; contentType?: string } {
    const { dice } = this;
    switch (dice.int(8)) {
      case 0:
        return {};
      case 1:
      case 2:
        return {
          body: this.jsonBody(),
          contentType: dice.pick([
            "application/json",
            "application/json; charset=utf-16",
            "APPLICATION/JSON",
            "text/plain",
            undefined,
          ]),
        };
      case 3:
      case 4:
        return {
          body: this.urlEncodedBody(),
          contentType: dice.pick([
            "application/x-www-form-urlencoded",
            "application/x-www-form-urlencoded; charset=latin1",
            "application/json",
            undefined,
          ]),
        };
      case 5:
      case 6:
        return this.multipartBody();
      default:
        return {
          body: dice.pick([this.text(), new Uint8Array([0xff, 0xfe, 0x00, 0x80, 0xc0])]),
          contentType: dice.pick([
            "text/plain",
            "application/octet-stream",
            "",
            ";;;",
            "application/xml",
            "x/y; a=b; c",
          ]),
        };
    }
  }
}

/** Percent-encoded UTF-8; a lone surrogate becomes U+FFFD, as a browser sends it. */
function encoded(text: string): string {
  return encodeURIComponent(Buffer.from(text, "utf8").toString("utf8"));
}

function randomUuidFrom(dice: Dice): string {
  const hex = Array.from({ length: 32 }, () => dice.int(16).toString(16)).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-a${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

// --- The app, its visitors and its routes. ---

type Visitor = "anonymous" | "customer" | "consultant" | "staff";
const visitors: readonly Visitor[] = ["anonymous", "customer", "consultant", "staff"];

interface RouteUnderTest {
  label: string;
  /** A path pattern: ":name" parameters (optional with "?", Hono's with "{regex}") and a final "*". */
  pattern: string;
  /** The methods it answers (pages: every method React Router accepts). */
  methods: readonly string[];
  kind: "page" | "api";
}

let database: DatabaseHandle;
let build: ServerBuild;
let testApp: ReturnType<typeof createTestApp>;
const accounts = new Map<Exclude<Visitor, "anonymous">, RoleUser>();
const realIds: string[] = [];
const loggedErrors: string[] = [];
const sessionCookies = createAppCookies({ secure: false, signingKey: Buffer.alloc(32), sessionDays: 30 });

beforeAll(async () => {
  database = await createTestDatabase();
  await seedDatabase(database.db);
  build = await appServerBuild();
  const handleRequest = createRequestHandler(build, "production");
  testApp = createTestApp(database, {
    handlePage: (request, context) => handleRequest(request, context),
    // Errors the app logs while a request runs are shown with it when it fails.
    logger: createLogger("error", {
      pretty: false,
      destination: { write: (line) => loggedErrors.push(line) },
    }),
  });
  accounts.set("customer", await createUserWithRole(database.db, "investor"));
  accounts.set("consultant", await createUserWithRole(database.db, "consultant"));
  accounts.set("staff", await createUserWithRole(database.db, "admin"));
  // Some ids that exist, so requests also reach the code behind the "not found" checks.
  const [consultant] = await database.db.select({ id: consultants.id }).from(consultants).limit(1);
  const [project] = await database.db.select({ id: projects.id }).from(projects).limit(1);
  const customer = accounts.get("customer")!;
  const appointmentId = await bookOrFail(testApp.app, customer.token, {
    docId: consultant!.id,
    ...(await laterFreeSlots(testApp, consultant!.id))[0]!,
  });
  realIds.push(consultant!.id, project!.id, appointmentId);
}, 120_000);
afterAll(async () => {
  await database?.close();
});

/** Every row of the route table; POST is its method too when its module has an action. */
function pageRoutes(): RouteUnderTest[] {
  return routeTable.map((page) => ({
    label: `page ${page.path}`,
    pattern: page.path,
    methods: build.assets.routes[routeIdOf(page)]?.hasAction ? ["GET", "POST"] : ["GET"],
    kind: "page",
  }));
}

/** Every route the HTTP app registers under /api and /bots, as Hono lists them. */
function registeredRoutes(): RouteUnderTest[] {
  const byPattern = new Map<string, Set<string>>();
  for (const route of testApp.app.routes) {
    if (route.method === "ALL" || !/^\/(api|bots)\//.test(route.path)) continue;
    const methods = byPattern.get(route.path) ?? new Set();
    methods.add(route.method);
    byPattern.set(route.path, methods);
  }
  return [...byPattern].map(([pattern, methods]) => ({
    label: `${[...methods].join(",")} ${pattern}`,
    pattern,
    methods: [...methods],
    kind: "api",
  }));
}

interface FuzzRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: BodyInit;
}

async function fuzzRequest(
  route: RouteUnderTest,
  dice: Dice,
  tokens: Map<Visitor, string>,
): Promise<FuzzRequest> {
  const maker = new RequestMaker(dice, realIds);
  let path = route.pattern
    .replace(/:[A-Za-z_]+(\{[^}]*\})?\?/g, () => (dice.chance(0.3) ? "" : maker.pathPiece()))
    .replace(/:[A-Za-z_]+(\{[^}]*\})?/g, () =>
      dice.chance(0.15) ? dice.pick(["", "%00"]) : maker.pathPiece(),
    )
    .replace(/\*$/, () => maker.pathPiece())
    .replace(/\/\/+/g, "/");
  // Most page requests ask for data, as the browser's router does: the same loaders and actions at
  // a fraction of the cost of rendering a document, which keeps the run short.
  if (route.kind === "page" && !dice.chance(DOCUMENT_SHARE)) {
    path = `${path === "/" ? "/_root" : path.replace(/\/$/, "")}.data`;
  }
  if (dice.chance(0.05)) path = `${path}/`;
  path = `${path}${maker.queryString()}`;

  const method = dice.chance(0.7)
    ? dice.pick(route.methods)
    : dice.pick(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "PROPFIND"]);
  const headers: Record<string, string> = {
    "X-Forwarded-For": `10.${dice.int(256)}.${dice.int(256)}.${dice.int(256)}`,
  };
  const visitor = dice.pick(visitors);
  const token = tokens.get(visitor);
  if (token) {
    const how = dice.int(4);
    if (how === 0 || (how === 1 && route.kind === "page")) {
      headers.Cookie = (await sessionCookies.session.serialize(token)).split(";")[0]!;
    } else if (how === 1) headers.Authorization = `Bearer ${token}`;
    else headers.token = token;
  } else if (dice.chance(0.3)) {
    Object.assign(
      headers,
      dice.pick([
        { token: "not-a-session" },
        { Authorization: "Bearer" },
        { Authorization: `Bearer ${"x".repeat(5000)}` },
        { Cookie: "session=%%%; flash=garbage" },
        { Cookie: "session=eyJub3QiOiJhIHN0cmluZyJ9; flash=eyJ4IjoxfQ%3D%3D.bad" },
        { Cookie: `session=${"A".repeat(4000)}` },
      ]),
    );
  }
  if (dice.chance(0.05)) headers.Origin = dice.pick(["null", "http://evil.example", "not a url"]);
  const { body, contentType } = method === "GET" || method === "HEAD" ? {} : maker.body();
  if (contentType !== undefined) headers["Content-Type"] = contentType;
  return { method, path, headers, body };
}

/** The message and first stack lines of a logged error (pino's JSON line). */
function causeOf(line: string): string {
  const entry = JSON.parse(line) as { msg?: string; err?: { message?: string; stack?: string } };
  const stack = entry.err?.stack?.split("\n").slice(0, 6).join("\n    ") ?? entry.err?.message ?? "";
  return `${entry.msg ?? ""}: ${stack}`;
}

function describeRequest(request: FuzzRequest): string {
  const body =
    request.body === undefined
      ? "(no body)"
      : typeof request.body === "string"
        ? JSON.stringify(
            request.body.length > 300
              ? `${request.body.slice(0, 300)}… (${request.body.length} characters)`
              : request.body,
          )
        : request.body instanceof FormData
          ? `FormData ${JSON.stringify([...request.body].map(([key, value]) => [key, typeof value === "string" ? value.slice(0, 80) : `File ${value.name} (${value.size} bytes)`]))}`
          : `bytes ${Buffer.from(request.body as Uint8Array).toString("hex")}`;
  const path = request.path.length > 300 ? `${request.path.slice(0, 300)}…` : request.path;
  return `${request.method} ${path}\n  headers ${JSON.stringify(request.headers)}\n  body ${body}`;
}

async function freshTokens(): Promise<Map<Visitor, string>> {
  const tokens = new Map<Visitor, string>();
  // New sessions for every route: a logout route ends the one it is sent with.
  for (const [visitor, account] of accounts) {
    tokens.set(visitor, (await createSession(database.db, account.id, 1)).token);
  }
  return tokens;
}

async function fuzzRoute(route: RouteUnderTest): Promise<string[]> {
  const dice = new Dice(seedFor(route.label));
  const tokens = await freshTokens();
  const failures: string[] = [];
  for (let index = 0; index < REQUESTS_PER_ROUTE; index += 1) {
    const request = await fuzzRequest(route, dice, tokens);
    loggedErrors.length = 0;
    let outcome: string;
    try {
      const response = await testApp.app.request(request.path, {
        method: request.method,
        headers: request.headers,
        body: request.body,
      });
      const text = await response.text();
      if (response.status < 500) continue;
      outcome = `${response.status}: ${text.slice(0, 200)}`;
    } catch (error) {
      outcome = `threw ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`;
    }
    failures.push(
      `#${index} ${describeRequest(request)}\n  → ${outcome}\n  logged: ${loggedErrors.map(causeOf).join("\n  logged: ")}`,
    );
  }
  return failures;
}

describe(`route fuzzing (seed ${seed}; replay with FUZZ_SEED=${seed})`, () => {
  it("covers every page and every API and bot route", () => {
    expect(pageRoutes().length).toBe(routeTable.length);
    const patterns = registeredRoutes().map((route) => route.pattern);
    for (const expected of [
      "/api/user/update-profile",
      "/api/admin/consultants/:id",
      "/api/webhooks/stripe",
    ]) {
      expect(patterns).toContain(expected);
    }
    expect(patterns.some((pattern) => pattern.startsWith("/bots/"))).toBe(true);
  });

  it("answers no malformed request to a page with a 5xx", async () => {
    const failures: string[] = [];
    for (const route of pageRoutes())
      failures.push(...(await fuzzRoute(route)).map((failure) => `${route.label} ${failure}`));
    expect(failures, `seed ${seed}:\n${failures.slice(0, 20).join("\n\n")}`).toEqual([]);
  }, 600_000);

  it("answers no malformed request to an API or bot route with a 5xx", async () => {
    const failures: string[] = [];
    for (const route of registeredRoutes())
      failures.push(...(await fuzzRoute(route)).map((failure) => `${route.label} ${failure}`));
    expect(failures, `seed ${seed}:\n${failures.slice(0, 20).join("\n\n")}`).toEqual([]);
  }, 600_000);
});
