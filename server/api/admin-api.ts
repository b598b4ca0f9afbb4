import { Hono } from "hono";
import { adminAppointmentsApi } from "./admin/appointments-api";
import { adminAuditApi } from "./admin/audit-api";
import { adminConsultantsApi } from "./admin/consultants-api";
import { adminInquiriesApi } from "./admin/inquiries-api";
import { adminKycApi } from "./admin/kyc-api";
import { adminOutboxApi } from "./admin/outbox-api";
import { adminPeopleApi } from "./admin/people-api";
import { adminReviewsApi } from "./admin/reviews-api";
import { type ApiEnv, onlyRoles } from "./api-env";

/** The staff API (DESIGN.md §4 "Staff API"): agency staff only, on every route. */
export function adminApi() {
  const api = new Hono<ApiEnv>();
  api.use("*", onlyRoles("admin"));
  api.route("/appointments", adminAppointmentsApi());
  api.route("/consultants", adminConsultantsApi());
  api.route("/inquiries", adminInquiriesApi());
  api.route("/kyc", adminKycApi());
  api.route("/outbox", adminOutboxApi());
  api.route("/users", adminPeopleApi());
  api.route("/audit", adminAuditApi());
  api.route("/reviews", adminReviewsApi());
  return api;
}
