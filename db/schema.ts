import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { businessTypes, genders, industries, timeZones } from "../app/content/lists";
import { planSlugs } from "../app/content/plans";
import { specialityNames } from "../app/content/specialities";

/** Small key/value facts about this database, such as which seed version it received. */
export const appMetadata = pgTable("app_metadata", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const projectTypes = pgTable("project_types", {
  type: text("type").primaryKey(),
  label: text("label").notNull(),
  sortOrder: integer("sort_order").notNull().default(0),
  /** Archived types are not offered to visitors; their projects keep them. */
  archivedAt: timestamp("archived_at", { withTimezone: true }),
});

export const projects = pgTable(
  "projects",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    summary: text("summary").notNull(),
    image: text("image").notNull(),
    status: text("status", { enum: ["active", "inactive"] }).notNull(),
    type: text("type")
      .notNull()
      .references(() => projectTypes.type),
    /** Return on investment in hundredths of a percent (1250 = 12.5 %), so no float rounding. */
    roiBasisPoints: integer("roi_basis_points").notNull(),
    /** Archived projects are hidden from visitors. */
    archivedAt: timestamp("archived_at", { withTimezone: true }),
    /** Bumped on every staff change, so a second editor is told the record changed. */
    version: integer("version").notNull().default(1),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("projects_type_idx").on(table.type),
    check("projects_roi_range", sql`${table.roiBasisPoints} between -10000 and 100000`),
  ],
);

/** Customers are investors or borrowers; `admin` is agency staff; `consultant` is linked to one consultant. */
export const userRoles = ["investor", "borrower", "admin", "consultant"] as const;
export type UserRole = (typeof userRoles)[number];
export const customerRoles = ["investor", "borrower"] as const;

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    /** Stored lower-cased and trimmed, so look-ups and uniqueness ignore case. */
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    role: text("role", { enum: userRoles }).notNull().default("investor"),
    phone: text("phone").notNull().default(""),
    addressLine1: text("address_line1").notNull().default(""),
    addressLine2: text("address_line2").notNull().default(""),
    gender: text("gender", { enum: genders }).notNull().default("Not Selected"),
    /** Date of birth as YYYY-MM-DD, or empty when not given. */
    dateOfBirth: text("date_of_birth").notNull().default(""),
    /** Public path of the profile picture, or empty. */
    image: text("image").notNull().default(""),
    /** For the `consultant` role: the consultant profile this account speaks for. */
    consultantId: uuid("consultant_id").references((): AnyPgColumn => consultants.id),
    /** Set by staff: the account cannot sign in and its sessions are ended. */
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
    /** The IANA zone the customer reads times in (from their browser, editable on the profile). */
    timeZone: text("time_zone"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /** What staff searches match (see nameOrEmailContains): a plain LIKE on it beats two ILIKEs. */
    searchKey: text("search_key").notNull().generatedAlwaysAs(sql`lower("name" || ' ' || "email")`),
  },
  (table) => [
    uniqueIndex("users_email_key").on(table.email),
    // One account per consultant profile.
    uniqueIndex("users_consultant_key").on(table.consultantId).where(sql`${table.consultantId} is not null`),
    index("users_created_idx").on(table.createdAt),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** SHA-256 of the token; the token itself is only ever in the visitor's cookie or client. */
    tokenHash: text("token_hash").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("sessions_token_hash_key").on(table.tokenHash),
    index("sessions_user_idx").on(table.userId),
  ],
);

/** `reset`: the owner asked for a new password; `invite`: staff created the account, the link sets its first one. */
export const passwordLinkPurposes = ["reset", "invite"] as const;

export const passwordResets = pgTable(
  "password_resets",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tokenHash: text("token_hash").notNull(),
    purpose: text("purpose", { enum: passwordLinkPurposes }).notNull().default("reset"),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("password_resets_token_hash_key").on(table.tokenHash)],
);

export const kycStatuses = ["pending", "approved", "rejected"] as const;

export const kycSubmissions = pgTable(
  "kyc_submissions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** AES-256-GCM ciphertexts (see app/infra/encryption.server.ts). */
    addressEncrypted: text("address_encrypted").notNull(),
    phoneEncrypted: text("phone_encrypted").notNull(),
    dateOfBirthEncrypted: text("date_of_birth_encrypted").notNull(),
    idNumberEncrypted: text("id_number_encrypted").notNull(),
    /** The only part of the ID number ever shown back. */
    idNumberLast4: text("id_number_last4").notNull(),
    status: text("status", { enum: kycStatuses }).notNull().default("pending"),
    submittedAt: timestamp("submitted_at", { withTimezone: true }).notNull().defaultNow(),
    /** When and by whom staff approved or rejected it (cleared by a resubmission). */
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    decidedBy: uuid("decided_by").references((): AnyPgColumn => users.id, { onDelete: "set null" }),
    /** Why it was rejected, shown to the customer. */
    rejectionReason: text("rejection_reason"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("kyc_submissions_user_key").on(table.userId),
    index("kyc_submissions_status_idx").on(table.status, table.submittedAt),
  ],
);

export const outboxStatuses = ["pending", "sent", "failed"] as const;

export interface EmailAttachment {
  filename: string;
  contentType: string;
  content: string;
  /** How `content` is written: plain text (a calendar invite) or base64 (a PDF). */
  encoding?: "base64";
}

/** Every e-mail the product sends, written in the same transaction as the change that causes it. */
export const outbox = pgTable(
  "outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    recipient: text("recipient").notNull(),
    subject: text("subject").notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body"),
    replyTo: text("reply_to"),
    attachments: jsonb("attachments").$type<EmailAttachment[]>().notNull().default([]),
    /** What the message is about, e.g. "password-reset"; for staff and tests, never sent. */
    kind: text("kind").notNull(),
    /**
     * Lower goes sooner, so a password reset does not wait behind a backlog of notifications; set
     * from `kind` by enqueueEmails (app/features/email/outbox.server.ts). Unset means a notification.
     */
    priority: smallint("priority").notNull().default(2),
    status: text("status", { enum: outboxStatuses }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    /** A worker holds the row until then; another worker may take it over afterwards. */
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastError: text("last_error"),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  // Claims read pending rows in the order they go out (priority, then age).
  (table) => [index("outbox_due_idx").on(table.status, table.priority, table.createdAt)],
);

/**
 * Contact inquiries from the site and from POST /api/contact. Every field is stored as the sender
 * typed it (plain text; pages escape it when they show it).
 */
export const inquiryStatuses = ["new", "contacted", "closed"] as const;

export const inquiries = pgTable(
  "inquiries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    /** E.164, e.g. +442079460958. */
    phone: text("phone").notNull(),
    /** ISO 3166-1 alpha-2 code of the phone number's country, e.g. GB. */
    phoneCountry: text("phone_country").notNull(),
    businessType: text("business_type", { enum: businessTypes }).notNull(),
    /** What the sender wrote when the business type is Other; empty otherwise. */
    otherBusiness: text("other_business").notNull().default(""),
    requiredServices: text("required_services").array().notNull(),
    industry: text("industry", { enum: industries }).notNull(),
    otherIndustry: text("other_industry").notNull().default(""),
    timezone: text("timezone", { enum: timeZones }).notNull(),
    message: text("message").notNull().default(""),
    /** The monthly plan the sender chose (app/content/plans.ts), or null when not chosen. */
    plan: text("plan", { enum: planSlugs }),
    /**
     * The seed's `calendly`: when the sender would like the free consultation call, as wall-clock
     * time in their own time zone (see docs/decisions/0004-preferred-call-time.md), or null.
     */
    preferredCallTime: timestamp("preferred_call_time", { mode: "string" }),
    /** Where staff are with it. */
    status: text("status", { enum: inquiryStatuses }).notNull().default("new"),
    /** Bumped on every staff change, so a second editor is told the record changed. */
    version: integer("version").notNull().default(1),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("inquiries_created_idx").on(table.createdAt),
    index("inquiries_status_idx").on(table.status, table.createdAt),
    check("inquiries_services_present", sql`cardinality(${table.requiredServices}) > 0`),
  ],
);

export type Inquiry = typeof inquiries.$inferSelect;

/** Staff's internal notes on an inquiry, and the replies they e-mailed (the text as sent). */
export const inquiryNotes = pgTable(
  "inquiry_notes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    inquiryId: uuid("inquiry_id")
      .notNull()
      .references(() => inquiries.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["note", "reply"] }).notNull(),
    authorId: uuid("author_id").references(() => users.id, { onDelete: "set null" }),
    body: text("body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("inquiry_notes_inquiry_idx").on(table.inquiryId, table.createdAt)],
);

export type InquiryNote = typeof inquiryNotes.$inferSelect;

/** Fixed-window counters shared by every server process. */
export const rateLimitBuckets = pgTable(
  "rate_limit_buckets",
  {
    key: text("key").notNull(),
    windowStart: timestamp("window_start", { withTimezone: true }).notNull(),
    count: integer("count").notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.key, table.windowStart] })],
);

/**
 * One failed login: the account's e-mail as typed (lower-cased) and the address it came from. Later
 * attempts from that address wait longer and longer; other addresses are not held up (DESIGN §5).
 */
export const loginFailures = pgTable(
  "login_failures",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    email: text("email").notNull(),
    clientAddress: text("client_address").notNull(),
    failedAt: timestamp("failed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("login_failures_email_idx").on(table.email, table.failedAt)],
);

export type User = typeof users.$inferSelect;

/**
 * Working hours per ISO weekday ("1" Monday … "7" Sunday) as minutes after midnight in the agency's
 * zone, e.g. { "1": { start: 600, end: 1020 } } for 10:00 to 17:00 on Mondays. A missing or null
 * day takes no bookings.
 */
export type WeeklyHours = Partial<
  Record<"1" | "2" | "3" | "4" | "5" | "6" | "7", { start: number; end: number } | null>
>;

export const consultants = pgTable(
  "consultants",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    /** Public path of the portrait. */
    image: text("image").notNull(),
    speciality: text("speciality", { enum: specialityNames }).notNull(),
    degree: text("degree").notNull(),
    experience: text("experience").notNull(),
    about: text("about").notNull(),
    /** The fee for one 30-minute consultation, in cents of `currency`. */
    feeCents: integer("fee_cents").notNull(),
    currency: text("currency").notNull().default("USD"),
    available: boolean("available").notNull().default(true),
    addressLine1: text("address_line1").notNull(),
    addressLine2: text("address_line2").notNull(),
    /**
     * The hours the consultant takes bookings, per weekday, inside the booking grid; null means
     * the whole grid every day.
     */
    workingHours: jsonb("working_hours").$type<WeeklyHours>(),
    /** Calendar days (YYYY-MM-DD in the agency's zone) with no bookings. */
    daysOff: text("days_off").array().notNull().default(sql`'{}'::text[]`),
    /** Archived consultants are hidden from customers and cannot be booked; history keeps them. */
    archivedAt: timestamp("archived_at", { withTimezone: true }),
    /** Bumped on every staff change, so a second editor is told the record changed. */
    version: integer("version").notNull().default(1),
    /**
     * The visible reviews' count and the sum of their ratings, recounted in every transaction that
     * writes, hides or shows a review, so every list shows and sorts by the average without a join.
     */
    reviewCount: integer("review_count").notNull().default(0),
    ratingTotal: integer("rating_total").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("consultants_speciality_idx").on(table.speciality),
    check("consultants_fee_positive", sql`${table.feeCents} > 0`),
  ],
);

/**
 * What the customer saw of the consultant when booking, kept with the appointment so later changes
 * to the consultant (a new fee, a new address) do not rewrite history. Money in cents of `currency`.
 */
export interface ConsultantSnapshot {
  name: string;
  image: string;
  speciality: string;
  degree: string;
  experience: string;
  about: string;
  feeCents: number;
  currency: string;
  address: { line1: string; line2: string };
}

/** Where an appointment stands; app/features/booking/appointment-status.ts says how it is derived. */
export const appointmentStatuses = ["booked", "paid", "completed", "cancelled", "no_show"] as const;

export const appointments = pgTable(
  "appointments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    consultantId: uuid("consultant_id")
      .notNull()
      .references(() => consultants.id),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    /** The consultant's fee when booked, in cents of `currency`. */
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull(),
    consultantSnapshot: jsonb("consultant_snapshot").$type<ConsultantSnapshot>().notNull(),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    /** The customer did not come; staff record it once the appointment has started. */
    noShowAt: timestamp("no_show_at", { withTimezone: true }),
    /** Set when a cancellation gave the money back through the provider. */
    refundedAt: timestamp("refunded_at", { withTimezone: true }),
    /** Who cancelled (the customer or staff) and, for staff, why; shown to the customer. */
    cancelledBy: text("cancelled_by", { enum: ["customer", "staff"] }),
    cancelReason: text("cancel_reason"),
    /** The calendar invitation's SEQUENCE: raised by every change sent to the customer. */
    calendarSequence: integer("calendar_sequence").notNull().default(0),
    /** Where the session takes place online (MEETING_URL_TEMPLATE), fixed when it is booked. */
    meetingUrl: text("meeting_url"),
    /** When the reminder e-mails were queued, so each goes once however many processes run. */
    reminderDaySentAt: timestamp("reminder_day_sent_at", { withTimezone: true }),
    reminderHourSentAt: timestamp("reminder_hour_sent_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * appointmentStatus() kept by the database, so the staff list filters and counts one status
     * through an index; a test checks the two agree on every combination of the times above.
     */
    status: text("status", { enum: appointmentStatuses })
      .notNull()
      .generatedAlwaysAs(
        sql`case when "completed_at" is not null then 'completed' when "no_show_at" is not null then 'no_show' when "cancelled_at" is not null then 'cancelled' when "paid_at" is not null then 'paid' else 'booked' end`,
      ),
  },
  (table) => [
    // The database itself refuses a second active booking of one consultant at one time.
    uniqueIndex("appointments_active_slot_key")
      .on(table.consultantId, table.startsAt)
      .where(sql`${table.cancelledAt} is null`),
    index("appointments_user_idx").on(table.userId, table.createdAt),
    // Staff lists and the dashboard go by time, optionally per consultant; with the id, a page of
    // the staff list is read from the index alone (see listStaffAppointments).
    index("appointments_starts_idx").on(table.startsAt, table.id),
    // The staff list's "booked, newest first" order, and its status filter in time order.
    index("appointments_created_idx").on(table.createdAt, table.id),
    index("appointments_status_starts_idx").on(table.status, table.startsAt, table.id),
    index("appointments_consultant_starts_idx").on(table.consultantId, table.startsAt),
    // An appointment that took place did not also go unattended, and the other way round.
    check(
      "appointments_completed_or_no_show",
      sql`${table.completedAt} is null or ${table.noShowAt} is null`,
    ),
  ],
);

export type Consultant = typeof consultants.$inferSelect;
export type Appointment = typeof appointments.$inferSelect;

export const paymentProviders = ["stripe", "razorpay"] as const;
export const paymentStatuses = ["created", "paid", "failed", "expired", "refunded"] as const;

/** One checkout attempt: a Stripe Checkout Session or a Razorpay Order (real or sandbox). */
export const payments = pgTable(
  "payments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    appointmentId: uuid("appointment_id")
      .notNull()
      .references(() => appointments.id, { onDelete: "cascade" }),
    provider: text("provider", { enum: paymentProviders }).notNull(),
    /** `sandbox` when no keys are set and the built-in test checkout stands in for the provider. */
    mode: text("mode", { enum: ["live", "sandbox"] }).notNull(),
    /** The Checkout Session id or the Order id. */
    providerReference: text("provider_reference").notNull(),
    /** The PaymentIntent or Razorpay payment id, once paid (needed for refunds). */
    providerPaymentId: text("provider_payment_id"),
    amountCents: integer("amount_cents").notNull(),
    currency: text("currency").notNull(),
    status: text("status", { enum: paymentStatuses }).notNull().default("created"),
    /** Where the sandbox checkout sends the visitor back (unused for real providers). */
    returnUrl: text("return_url"),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    refundedAt: timestamp("refunded_at", { withTimezone: true }),
    refundReference: text("refund_reference"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("payments_provider_reference_key").on(table.provider, table.providerReference),
    index("payments_appointment_idx").on(table.appointmentId),
  ],
);

/** Every provider event we acted on, so each is processed once however often it arrives. */
export const paymentEvents = pgTable(
  "payment_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    provider: text("provider", { enum: paymentProviders }).notNull(),
    /** The provider's event id, or a key we derive for answers without one (e.g. a verified return). */
    eventKey: text("event_key").notNull(),
    type: text("type").notNull(),
    /** The checkout attempt the event was about, when known (for the staff's payment history). */
    paymentId: uuid("payment_id").references(() => payments.id, { onDelete: "set null" }),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("payment_events_key").on(table.provider, table.eventKey),
    index("payment_events_payment_idx").on(table.paymentId),
  ],
);

export type Payment = typeof payments.$inferSelect;

export type Project = typeof projects.$inferSelect;

/**
 * Conversations with the built-in assistant, one row per Lex V2 session key, so every server
 * process continues the same dialog. The JSON columns hold Lex V2 wire structures (see
 * app/lib/lex-wire.ts); they are checked again when read. Rows expire after an idle period.
 */
export const botSessions = pgTable(
  "bot_sessions",
  {
    botId: text("bot_id").notNull(),
    botAliasId: text("bot_alias_id").notNull(),
    localeId: text("locale_id").notNull(),
    sessionId: text("session_id").notNull(),
    /** The Lex `sessionState`: intent, dialog action, session attributes. */
    sessionState: jsonb("session_state").$type<Record<string, unknown>>().notNull(),
    /** The messages of the last turn, for GetSession. */
    messages: jsonb("messages").$type<unknown[]>().notNull().default([]),
    /** The interpretations of the last turn, for GetSession. */
    interpretations: jsonb("interpretations").$type<unknown[]>().notNull().default([]),
    /** Turns taken, for logs and tests. */
    turns: integer("turns").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /** After this the session is gone, as if deleted (idle timeout). */
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    /**
     * SHA-256 of the browser that opened the session (its bot cookie); only that browser may read,
     * continue or delete it. Null for a client that keeps no cookies (an SDK), as with Lex itself.
     */
    ownerHash: text("owner_hash"),
  },
  (table) => [
    primaryKey({ columns: [table.botId, table.botAliasId, table.localeId, table.sessionId] }),
    index("bot_sessions_expires_idx").on(table.expiresAt),
  ],
);

export type BotSessionRow = typeof botSessions.$inferSelect;

/**
 * Every staff action, read-only once written: who did what to which record, and the fields that
 * changed (before and after), in the transaction of the change itself.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    actorId: uuid("actor_id").references(() => users.id, { onDelete: "set null" }),
    /** Kept as written, so the entry still names the person after their account is gone. */
    actorEmail: text("actor_email").notNull(),
    /** What was done, e.g. "appointment.cancel", "kyc.reject". */
    action: text("action").notNull(),
    /** The kind of record and its id, e.g. "appointment" and a UUID. */
    targetType: text("target_type").notNull(),
    targetId: text("target_id").notNull(),
    /** One line for people, e.g. "Cancelled: the consultant is ill". */
    summary: text("summary").notNull().default(""),
    before: jsonb("before").$type<Record<string, unknown>>(),
    after: jsonb("after").$type<Record<string, unknown>>(),
  },
  (table) => [
    index("audit_log_at_idx").on(table.at),
    index("audit_log_target_idx").on(table.targetType, table.targetId),
    index("audit_log_actor_idx").on(table.actorId, table.at),
  ],
);

export type AuditEntry = typeof auditLog.$inferSelect;
