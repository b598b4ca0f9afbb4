import { getOutboxMessage } from "~/features/email/outbox-admin.server";
import { requireRole } from "~/infra/auth-guard.server";
import { asErrorPage } from "~/infra/route-errors.server";
import type { Route } from "./+types/email-html";

/**
 * The stored HTML part of a message, for the e-mail page's frame. The policy sandboxes it (no
 * scripts, forms or same-origin access; nothing fetched but inline images and styles), and only
 * our own pages may frame it (with X-Frame-Options SAMEORIGIN, which the security headers keep).
 */
export const EMAIL_HTML_POLICY =
  "sandbox; default-src 'none'; img-src data:; style-src 'unsafe-inline'; frame-ancestors 'self'";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  requireRole(request, context, "admin");
  const message = await getOutboxMessage(context.db, params.messageId).catch(asErrorPage);
  if (message.htmlBody === null) {
    return new Response("This e-mail has no HTML part.", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  return new Response(message.htmlBody, {
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Security-Policy": EMAIL_HTML_POLICY,
      "X-Frame-Options": "SAMEORIGIN",
      "Cache-Control": "no-store",
      "Referrer-Policy": "no-referrer",
    },
  });
}
