import { Hono } from "hono";
import { editReview, writeReview } from "~/features/reviews/reviews.server";
import { type ApiEnv, requireApiUser } from "./api-env";
import { readJsonObject } from "./request-body";

/**
 * POST /api/user/reviews (`appointmentId, rating, comment`): the customer reviews a completed
 * appointment of theirs, once; PATCH /api/user/reviews/{appointmentId} (`rating, comment`)
 * changes it within the edit window.
 */
export function userReviewApi() {
  const api = new Hono<ApiEnv>();

  api.post("/", async (context) => {
    const user = requireApiUser(context);
    const review = await writeReview(context.get("db"), user.id, await readJsonObject(context), {
      now: context.get("clock")(),
    });
    return context.json({ success: true, message: "Thank you for your review", reviewId: review.id }, 201);
  });

  api.patch("/:appointmentId", async (context) => {
    const user = requireApiUser(context);
    await editReview(
      context.get("db"),
      user.id,
      context.req.param("appointmentId"),
      await readJsonObject(context),
      {
        now: context.get("clock")(),
      },
    );
    return context.json({ success: true, message: "Review updated" });
  });

  return api;
}
