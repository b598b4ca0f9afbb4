import { Hono } from "hono";
import { decideKyc, kycStatusFrom, listKycSubmissions } from "~/features/kyc/kyc-review.server";
import { FeatureError } from "~/lib/errors";
import { pageNumberFrom } from "~/lib/page-number";
import { type ApiEnv, requireApiRole } from "../api-env";
import { staffKycSubmission } from "../legacy-shapes";
import { readJsonObject } from "../request-body";

/** GET /api/admin/kyc (query `status`, pending by default; `page`), POST /api/admin/kyc/{id}/decision. */
export function adminKycApi() {
  const api = new Hono<ApiEnv>();

  api.get("/", async (context) => {
    const asked = context.req.query("status");
    const status = kycStatusFrom(asked);
    if (asked && asked !== status) {
      throw new FeatureError("invalid", "Please choose pending, approved or rejected.");
    }
    const { submissions, hasMore } = await listKycSubmissions(
      context.get("db"),
      status,
      pageNumberFrom(context.req.query("page")),
    );
    return context.json({
      success: true,
      submissions: submissions.map(staffKycSubmission),
      hasMore,
    });
  });

  api.post("/:submissionId/decision", async (context) => {
    const staff = requireApiRole(context, "admin");
    const body = await readJsonObject(context);
    const { status } = await decideKyc(
      context.get("db"),
      staff,
      context.req.param("submissionId"),
      { decision: body.decision, reason: body.reason },
      { publicUrl: context.get("env").publicUrl, now: context.get("clock")() },
    );
    return context.json({ success: true, message: status === "approved" ? "KYC approved" : "KYC rejected" });
  });

  return api;
}
