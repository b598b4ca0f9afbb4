import { hmacSha256, safeEqual } from "~/infra/encryption.server";

/**
 * A link to the sandbox checkout that works without our session cookie: the old front end on
 * another origin holds a token, not our cookie. The link names one payment and expires, and its
 * signature proves we issued it, as a provider's checkout URL would.
 */
export const SANDBOX_LINK_MINUTES = 60;

export interface SandboxLinkKeys {
  signingKey: Buffer;
  now: Date;
}

function signatureOf(paymentId: string, expires: number, signingKey: Buffer): string {
  return hmacSha256(signingKey, `sandbox-checkout|${paymentId}|${expires}`);
}

/** The absolute, signed link to the sandbox checkout of `paymentId`. */
export function signedSandboxLink(paymentId: string, publicUrl: string, keys: SandboxLinkKeys): string {
  const expires = keys.now.getTime() + SANDBOX_LINK_MINUTES * 60_000;
  const query = new URLSearchParams({
    expires: String(expires),
    signature: signatureOf(paymentId, expires, keys.signingKey),
  });
  return `${publicUrl}/sandbox/checkout/${paymentId}?${query}`;
}

/** What a request's query says about a signed link: none at all, a good one, or a bad or old one. */
export type SandboxLinkState = "absent" | "valid" | "invalid";

export function sandboxLinkState(
  paymentId: string | undefined,
  query: URLSearchParams,
  keys: SandboxLinkKeys,
): SandboxLinkState {
  const expiresText = query.get("expires");
  const signature = query.get("signature");
  if (expiresText === null && signature === null) return "absent";
  const expires = Number(expiresText);
  if (!paymentId || !signature || !Number.isSafeInteger(expires)) return "invalid";
  if (!safeEqual(signatureOf(paymentId, expires, keys.signingKey), signature)) return "invalid";
  return expires > keys.now.getTime() ? "valid" : "invalid";
}
