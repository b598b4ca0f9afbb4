import { type Context, Hono } from "hono";
import { listStaffReviews, setReviewHidden } from "~/features/reviews/staff-reviews.server";
import { pageNumberFrom } from "~/lib/page-number";
import { type ApiEnv, requireApiRole } from "../api-env";
import { readJsonObject } from "../request-body";

/** `hidden` as the query gives it: "true" or "false", anything else both. */
function hiddenFilter(value: string | undefined): boolean | undefined {
  if (value === "true") return true;
  if (value === "false") return false;
  return undefined;
}

/**
 * GET /api/admin/reviews (query `consultantId, hidden, page`), POST /api/admin/reviews/{id}/hide
 * and /show (`reason`, which the author is e-mailed).
 */
export function adminReviewsApi() {
  const api = new Hono<ApiEnv>();

  api.get("/", async (context) => {
    const { reviews, hasMore } = await listStaffReviews(context.get("db"), {
      consultantId: context.req.query("consultantId"),
      hidden: hiddenFilter(context.req.query("hidden")),
      page: pageNumberFrom(context.req.query("page")),
    });
    return context.json({
      success: true,
      hasMore,
      reviews: reviews.map((review) => ({
        _id: review.id,
        appointmentId: review.appointmentId,
        consultant: { _id: review.consultantId, name: review.consultantName },
        user: { _id: review.userId, name: review.customerName, email: review.customerEmail },
        rating: review.rating,
        comment: review.comment,
        hidden: review.hiddenAt !== null,
        hiddenReason: review.hiddenReason,
        createdAt: review.createdAt.toISOString(),
      })),
    });
  });

  const visibility = (hidden: boolean) => async (context: Context<ApiEnv>) => {
    const staff = requireApiRole(context, "admin");
    await setReviewHidden(
      context.get("db"),
      context.req.param("id"),
      hidden,
      await readJsonObject(context),
      staff,
      {
        now: context.get("clock")(),
        publicUrl: context.get("env").publicUrl,
      },
    );
    return context.json({ success: true, message: hidden ? "Review hidden" : "Review shown" });
  };
  api.post("/:id/hide", visibility(true));
  api.post("/:id/show", visibility(false));

  return api;
}
