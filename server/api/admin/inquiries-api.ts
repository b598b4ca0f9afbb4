import { Hono } from "hono";
import { inquiryStatusFrom, listInquiries, updateInquiry } from "~/features/contact/inquiry-inbox.server";
import { FeatureError } from "~/lib/errors";
import { pageNumberFrom } from "~/lib/page-number";
import { type ApiEnv, requireApiRole } from "../api-env";
import { staffInquiry } from "../legacy-shapes";
import { readJsonObject } from "../request-body";

/** GET /api/admin/inquiries (query `status`, `q`, `page`), PATCH /api/admin/inquiries/{id}. */
export function adminInquiriesApi() {
  const api = new Hono<ApiEnv>();

  api.get("/", async (context) => {
    const status = context.req.query("status");
    const filter = inquiryStatusFrom(status);
    if (status && !filter) throw new FeatureError("invalid", "Please choose new, contacted or closed.");
    const { inquiries, hasMore } = await listInquiries(
      context.get("db"),
      { status: filter, search: context.req.query("q") },
      pageNumberFrom(context.req.query("page")),
    );
    return context.json({ success: true, inquiries: inquiries.map(staffInquiry), hasMore });
  });

  api.patch("/:inquiryId", async (context) => {
    const staff = requireApiRole(context, "admin");
    const body = await readJsonObject(context);
    await updateInquiry(
      context.get("db"),
      staff,
      context.req.param("inquiryId"),
      { status: body.status, note: body.note, version: body.version },
      context.get("clock")(),
    );
    return context.json({ success: true, message: "Inquiry updated" });
  });

  return api;
}
