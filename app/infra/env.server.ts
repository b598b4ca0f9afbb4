import { existsSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

const booleanFlag = z
  .enum(["true", "false", "1", "0", ""])
  .default("false")
  .transform((value) => value === "true" || value === "1");

const environmentSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  HOST: z.string().default("0.0.0.0"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: z.url().optional(),
  AGENCY_TZ: z.string().default("America/New_York"),
  AGENCY_EMAIL: z.email().default("hello@example.com"),
  BLOG_DIR: z.string().default("./app/content/blog"),
  TRUST_PROXY: booleanFlag,
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
});

export type Environment = z.infer<typeof environmentSchema> & {
  /** Absolute URL of the site without a trailing slash, for canonical links and feeds. */
  publicUrl: string;
  dataDirectory: string;
  isProduction: boolean;
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
  const publicUrl = (settings.PUBLIC_URL ?? `http://localhost:${settings.PORT}`).replace(/\/+$/, "");
  return {
    ...settings,
    publicUrl,
    dataDirectory: path.resolve(settings.DATA_DIR),
    isProduction: settings.NODE_ENV === "production",
  };
}

/** Loads `.env` from the working folder when present; real environment variables win. */
export function loadDotEnvFile(file = ".env"): void {
  if (existsSync(file)) process.loadEnvFile(file);
}

function isKnownTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
