import { Hono } from "hono";
import { listOutbox, outboxStatusFrom, retryOutboxMessage } from "~/features/email/outbox-admin.server";
import { FeatureError } from "~/lib/errors";
import { pageNumberFrom } from "~/lib/page-number";
import { type ApiEnv, requireApiRole } from "../api-env";
import { staffOutboxMessage } from "../legacy-shapes";

/** GET /api/admin/outbox (query `status`, `page`), POST /api/admin/outbox/{id}/retry. */
export function adminOutboxApi() {
  const api = new Hono<ApiEnv>();

  api.get("/", async (context) => {
    const asked = context.req.query("status");
    const status = outboxStatusFrom(asked);
    if (asked && !status) throw new FeatureError("invalid", "Please choose pending, sent or failed.");
    const { messages, hasMore } = await listOutbox(
      context.get("db"),
      { status },
      pageNumberFrom(context.req.query("page")),
    );
    return context.json({
      success: true,
      messages: messages.map(staffOutboxMessage),
      hasMore,
    });
  });

  api.post("/:messageId/retry", async (context) => {
    const staff = requireApiRole(context, "admin");
    await retryOutboxMessage(
      context.get("db"),
      staff,
      context.req.param("messageId"),
      context.get("clock")(),
    );
    return context.json({ success: true, message: "The e-mail will be sent again shortly" });
  });

  return api;
}
