import { randomBytes } from "node:crypto";
import { type Consultant, consultants, type UserRole, users } from "@db/schema";
import { count, eq } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { beforeAll, expect } from "vitest";
import { hashPassword } from "~/features/accounts/password.server";
import { createSession } from "~/features/accounts/sessions.server";
import type { Database } from "~/infra/db.server";
import { FeatureError } from "~/lib/errors";
import { HONEYPOT_FIELD } from "~/lib/honeypot";

/** The part of a Hono app the tests use: a request goes in, a response comes out. */
export interface RequestTarget {
  request(input: string, init?: RequestInit): Response | Promise<Response>;
}

let addressCounter = 0;

/**
 * A client address no other request of this test process has used, so per-address rate limits of
 * one test never spill into another. Requests name it in X-Forwarded-For (TRUST_PROXY is on).
 */
export function nextAddress(): string {
  addressCounter += 1;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

let emailCounter = 0;

export function uniqueEmail(label = "user"): string {
  emailCounter += 1;
  return `${label}-${emailCounter}-${randomBytes(3).toString("hex")}@example.com`;
}

/** A password that passes every rule (long enough, not common, not the e-mail). */
export const GOOD_PASSWORD = "correct horse battery staple";

export interface RequestOptions {
  token?: string;
  /** The client address; a fresh one by default. */
  address?: string;
  headers?: Record<string, string>;
}

function headersFor(options: RequestOptions, extra: Record<string, string> = {}): Record<string, string> {
  return {
    "X-Forwarded-For": options.address ?? nextAddress(),
    ...(options.token ? { token: options.token } : {}),
    ...extra,
    ...options.headers,
  };
}

/** POSTs a JSON body (an object, or a raw string sent as it is). */
export function postJson(
  app: RequestTarget,
  path: string,
  body: unknown,
  options: RequestOptions = {},
): Promise<Response> {
  return Promise.resolve(
    app.request(path, {
      method: "POST",
      headers: headersFor(options, { "Content-Type": "application/json" }),
      body: typeof body === "string" ? body : JSON.stringify(body),
    }),
  );
}

export function postForm(
  app: RequestTarget,
  path: string,
  form: FormData,
  options: RequestOptions = {},
): Promise<Response> {
  return Promise.resolve(app.request(path, { method: "POST", headers: headersFor(options), body: form }));
}

export function getWith(app: RequestTarget, path: string, options: RequestOptions = {}): Promise<Response> {
  return Promise.resolve(app.request(path, { headers: headersFor(options) }));
}

export interface SignedUpUser {
  token: string;
  name: string;
  email: string;
  password: string;
}

/** Registers an account through the API and returns its token and credentials. */
export async function signUp(
  app: RequestTarget,
  overrides: Partial<{ name: string; email: string; password: string; role: string }> = {},
): Promise<SignedUpUser> {
  const account = {
    name: overrides.name ?? "Test Person",
    email: overrides.email ?? uniqueEmail(),
    password: overrides.password ?? GOOD_PASSWORD,
    ...(overrides.role ? { role: overrides.role } : {}),
  };
  const response = await postJson(app, "/api/user/register", account);
  const body = (await response.json()) as { success: boolean; token?: string; message?: string };
  if (response.status !== 201 || !body.token) {
    throw new Error(`sign-up failed with ${response.status}: ${body.message ?? "no message"}`);
  }
  return { token: body.token, name: account.name, email: account.email, password: account.password };
}

/** Rows in a table, for checking that a refused request wrote nothing. */
export async function countRows(db: Database, table: PgTable): Promise<number> {
  const [row] = await db.select({ value: count() }).from(table);
  return row?.value ?? 0;
}

/** A failure answer: the status, `success: false` and a sentence for a person. */
export async function expectFailure(
  response: Response,
  status: number,
): Promise<{ success: boolean; message: string }> {
  const body = (await response.json()) as { success: boolean; message: string };
  expect({ status: response.status, success: body.success }, JSON.stringify(body)).toEqual({
    status,
    success: false,
  });
  expect(isSentence(body.message), `"${body.message}" is not a sentence`).toBe(true);
  return body;
}

/** The FeatureError a feature's call is refused with (the test fails when it does anything else). */
export async function featureRefusal(promise: Promise<unknown>): Promise<FeatureError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(FeatureError);
  return error as FeatureError;
}

/** Something a person can read: starts with a capital and has several words (not a code). */
export function isSentence(message: unknown): boolean {
  return typeof message === "string" && /^[A-Z][^\s]*(\s+\S+){2,}/.test(message.trim());
}

export interface ProfileFields {
  name?: string;
  phone?: string;
  /** Sent as it is when a string; as JSON otherwise. */
  address?: string | { line1?: unknown; line2?: unknown };
  gender?: string;
  dob?: string;
  userId?: string;
}

/** The multipart form the profile page sends, with an optional picture. */
export function profileForm(
  fields: ProfileFields,
  image?: { bytes: Uint8Array; name: string; type: string },
): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    form.append(key, typeof value === "string" ? value : JSON.stringify(value));
  }
  if (image) form.append("image", new File([new Uint8Array(image.bytes)], image.name, { type: image.type }));
  return form;
}

let sharedPasswordHash: Promise<string> | undefined;

export interface DirectUser {
  id: string;
  name: string;
  email: string;
  token: string;
}

/**
 * Accounts with a live session, written straight to the database: one scrypt hash (of
 * GOOD_PASSWORD) is shared by all of them, so making dozens costs milliseconds, not seconds.
 */
export async function createUsersWithSessions(
  db: Database,
  howMany: number,
  label = "direct",
): Promise<DirectUser[]> {
  sharedPasswordHash ??= hashPassword(GOOD_PASSWORD);
  const passwordHash = await sharedPasswordHash;
  const rows = await db
    .insert(users)
    .values(
      Array.from({ length: howMany }, (_, index) => ({
        name: `${label} person ${index + 1}`,
        email: uniqueEmail(label),
        passwordHash,
      })),
    )
    .returning({ id: users.id, name: users.name, email: users.email });
  return Promise.all(
    rows.map(async (row) => ({ ...row, token: (await createSession(db, row.id, 30)).token })),
  );
}

export async function createUserWithSession(db: Database, label?: string): Promise<DirectUser> {
  const [user] = await createUsersWithSessions(db, 1, label);
  return user!;
}

/** A seeded consultant by name (see db/demo-consultants.ts). */
export async function consultantNamed(db: Database, name: string): Promise<Consultant> {
  const [consultant] = await db.select().from(consultants).where(eq(consultants.name, name));
  if (!consultant) throw new Error(`no consultant named ${name}; was the database seeded?`);
  return consultant;
}

export interface BookingBody {
  docId: unknown;
  slotDate: unknown;
  slotTime: unknown;
}

/** POST /api/user/book-appointment, as the old clients send it. */
export function book(
  app: RequestTarget,
  token: string | undefined,
  body: Partial<BookingBody> | string,
  options: RequestOptions = {},
): Promise<Response> {
  return postJson(app, "/api/user/book-appointment", body, { ...options, token });
}

/** Books a slot that must be free and returns the new appointment's id. */
export async function bookOrFail(app: RequestTarget, token: string, body: BookingBody): Promise<string> {
  const response = await book(app, token, body);
  const answer = (await response.json()) as { success: boolean; appointmentId?: string; message?: string };
  if (response.status !== 201 || !answer.appointmentId) {
    throw new Error(`booking failed with ${response.status}: ${answer.message ?? "no message"}`);
  }
  return answer.appointmentId;
}

export function cancel(app: RequestTarget, token: string, appointmentId: unknown): Promise<Response> {
  return postJson(app, "/api/user/cancel-appointment", { appointmentId }, { token });
}

let consultantCounter = 0;

/** A consultant written straight to the database, bookable on the whole grid unless told otherwise. */
export async function createConsultant(
  db: Database,
  overrides: Partial<Consultant> = {},
): Promise<Consultant> {
  consultantCounter += 1;
  const [consultant] = await db
    .insert(consultants)
    .values({
      name: `Test Consultant ${consultantCounter}`,
      image: "/images/consultants/placeholder.webp",
      speciality: "Financial Consultants",
      degree: "MBA",
      experience: "5 Years",
      about: "Helps small businesses with their numbers.",
      feeCents: 5_000,
      currency: "USD",
      available: true,
      addressLine1: "1 Main Street",
      addressLine2: "Springfield",
      ...overrides,
    })
    .returning();
  return consultant!;
}

export interface RoleUser extends DirectUser {
  role: UserRole;
  consultantId: string | null;
}

/**
 * One signed-in account of a role, written straight to the database. A consultant account is
 * linked to `consultantId` (the first seeded or made consultant, when not given).
 */
export async function createUserWithRole(
  db: Database,
  role: UserRole,
  options: { consultantId?: string; name?: string } = {},
): Promise<RoleUser> {
  sharedPasswordHash ??= hashPassword(GOOD_PASSWORD);
  const passwordHash = await sharedPasswordHash;
  let consultantId: string | null = null;
  if (role === "consultant") consultantId = options.consultantId ?? (await createConsultant(db)).id;
  const [row] = await db
    .insert(users)
    .values({
      name: options.name ?? `${role} person`,
      email: uniqueEmail(role),
      passwordHash,
      role,
      consultantId,
    })
    .returning({ id: users.id, name: users.name, email: users.email });
  const { token } = await createSession(db, row!.id, 30);
  return { ...row!, token, role, consultantId };
}

/**
 * One signed-in account of a role (createUserWithRole) shared by a whole test file, made before its
 * tests: a file's own beforeAll, written after this call, runs after it. Read its fields inside tests
 * and hooks (they exist once its setup has run).
 */
export function accountForFile(
  suite: { readonly db: Database },
  role: UserRole,
  options: { consultantId?: string; name?: string } = {},
): RoleUser {
  let account: RoleUser | undefined;
  beforeAll(async () => {
    account = await createUserWithRole(suite.db, role, options);
  });
  const made = (): RoleUser => {
    if (!account) throw new Error(`the file's ${role} account is used before its setup ran`);
    return account;
  };
  return {
    get id() {
      return made().id;
    },
    get name() {
      return made().name;
    },
    get email() {
      return made().email;
    },
    get token() {
      return made().token;
    },
    get role() {
      return made().role;
    },
    get consultantId() {
      return made().consultantId;
    },
  };
}

/** A complete, valid contact inquiry as the old app's clients send it (POST /api/contact). */
export function sampleInquiry(email: string): Record<string, unknown> {
  return {
    name: "Ada Lovelace",
    email,
    phone: "(202) 555-0143",
    phoneCountry: "US",
    businessType: "Startup",
    requiredServices: ["Administrative Support"],
    industry: "Tech",
    timezone: "EST",
    message: "We need help with our inbox and calendar.",
  };
}

/**
 * The contact page's form (app/routes/contact) as a visitor fills it: one value per field, a box per
 * ticked service.
 */
export function contactPageForm(
  overrides: Record<string, string | string[]> = {},
): Record<string, string | string[]> {
  return {
    [HONEYPOT_FIELD]: "",
    name: "Grace Hopper",
    email: uniqueEmail("grace"),
    phoneCountry: "GB",
    phone: "020 7946 0958",
    businessType: "Small/Medium-Sized Business",
    otherBusiness: "",
    industry: "Finance",
    otherIndustry: "",
    requiredServices: ["Business Data Analysis", "Project Management"],
    timezone: "GMT",
    preferredCallTime: "",
    message: "Quarterly reports take us a week.",
    ...overrides,
  };
}
