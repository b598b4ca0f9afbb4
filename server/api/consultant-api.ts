import { type Context, Hono } from "hono";
import { findSpeciality } from "~/content/specialities";
import {
  consultantSchedule,
  findConsultant,
  listConsultants,
  upcomingBookings,
} from "~/features/consultants/consultants.server";
import { consultantReviews } from "~/features/reviews/reviews.server";
import { catalogueKeys, type KeptCatalogue, keptAnswer } from "~/kept/catalogue.server";
import { type EncodedBody, encodedAnswer, encodeOnce } from "~/kept/encoded-body.server";
import { FeatureError } from "~/lib/errors";
import { pageNumberFrom } from "~/lib/page-number";
import type { ApiEnv } from "./api-env";
import { legacyDoctor, legacySlotDays } from "./legacy-shapes";

/**
 * Consultants ("doctors" to the old clients) and their free slots: the same for every visitor and
 * asked for far more often than they change, so each answer is kept, compressed, in `answers`
 * (app/kept/catalogue.server.ts) when the server keeps them.
 */
export function consultantApi(answers?: KeptCatalogue["answers"]) {
  const api = new Hono<ApiEnv>();

  api.get("/list", async (context) => {
    const speciality = context.req.query("speciality");
    const found = speciality ? findSpeciality(speciality) : undefined;
    if (speciality && !found) return context.json({ success: true, doctors: [] });
    const body = await keptAnswer(answers, catalogueKeys.list(found?.slug), async () => {
      const [consultants, upcoming] = await Promise.all([
        listConsultants(context.get("db"), { speciality: found?.name }),
        upcomingBookings(context.get("db")),
      ]);
      // A consultant whose calendar cannot be read is not bookable now: old clients see them unavailable.
      const doctors = consultants.map((consultant) =>
        legacyDoctor(
          { ...consultant, available: consultant.available && !upcoming.withheld.has(consultant.id) },
          upcoming.startsByConsultant.get(consultant.id) ?? [],
          context.get("env").AGENCY_TZ,
          context.get("env").publicUrl,
        ),
      );
      return encodeJson({ success: true, doctors });
    });
    return jsonAnswer(context, body);
  });

  api.get("/:id/slots", async (context) => {
    const body = await keptAnswer(answers, catalogueKeys.slots(context.req.param("id")), async () => {
      const consultant = await findConsultant(context.get("db"), context.req.param("id"));
      if (!consultant) throw new FeatureError("not-found", "We could not find that consultant.");
      const zone = context.get("env").AGENCY_TZ;
      const { days, calendarWithheld } = await consultantSchedule(context.get("db"), consultant, { zone });
      return encodeJson({
        success: true,
        timeZone: zone,
        available: consultant.available,
        // The consultant's calendar cannot be trusted just now: no slot is offered until it can.
        temporarilyUnavailable: calendarWithheld,
        days: legacySlotDays(days, zone),
      });
    });
    return jsonAnswer(context, body);
  });

  // Visible reviews only, newest first; `page` from 1.
  api.get("/:id/reviews", async (context) => {
    const consultant = await findConsultant(context.get("db"), context.req.param("id"));
    if (!consultant) throw new FeatureError("not-found", "We could not find that consultant.");
    const found = await consultantReviews(
      context.get("db"),
      consultant,
      pageNumberFrom(context.req.query("page")),
    );
    return context.json({
      success: true,
      rating: found.average,
      reviewCount: found.count,
      distribution: found.distribution,
      page: found.page,
      hasMore: found.hasMore,
      reviews: found.reviews.map((review) => ({
        _id: review.id,
        rating: review.rating,
        comment: review.comment,
        author: review.author,
        date: review.createdAt.toISOString(),
      })),
    });
  });

  return api;
}

function encodeJson(value: unknown): Promise<EncodedBody> {
  return encodeOnce(Buffer.from(JSON.stringify(value), "utf8"));
}

function jsonAnswer(context: Context<ApiEnv>, body: EncodedBody): Response {
  const { status, bytes, headers } = encodedAnswer(body, {
    acceptEncoding: context.req.header("Accept-Encoding"),
    ifNoneMatch: context.req.header("If-None-Match"),
  });
  for (const [name, value] of headers) context.header(name, value);
  if (status === 304) return context.body(null, 304);
  context.header("Content-Type", "application/json");
  return context.body(bytes ?? new Uint8Array(), 200);
}
