import { existsSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import {
  type AgencyContact,
  phoneHrefOf,
  phoneProblem,
  type SocialNetwork,
  socialNetworks,
} from "~/lib/agency-contact";
import { DEFAULT_MEETING_URL_TEMPLATE, meetingUrlTemplateProblem } from "~/lib/meeting-url";
import { parseProxyTrust } from "./trusted-proxies.server";

/** Amazon Lex bot and alias ids: ten upper-case letters or digits. */
const lexIdPattern = /^[0-9A-Z]{10}$/;
const lexLocalePattern = /^[a-z]{2}_(?:[A-Z]{2}|\d{3})$/;

const booleanFlag = z
  .enum(["true", "false", "1", "0", ""])
  .default("false")
  .transform((value) => value === "true" || value === "1");

/**
 * The demo contact details a fresh install shows: replace them (README, .env.example) before going
 * live. The e-mail is AGENCY_EMAIL's default.
 */
const DEMO_CONTACT = {
  email: "hello@example.com",
  phone: "+1 (555) 010-0199",
  address: "100 Example Street, Suite 200, Springfield, IL 62701, United States",
} as const;

/** Each network's setting and its demo value (the network's home page); an empty value hides it. */
const socialSettings = {
  Facebook: { setting: "SOCIAL_FACEBOOK_URL", demo: "https://www.facebook.com/" },
  Instagram: { setting: "SOCIAL_INSTAGRAM_URL", demo: "https://www.instagram.com/" },
  LinkedIn: { setting: "SOCIAL_LINKEDIN_URL", demo: "https://www.linkedin.com/" },
  X: { setting: "SOCIAL_X_URL", demo: "https://x.com/" },
  YouTube: { setting: "SOCIAL_YOUTUBE_URL", demo: "https://www.youtube.com/" },
} as const satisfies Record<SocialNetwork, { setting: string; demo: string }>;

/** A link to the agency's page on a network: an https address, or empty for none. */
function socialUrl(demo: string) {
  return z
    .string()
    .trim()
    .default(demo)
    .refine((value) => value === "" || isHttpsUrl(value), {
      message: "must be an https:// address (or empty to hide this network)",
    });
}

const environmentSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  HOST: z.string().default("0.0.0.0"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /**
   * A second listener that answers /healthz and /readyz only. Under a flood the main port's queue of
   * connections waiting to be accepted is long (Node accepts one per turn of its event loop), and a
   * probe's connection waits at its end; on a port of its own it waits behind other probes only.
   */
  HEALTH_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /**
   * GET /metrics on the main port asks for `Authorization: Bearer <this>`; unset (or empty), the
   * main port does not serve metrics. HEALTH_PORT serves them without it.
   */
  METRICS_TOKEN: z
    .string()
    .trim()
    .refine(
      (value) => value === "" || value.length >= 16,
      "must be at least 16 characters (or empty for none)",
    )
    .transform((value) => value || undefined)
    .optional(),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: z.url().optional(),
  AGENCY_TZ: z.string().default("America/New_York"),
  /** Where inquiries and notifications go, and the address the site shows. */
  AGENCY_EMAIL: z.email().default(DEMO_CONTACT.email),
  /** The phone number the site shows, as people read it; its tel: link is made from its digits. */
  AGENCY_PHONE: z
    .string()
    .trim()
    .default(DEMO_CONTACT.phone)
    .superRefine((value, check) => {
      const problem = phoneProblem(value);
      if (problem) check.addIssue({ code: "custom", message: problem });
    }),
  /** One postal address line, shown in the footer, on the contact page and to search engines; empty hides it. */
  AGENCY_ADDRESS: z.string().trim().max(200, "must be at most 200 characters").default(DEMO_CONTACT.address),
  /** The agency's name as its receipts and credit notes carry it (its registered legal name). */
  AGENCY_LEGAL_NAME: z
    .string()
    .trim()
    .min(1)
    .max(120, "must be at most 120 characters")
    .default("VA Hub LLC"),
  /** The agency's tax or VAT number printed on receipts; empty prints none. */
  AGENCY_TAX_ID: z.string().trim().max(40, "must be at most 40 characters").default(""),
  /** Receipts are numbered PREFIX-YEAR-000001 and credit notes PREFIX-CN-YEAR-000001. */
  RECEIPT_PREFIX: z
    .string()
    .trim()
    .regex(/^[A-Z0-9]{1,10}$/, "must be 1 to 10 capital letters or digits, such as VA")
    .default("VA"),
  /** The paper size of receipts and credit notes. */
  RECEIPT_PAPER: z
    .enum(["a4", "letter", "A4", "LETTER"])
    .default("a4")
    .transform((value) => (value.toLowerCase() === "letter" ? "LETTER" : "A4") as "A4" | "LETTER"),
  SOCIAL_FACEBOOK_URL: socialUrl(socialSettings.Facebook.demo),
  SOCIAL_INSTAGRAM_URL: socialUrl(socialSettings.Instagram.demo),
  SOCIAL_LINKEDIN_URL: socialUrl(socialSettings.LinkedIn.demo),
  SOCIAL_X_URL: socialUrl(socialSettings.X.demo),
  SOCIAL_YOUTUBE_URL: socialUrl(socialSettings.YouTube.demo),
  BLOG_DIR: z.string().default("./app/content/blog"),
  /**
   * Whose X-Forwarded-For is believed: a list of proxy addresses or CIDRs (or loopback, private,
   * linklocal), a hop count, or `true` (one hop from anyone, warned about at start).
   */
  TRUST_PROXY: z
    .string()
    .default("false")
    .transform((value, check) => {
      const trust = parseProxyTrust(value);
      if (typeof trust === "string") {
        check.addIssue({ code: "custom", message: trust });
        return z.NEVER;
      }
      return trust;
    }),
  /** Signs cookies and one-time links; generated into the data folder when unset. */
  SESSION_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  /** 32 bytes as base64 or hex, for personal data encrypted at rest; generated when unset. */
  ENCRYPTION_KEY: z.string().optional(),
  SESSION_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().optional(),
  /** How often each process looks for e-mails to send. */
  OUTBOX_POLL_MS: z.coerce.number().int().min(100).max(600_000).default(5000),
  /** How many e-mails each process sends at once, each on a pooled SMTP connection of its own. */
  OUTBOX_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(8),
  /** How often each process looks for appointments due a reminder (24 h and 1 h before). */
  REMINDER_POLL_MS: z.coerce.number().int().min(1000).max(3_600_000).default(60_000),
  /** How long a freed slot is held for the first customer on its waitlist (never past its start). */
  WAITLIST_HOLD_SECONDS: z.coerce.number().int().min(60).max(86_400).default(1800),
  /** How often each process passes unclaimed waitlist holds on to the next customer. */
  WAITLIST_POLL_MS: z.coerce.number().int().min(200).max(600_000).default(15_000),
  /** Each new appointment's online meeting room; `{room}` becomes a fresh random id (checked at start). */
  MEETING_URL_TEMPLATE: z.string().trim().default(DEFAULT_MEETING_URL_TEMPLATE),
  /** Where versions before pictures moved into the database kept them; copied in at start. */
  UPLOAD_DIR: z.string().optional(),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_PASSWORD: z.string().min(12, "must be at least 12 characters").optional(),
  /**
   * Demo mode (`npm start` turns it on): also creates a demo staff account and a demo consultant
   * account with published passwords, once, and prints them at start. Never on a public server.
   */
  DEMO_MODE: booleanFlag,
  /** Requests a minute per client address on sign-up, login, password reset, KYC and contact. */
  RATE_LIMIT_FORMS_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  /** Failed logins of one account from one address (15 minutes) before that address must wait between tries. */
  RATE_LIMIT_FAILED_LOGINS: z.coerce.number().int().min(1).default(5),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  /** Where the Stripe SDK sends requests; only for tests against a local stand-in. */
  STRIPE_API_HOST: z.string().optional(),
  STRIPE_API_PORT: z.coerce.number().int().optional(),
  STRIPE_API_PROTOCOL: z.enum(["http", "https"]).optional(),
  RAZORPAY_KEY_ID: z.string().optional(),
  RAZORPAY_KEY_SECRET: z.string().optional(),
  RAZORPAY_WEBHOOK_SECRET: z.string().optional(),
  /** Razorpay's API, for the calls made without its SDK (refunds); only tests point it elsewhere. */
  RAZORPAY_API_URL: z.string().url().default("https://api.razorpay.com"),
  /** The built-in test checkout for providers without keys: on outside production, off in it unless "true". */
  PAYMENT_SANDBOX: z.enum(["true", "false"]).optional(),
  /** How often a connected calendar's busy times are read (also on "Sync now"). */
  CALENDAR_SYNC_MINUTES: z.coerce.number().min(0.05).max(1440).default(5),
  /** After this long without a good sync, a consultant's slots are withheld (never booked blind). */
  CALENDAR_STALE_MINUTES: z.coerce.number().min(0.1).max(10_080).default(30),
  /** Lets calendar addresses reach private and loopback networks: a self-hosted calendar, and the tests. */
  CALENDAR_ALLOW_PRIVATE_ADDRESSES: booleanFlag,
  /** Booking attempts a minute per user. */
  RATE_LIMIT_BOOKINGS_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  /** Pictures (profile, consultant, project) a minute per user. */
  RATE_LIMIT_PICTURES_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  /**
   * Pictures each process decodes at once; more wait briefly in line. Two leave two of Node's four
   * worker threads (shared with password hashing, file reads and compression) free meanwhile.
   */
  PICTURE_PROCESSING_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** PostgreSQL: the longest wait for a connection (a new one, or a free one in the pool). */
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  /** PostgreSQL: the longest one statement may run; the client gives up 2 s later if the server is silent. */
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(15_000),
  /** /readyz answers "not ready" when the database has not answered within this. */
  READY_TIMEOUT_MS: z.coerce.number().int().min(100).max(10_000).default(1500),
  /**
   * Requests handled at once; more are answered 503 at once and their connection is closed (health
   * checks never are refused). Under a flood one turn of the event loop renders up to this many
   * pages, and Node accepts one new connection a turn: probe HEALTH_PORT (docs/decisions/0033).
   */
  MAX_REQUESTS_IN_FLIGHT: z.coerce.number().int().min(1).default(64),
  /**
   * Server processes of the production server, each using one core (node:cluster); default: one per
   * core (os.availableParallelism()). `1` runs a single process. PostgreSQL only: with the embedded
   * database the server is always one process, since only one process may open its folder.
   */
  WORKERS: z.coerce.number().int().min(1).max(256).optional(),
  /**
   * On SIGTERM, first: how long /readyz answers 503 while every request is still served, so a load
   * balancer takes this host out before it stops listening. Longer than the balancer's checks take
   * to mark a host down (e.g. HAProxy's `fall 2` × `inter 1s` = 2 s).
   */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(600_000).default(5_000),
  /** Then (and at once on SIGINT): how long requests in flight get to finish before their connections are cut. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  /** Bot messages (RecognizeText, RecognizeUtterance, PutSession) a minute per bot session. */
  RATE_LIMIT_BOT_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  /** New bot sessions an hour per client address. */
  RATE_LIMIT_BOT_SESSIONS_PER_HOUR: z.coerce.number().int().min(1).default(60),
  /** A bot session untouched this long is forgotten. */
  BOT_SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).max(10_080).default(1440),
  /** The bot the chat widget talks to; with LEX_BOT_ALIAS_ID and AWS_REGION, an Amazon Lex V2 bot. */
  LEX_BOT_ID: z.string().regex(lexIdPattern, "must be 10 upper-case letters or digits").optional(),
  LEX_BOT_ALIAS_ID: z.string().regex(lexIdPattern, "must be 10 upper-case letters or digits").optional(),
  LEX_LOCALE_ID: z.string().regex(lexLocalePattern, "must be a locale such as en_US").default("en_US"),
  AWS_REGION: z
    .string()
    .regex(/^[a-z]{2}(?:-[a-z]+)+-\d+$/, "must be a region such as us-east-1")
    .optional(),
  AWS_ACCESS_KEY_ID: z.string().optional(),
  AWS_SECRET_ACCESS_KEY: z.string().optional(),
  AWS_SESSION_TOKEN: z.string().optional(),
  /** Where requests for Amazon Lex go instead of AWS; only for tests against a local stand-in. */
  LEX_ENDPOINT: z.url().optional(),
  /**
   * Origins (comma-separated, e.g. `https://old.example.com`) whose pages may call /api/* from the
   * browser: the old app's own front end served elsewhere. Their requests authenticate by token only.
   */
  CORS_ORIGINS: z
    .string()
    .default("")
    .transform((value, check) => {
      const origins: string[] = [];
      for (const entry of value
        .split(",")
        .map((part) => part.trim())
        .filter(Boolean)) {
        const origin = originOf(entry);
        if (!origin) {
          check.addIssue({
            code: "custom",
            message: `"${entry}" is not an origin such as https://old.example.com`,
          });
          return z.NEVER;
        }
        origins.push(origin);
      }
      return origins;
    }),
  /** Failures answer listed origins as the old server did (200 `{success:false, message}`); "false" keeps honest codes. */
  CORS_LEGACY_ERRORS: z
    .enum(["true", "false", "1", "0", ""])
    .default("true")
    .transform((value) => value !== "false" && value !== "0"),
  /**
   * End-to-end tests only: a file holding milliseconds to add to the server's clock, so a test can
   * reach an appointment's start time. Never set it in production.
   */
  TEST_CLOCK_FILE: z.string().optional(),
});

/** The bot's identity for the widget and the bot API. */
interface BotSettingsFromEnvironment {
  /** "lex" forwards to Amazon Lex (LEX_BOT_ID, LEX_BOT_ALIAS_ID and AWS_REGION set); "builtin" answers itself. */
  provider: "builtin" | "lex";
  botId: string;
  botAliasId: string;
  localeId: string;
}

export type Environment = z.infer<typeof environmentSchema> & {
  /** Absolute URL of the site without a trailing slash, for canonical links and feeds. */
  publicUrl: string;
  dataDirectory: string;
  /** UPLOAD_DIR: the folder of pictures from before they moved into the database. */
  uploadDirectory: string;
  mailFrom: string;
  isProduction: boolean;
  bot: BotSettingsFromEnvironment;
  /** What the site shows to reach the agency (AGENCY_EMAIL, AGENCY_PHONE, AGENCY_ADDRESS, SOCIAL_*_URL). */
  contact: AgencyContact;
};

export class ConfigurationError extends Error {}

/** Reads and validates settings once at start; a bad value stops the process with a readable list. */
export function loadEnvironment(source: NodeJS.ProcessEnv = process.env): Environment {
  const parsed = environmentSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigurationError(`Invalid settings:\n${problems.join("\n")}`);
  }
  const settings = parsed.data;
  if (!isKnownTimeZone(settings.AGENCY_TZ)) {
    throw new ConfigurationError(`Invalid settings:\n  AGENCY_TZ: unknown time zone "${settings.AGENCY_TZ}"`);
  }
  const meetingProblem = meetingUrlTemplateProblem(settings.MEETING_URL_TEMPLATE, {
    allowHttp: settings.NODE_ENV !== "production",
  });
  if (meetingProblem) {
    throw new ConfigurationError(`Invalid settings:\n  MEETING_URL_TEMPLATE: ${meetingProblem}`);
  }
  if (settings.HEALTH_PORT !== undefined && settings.HEALTH_PORT === settings.PORT) {
    throw new ConfigurationError(
      `Invalid settings:\n  HEALTH_PORT: must differ from PORT (${settings.PORT}); leave it unset for none`,
    );
  }
  const missingSecrets = [
    settings.SESSION_SECRET ? undefined : "SESSION_SECRET",
    settings.ENCRYPTION_KEY ? undefined : "ENCRYPTION_KEY",
  ].filter((name) => name !== undefined);
  if (
    settings.NODE_ENV === "production" &&
    settings.DATABASE_URL &&
    !settings.DEMO_MODE &&
    missingSecrets.length > 0
  ) {
    throw new ConfigurationError(
      `Invalid settings:\n  ${missingSecrets.join(" and ")}: required with DATABASE_URL. Every machine that shares the database must sign sessions and seal personal data with the same keys; a key made by one machine alone would sign its visitors out on the others and leave them unable to read KYC details and receipts. Make them once with \`npm run secrets\` and give every machine the same values.`,
    );
  }
  const publicUrl = (settings.PUBLIC_URL ?? `http://localhost:${settings.PORT}`).replace(/\/+$/, "");
  return {
    ...settings,
    publicUrl,
    dataDirectory: path.resolve(settings.DATA_DIR),
    uploadDirectory: path.resolve(settings.UPLOAD_DIR ?? path.join(settings.DATA_DIR, "uploads")),
    mailFrom: settings.MAIL_FROM ?? `VA Hub <${settings.AGENCY_EMAIL}>`,
    isProduction: settings.NODE_ENV === "production",
    bot: {
      provider: settings.LEX_BOT_ID && settings.LEX_BOT_ALIAS_ID && settings.AWS_REGION ? "lex" : "builtin",
      botId: settings.LEX_BOT_ID ?? "VAHUBBOT01",
      botAliasId: settings.LEX_BOT_ALIAS_ID ?? "TSTALIASID",
      localeId: settings.LEX_LOCALE_ID,
    },
    contact: contactOf(settings),
  };
}

function contactOf(settings: z.infer<typeof environmentSchema>): AgencyContact {
  return {
    email: settings.AGENCY_EMAIL,
    phone: settings.AGENCY_PHONE,
    phoneHref: phoneHrefOf(settings.AGENCY_PHONE),
    address: settings.AGENCY_ADDRESS,
    social: socialNetworks
      .map((network) => ({ network, href: settings[socialSettings[network].setting] }))
      .filter((link) => link.href !== ""),
  };
}

function isHttpsUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "https:" && url.hostname !== "" && !url.username && !url.password;
  } catch {
    return false;
  }
}

/** Loads `.env` from the working folder when present; real environment variables win. */
export function loadDotEnvFile(file = ".env"): void {
  if (existsSync(file)) process.loadEnvFile(file);
}

/** `scheme://host[:port]` of an http(s) address without path, query or credentials; otherwise undefined. */
function originOf(entry: string): string | undefined {
  try {
    const url = new URL(entry);
    const bare = url.pathname === "/" && !url.search && !url.hash && !url.username && !url.password;
    return (url.protocol === "http:" || url.protocol === "https:") && bare ? url.origin : undefined;
  } catch {
    return undefined;
  }
}

function isKnownTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
