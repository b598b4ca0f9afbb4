import { type Cookie, createCookie } from "react-router";

export interface Toast {
  kind: "success" | "error" | "info";
  message: string;
}

export interface AppCookies {
  /** The session token (opaque, random); the same token API clients send in a header. */
  session: Cookie;
  /** A message to show once on the next page (signed, so it cannot be forged). */
  flash: Cookie;
}

export function createAppCookies(options: {
  secure: boolean;
  signingKey: Buffer;
  sessionDays: number;
}): AppCookies {
  const common = { httpOnly: true, sameSite: "lax" as const, secure: options.secure, path: "/" };
  return {
    // The __Host- prefix makes browsers refuse the cookie unless it is Secure, host-only and for "/".
    session: createCookie(options.secure ? "__Host-session" : "session", {
      ...common,
      maxAge: options.sessionDays * 86_400,
    }),
    flash: createCookie("flash", { ...common, maxAge: 60, secrets: [options.signingKey.toString("base64")] }),
  };
}

/** The session token from the cookie, the `token` header or `Authorization: Bearer`. */
export async function readSessionToken(request: Request, cookies: AppCookies): Promise<string | undefined> {
  // An empty `token` header (sent by clients that have none) must not hide a Bearer token.
  const header =
    request.headers.get("token")?.trim() ||
    request.headers.get("authorization")?.match(/^Bearer\s+(\S+)$/i)?.[1];
  if (header) return header;
  const fromCookie: unknown = await cookies.session.parse(request.headers.get("Cookie"));
  return typeof fromCookie === "string" && fromCookie.length > 0 ? fromCookie : undefined;
}
