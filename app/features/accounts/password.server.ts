import { randomBytes, type ScryptOptions, timingSafeEqual } from "node:crypto";
import { backgroundScrypt } from "~/infra/background-scrypt.server";
import { commonPasswords } from "./common-passwords";

/**
 * scrypt with N = 2^15, r = 8, p = 1 (32 MiB): costly enough to slow guessing, cheap enough that a
 * login keeps nobody waiting (docs/decisions/0005). The parameters are stored with each hash, so
 * they can be raised later without breaking existing accounts.
 */
const PARAMETERS = { N: 2 ** 15, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;

function derive(
  password: string,
  salt: Buffer,
  options: { N: number; r: number; p: number },
): Promise<Buffer> {
  const scryptOptions: ScryptOptions = { ...options, maxmem: 128 * options.N * options.r * 2 };
  return backgroundScrypt(password.normalize("NFKC"), salt, KEY_LENGTH, scryptOptions);
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, PARAMETERS);
  return [
    "scrypt",
    PARAMETERS.N,
    PARAMETERS.r,
    PARAMETERS.p,
    salt.toString("base64"),
    key.toString("base64"),
  ].join("$");
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, expected] = stored.split("$");
  if (scheme !== "scrypt" || !salt || !expected) return false;
  const key = await derive(password, Buffer.from(salt, "base64"), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  });
  const expectedKey = Buffer.from(expected, "base64");
  return key.length === expectedKey.length && timingSafeEqual(key, expectedKey);
}

/** A hash of nothing anyone knows: verifying against it costs the same time as a real account. */
let decoyHash: Promise<string> | undefined;
export function decoyPasswordHash(): Promise<string> {
  decoyHash ??= hashPassword(randomBytes(16).toString("hex"));
  return decoyHash;
}

/**
 * Why a new password is refused, or undefined when it is acceptable. Its length is the schema's
 * rule (`newPassword` in ./schemas.ts), checked before this, so the form's limits come from it.
 */
export function passwordProblem(
  password: string,
  personal: { email?: string; name?: string } = {},
): string | undefined {
  const lowered = password.toLowerCase();
  if (commonPasswords.has(lowered)) return "This password is too common. Please choose another one.";
  if (/^(.)\1+$/.test(password)) return "This password is too easy to guess. Please choose another one.";
  const emailName = personal.email?.split("@")[0]?.toLowerCase();
  if (
    (emailName && emailName.length >= 4 && lowered === emailName) ||
    lowered === personal.email?.toLowerCase()
  ) {
    return "Your password must not be your e-mail address.";
  }
  return undefined;
}
