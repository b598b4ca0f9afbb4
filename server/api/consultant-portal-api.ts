import { Hono } from "hono";
import { type ApiEnv, onlyRoles } from "./api-env";

/** The consultant portal's API: a consultant account, about its own consultant profile only. */
export function consultantPortalApi() {
  const api = new Hono<ApiEnv>();
  api.use("*", onlyRoles("consultant"));
  return api;
}
