import type { Environment } from "./env.server";

export interface PolicyOptions {
  isProduction: boolean;
  /** The public URL is https: sub-requests may be upgraded (a plain-http local run must not be). */
  servedOverHttps: boolean;
}

/** The policy's options as the settings give them. */
export function policyOptionsFor(env: Pick<Environment, "isProduction" | "publicUrl">): PolicyOptions {
  return { isProduction: env.isProduction, servedOverHttps: env.publicUrl.startsWith("https://") };
}

/** Extra origins one page needs, e.g. a payment provider's checkout. */
export interface PolicyAdditions {
  scripts?: string[];
  frames?: string[];
  connections?: string[];
  /** Where a form may lead, including redirects after it is posted. */
  formTargets?: string[];
}

/**
 * Which inline scripts may run: those carrying this response's nonce, or (for a page stored once
 * and served to many, where a nonce would be shared) exactly those whose SHA-256 digests are listed.
 */
export type InlineScripts = { nonce: string } | { sha256: readonly string[] };

/** The page's policy: our own files, plus the inline scripts `inline` allows. */
export function contentSecurityPolicy(
  inline: InlineScripts,
  options: PolicyOptions,
  additions: PolicyAdditions = {},
): string {
  const { isProduction, servedOverHttps } = options;
  const inlineSources =
    "nonce" in inline ? [`'nonce-${inline.nonce}'`] : inline.sha256.map((digest) => `'sha256-${digest}'`);
  const directives = [
    "default-src 'self'",
    ["script-src 'self'", ...inlineSources, ...(additions.scripts ?? [])].join(" "),
    // React writes `style` attributes (e.g. the carousel's transform); no style sheet is inlined.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    // The chat plays the assistant's spoken answer from the reply's bytes, through a blob: URL.
    "media-src 'self' blob:",
    "font-src 'self'",
    // Vite's hot reload talks over a WebSocket in development only.
    ["connect-src 'self'", ...(isProduction ? [] : ["ws:", "wss:"]), ...(additions.connections ?? [])].join(
      " ",
    ),
    ...(additions.frames?.length ? [`frame-src ${additions.frames.join(" ")}`] : []),
    "object-src 'none'",
    "base-uri 'self'",
    ["form-action 'self'", ...(additions.formTargets ?? [])].join(" "),
    "frame-ancestors 'none'",
  ];
  if (servedOverHttps) directives.push("upgrade-insecure-requests");
  return directives.join("; ");
}
