import { Hono } from "hono";
import { authRequestFrom, logIn, registerUser } from "~/features/accounts/accounts.server";
import { getProfile, updateProfile } from "~/features/accounts/profile.server";
import { revokeSession } from "~/features/accounts/sessions.server";
import { listAppointments } from "~/features/booking/appointments.server";
import { bookAppointmentOrFindOwn, bookingContextFrom } from "~/features/booking/booking.server";
import { cancelAppointment } from "~/features/booking/cancellation.server";
import { rescheduleOwnAppointment } from "~/features/booking/customer-reschedule.server";
import { getKycSummary, submitKyc } from "~/features/kyc/kyc.server";
import { pictureUploadFrom } from "~/features/pictures/pictures.server";
import { FeatureError } from "~/lib/errors";
import type { ApiEnv } from "./api-env";
import { leavesCatalogueAlone, requireApiUser } from "./api-env";
import { idempotent } from "./idempotency";
import { legacyAppointment, legacyProfile } from "./legacy-shapes";
import { legacyBookingSchema, legacyOwnRescheduleSchema, legacyRequestStart } from "./legacy-slots";
import { parseJsonField, readFormBody, readJsonObject } from "./request-body";

/** The account endpoints of the old app's clients (DESIGN.md §4), in its answer shapes. */
export function userApi() {
  const api = new Hono<ApiEnv>();

  api.post("/register", leavesCatalogueAlone, async (context) => {
    const signedIn = await registerUser(
      context.get("db"),
      await readJsonObject(context),
      authRequestFrom(context.var),
    );
    return context.json(
      { success: true, token: signedIn.token, message: "Account created successfully" },
      201,
    );
  });

  api.post("/login", leavesCatalogueAlone, async (context) => {
    const signedIn = await logIn(
      context.get("db"),
      await readJsonObject(context),
      authRequestFrom(context.var),
    );
    return context.json({ success: true, token: signedIn.token, message: "Logged in successfully" });
  });

  api.post("/logout", leavesCatalogueAlone, async (context) => {
    requireApiUser(context);
    await revokeSession(context.get("db"), context.get("sessionToken")!);
    return context.json({ success: true, message: "Logged out successfully" });
  });

  api.get("/get-profile", async (context) => {
    const user = requireApiUser(context);
    const [profile, kyc] = await Promise.all([
      getProfile(context.get("db"), user.id),
      getKycSummary(context.get("db"), user.id),
    ]);
    return context.json({
      success: true,
      userData: {
        ...legacyProfile(profile, context.get("env").publicUrl),
        role: user.role,
        kycStatus: kyc?.status ?? "not_submitted",
      },
    });
  });

  api.post("/update-profile", async (context) => {
    const user = requireApiUser(context);
    const form = await readFormBody(context);
    const address = parseAddress(form.address);
    const fields = {
      name: text(form.name),
      phone: text(form.phone),
      addressLine1: address.line1,
      addressLine2: address.line2,
      gender: text(form.gender) || undefined,
      dateOfBirth: text(form.dob),
    };
    const picture = await pictureUploadFrom(form.image, user.id, context.get("env"));
    await updateProfile(context.get("db"), user.id, fields, picture);
    return context.json({ success: true, message: "Profile updated" });
  });

  api.post("/kyc", async (context) => {
    const user = requireApiUser(context);
    const body = await readJsonObject(context);
    await submitKyc(context.get("db"), user.id, body, {
      encryptionKey: context.get("secrets").encryptionKey,
      clientAddress: context.get("clientAddress"),
      perAddressPerMinute: context.get("env").RATE_LIMIT_FORMS_PER_MINUTE,
    });
    return context.json({ success: true, message: "KYC information submitted successfully" });
  });

  api.post("/book-appointment", idempotent, async (context) => {
    const user = requireApiUser(context);
    const body = await readJsonObject(context);
    // The old clients name the slot as `slotDate` and `slotTime`; the feature takes its instant.
    const startsAt = legacyRequestStart(legacyBookingSchema, body, context.get("env").AGENCY_TZ);
    const appointment = await bookAppointmentOrFindOwn(
      context.get("db"),
      user.id,
      { docId: body.docId, startsAt },
      bookingContextFrom(context.var),
      { retriedAfterCrash: context.get("idempotentRetryAfterCrash") ?? false },
    );
    return context.json({ success: true, message: "Appointment booked", appointmentId: appointment.id }, 201);
  });

  api.get("/appointments", async (context) => {
    const user = requireApiUser(context);
    // The old server listed them in booking order, oldest first; its client reverses the list.
    const appointments = [...(await listAppointments(context.get("db"), user.id))].sort(
      (first, second) =>
        first.createdAt.getTime() - second.createdAt.getTime() ||
        first.startsAt.getTime() - second.startsAt.getTime(),
    );
    return context.json({
      success: true,
      appointments: appointments.map((appointment) =>
        legacyAppointment(appointment, context.get("env").AGENCY_TZ, context.get("env").publicUrl),
      ),
    });
  });

  api.post("/cancel-appointment", idempotent, async (context) => {
    const user = requireApiUser(context);
    await cancelAppointment(
      context.get("db"),
      user.id,
      await readJsonObject(context),
      bookingContextFrom(context.var),
    );
    return context.json({ success: true, message: "Appointment cancelled" });
  });

  api.post("/reschedule-appointment", idempotent, async (context) => {
    const user = requireApiUser(context);
    const body = await readJsonObject(context);
    const startsAt = legacyRequestStart(legacyOwnRescheduleSchema, body, context.get("env").AGENCY_TZ);
    await rescheduleOwnAppointment(
      context.get("db"),
      user.id,
      { appointmentId: body.appointmentId, startsAt },
      bookingContextFrom(context.var),
    );
    return context.json({ success: true, message: "Appointment rescheduled" });
  });

  return api;
}

function text(value: string | File | undefined): string {
  return typeof value === "string" ? value : "";
}

/** `address` arrives as a JSON string `{"line1": …, "line2": …}`, as the old client sends it. */
function parseAddress(value: string | File | undefined): { line1: string; line2: string } {
  if (value === undefined || value === "") return { line1: "", line2: "" };
  const invalid = new FeatureError("invalid", 'The address must be JSON like {"line1": "…", "line2": "…"}.', {
    address: "Please enter a valid address.",
  });
  const parsed = parseJsonField(text(value), "address", invalid);
  if (typeof parsed === "object" && parsed !== null && !Array.isArray(parsed)) {
    const { line1, line2 } = parsed as Record<string, unknown>;
    if (
      (line1 === undefined || typeof line1 === "string") &&
      (line2 === undefined || typeof line2 === "string")
    ) {
      return { line1: line1 ?? "", line2: line2 ?? "" };
    }
  }
  throw invalid;
}
