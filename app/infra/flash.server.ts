import { redirect } from "react-router";
import type { AppCookies, Toast } from "./cookies.server";

/** Redirects and shows a toast on the next page (through a signed, one-minute cookie). */
export async function redirectWithToast(
  to: string,
  toast: Toast,
  context: { cookies: AppCookies },
  headers: Headers = new Headers(),
): Promise<Response> {
  headers.append("Set-Cookie", await context.cookies.flash.serialize(toast));
  return redirect(to, { headers });
}

/** The toast a redirect leaves for the next page (redirectWithToast's), if any. */
export async function toastSetBy(
  response: Response,
  context: { cookies: AppCookies },
): Promise<Toast | null> {
  for (const header of response.headers.getSetCookie()) {
    const value: unknown = await context.cookies.flash.parse(header.split(";", 1)[0] ?? "");
    if (isToast(value)) return value;
  }
  return null;
}

/** The toast left for this page, if any, and the header that clears it. */
export async function takeToast(
  request: Request,
  context: { cookies: AppCookies },
): Promise<{ toast: Toast | null; headers: Headers }> {
  const headers = new Headers();
  const value: unknown = await context.cookies.flash.parse(request.headers.get("Cookie"));
  if (!isToast(value)) return { toast: null, headers };
  headers.append("Set-Cookie", await context.cookies.flash.serialize("", { maxAge: 0 }));
  return { toast: value, headers };
}

function isToast(value: unknown): value is Toast {
  if (typeof value !== "object" || value === null) return false;
  const { kind, message } = value as Record<string, unknown>;
  return (kind === "success" || kind === "error" || kind === "info") && typeof message === "string";
}
