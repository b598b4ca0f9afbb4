import { Hono } from "hono";
import { bookingContextFrom } from "~/features/booking/booking.server";
import { claimWaitlistOffer } from "~/features/booking/waitlist-claim.server";
import { waitlistSettingsFrom } from "~/features/waitlist/offers.server";
import { joinWaitlist, leaveWaitlist, listOwnWaitlist } from "~/features/waitlist/waitlist.server";
import { type ApiEnv, leavesCatalogueAlone, requireApiUser } from "./api-env";
import { legacyDay, legacySlotDateOfDay, legacySlotOf, sameSlotTime } from "./legacy-slots";
import { readJsonObject } from "./request-body";

/**
 * The customer's waitlist (DESIGN.md §4): POST `{docId, slotDate}` joins a consultant's day, GET
 * lists the entries with the time held for each, DELETE /{id} leaves, POST /{id}/claim
 * `{slotTime}` books the held time by every booking rule.
 */
export function userWaitlistApi() {
  const api = new Hono<ApiEnv>();

  api.post("/", leavesCatalogueAlone, async (context) => {
    const user = requireApiUser(context);
    const body = await readJsonObject(context);
    const { entry } = await joinWaitlist(
      context.get("db"),
      user.id,
      { docId: body.docId, day: legacyDay(body.slotDate) },
      { zone: context.get("env").AGENCY_TZ, now: context.get("clock")() },
    );
    return context.json(
      { success: true, message: "We will e-mail you if a time frees up", waitlistId: entry.id },
      201,
    );
  });

  api.get("/", async (context) => {
    const user = requireApiUser(context);
    const zone = context.get("env").AGENCY_TZ;
    const entries = await listOwnWaitlist(context.get("db"), user.id, { zone, now: context.get("clock")() });
    return context.json({
      success: true,
      entries: entries.map((entry) => ({
        _id: entry.id,
        docId: entry.consultantId,
        consultantName: entry.consultantName,
        slotDate: legacySlotDateOfDay(entry.day),
        status: entry.status,
        offer: entry.offer
          ? {
              slotTime: legacySlotOf(entry.offer.startsAt, zone).slotTime,
              startsAt: entry.offer.startsAt.toISOString(),
              expiresAt: entry.offer.expiresAt.toISOString(),
            }
          : null,
      })),
    });
  });

  api.delete("/:entryId", async (context) => {
    const user = requireApiUser(context);
    await leaveWaitlist(
      context.get("db"),
      user.id,
      context.req.param("entryId"),
      waitlistSettingsFrom(context.get("env")),
      context.get("clock")(),
    );
    return context.json({ success: true, message: "Removed from the waitlist" });
  });

  api.post("/:entryId/claim", async (context) => {
    const user = requireApiUser(context);
    const body = await readJsonObject(context);
    const zone = context.get("env").AGENCY_TZ;
    const slotTime = typeof body.slotTime === "string" ? body.slotTime : undefined;
    const appointment = await claimWaitlistOffer(
      context.get("db"),
      user.id,
      context.req.param("entryId"),
      slotTime ? (startsAt) => sameSlotTime(legacySlotOf(startsAt, zone).slotTime, slotTime) : undefined,
      bookingContextFrom(context.var),
    );
    return context.json({ success: true, message: "Appointment booked", appointmentId: appointment.id }, 201);
  });

  return api;
}
