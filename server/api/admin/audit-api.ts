import { Hono } from "hono";
import { listAuditEntries } from "~/features/audit/audit.server";
import { auditQueryFrom } from "~/features/audit/audit-query.server";
import type { ApiEnv } from "../api-env";
import { staffAuditEntry } from "../legacy-shapes";

/** GET /api/admin/audit (query `action`, `targetType`, `targetId`, `actor`, `from`, `to` as days, `page`). */
export function adminAuditApi() {
  const api = new Hono<ApiEnv>();

  api.get("/", async (context) => {
    const { filters, page } = auditQueryFrom(context.req.query(), context.get("env").AGENCY_TZ);
    const { entries, hasMore } = await listAuditEntries(context.get("db"), filters, page);
    return context.json({
      success: true,
      entries: entries.map(staffAuditEntry),
      hasMore,
    });
  });

  return api;
}
