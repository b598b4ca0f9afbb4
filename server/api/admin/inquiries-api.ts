import { Hono } from "hono";
import { inquiryStatusFrom, listInquiries, updateInquiry } from "~/features/contact/inquiry-inbox.server";
import { FeatureError } from "~/lib/errors";
import { pageNumberFrom } from "~/lib/page-number";
import type { Inquiry } from "../../../db/schema";
import { type ApiEnv, requireApiRole } from "../api-env";
import { readJsonObject } from "../request-body";

/** An inquiry as the staff API shows it: every field, the id as `_id`. */
function staffInquiry(inquiry: Inquiry) {
  return {
    _id: inquiry.id,
    name: inquiry.name,
    email: inquiry.email,
    phone: inquiry.phone,
    phoneCountry: inquiry.phoneCountry,
    businessType: inquiry.businessType,
    otherBusiness: inquiry.otherBusiness,
    requiredServices: inquiry.requiredServices,
    industry: inquiry.industry,
    otherIndustry: inquiry.otherIndustry,
    timezone: inquiry.timezone,
    message: inquiry.message,
    preferredCallTime: inquiry.preferredCallTime,
    status: inquiry.status,
    version: inquiry.version,
    createdAt: inquiry.createdAt.toISOString(),
    updatedAt: inquiry.updatedAt.toISOString(),
  };
}

/** GET /api/admin/inquiries (query `status`, `q`, `page`), PATCH /api/admin/inquiries/{id}. */
export function adminInquiriesApi() {
  const api = new Hono<ApiEnv>();

  api.get("/", async (context) => {
    const status = context.req.query("status");
    const filter = inquiryStatusFrom(status);
    if (status && !filter) throw new FeatureError("invalid", "Please choose new, contacted or closed.");
    const { inquiries, hasMore } = await listInquiries(
      context.var.db,
      { status: filter, search: context.req.query("q") },
      pageNumberFrom(context.req.query("page")),
    );
    return context.json({ success: true, inquiries: inquiries.map(staffInquiry), hasMore });
  });

  api.patch("/:inquiryId", async (context) => {
    const staff = requireApiRole(context, "admin");
    const body = await readJsonObject(context);
    await updateInquiry(
      context.var.db,
      staff,
      context.req.param("inquiryId"),
      { status: body.status, note: body.note, version: body.version },
      context.var.clock(),
    );
    return context.json({ success: true, message: "Inquiry updated" });
  });

  return api;
}
