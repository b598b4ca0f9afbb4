import { Form, Link, useNavigation } from "react-router";
import { IdempotencyKeyField } from "~/lib/idempotency-key-field";
import { type PickerDay, SlotPicker } from "./slot-picker";

/** The same slot picker as booking, for the same consultant; the payment stays with the appointment. */
export function RescheduleForm({
  appointmentId,
  about,
  days,
  zone,
  profileZone,
  error,
  idempotencyKey,
}: {
  appointmentId: string;
  about: string;
  days: PickerDay[];
  zone: string;
  profileZone: string | null;
  error?: string;
  /** The page's key for its forms (IdempotencyKeyField). */
  idempotencyKey: string;
}) {
  const busy = useNavigation().state !== "idle";
  const anyFree = days.some((day) => day.slots.length > 0);
  return (
    <Form method="post" className="w-full basis-full rounded-2xl border border-gray-200 bg-surface p-4">
      <h3 className="font-semibold text-ink">Choose a new time for{about}</h3>
      <p className="mt-1 text-muted text-sm">
        Your payment, if you have paid, stays with the appointment. We e-mail you an updated calendar
        invitation.
      </p>
      {anyFree ? (
        <div className="mt-4">
          <SlotPicker days={days} zone={zone} profileZone={profileZone} error={error} />
        </div>
      ) : (
        <p className="mt-4 text-muted" role={error ? "alert" : undefined}>
          {error ??
            "This consultant has no free times in the next seven days. You can keep your time or cancel."}
        </p>
      )}
      <input type="hidden" name="appointmentId" value={appointmentId} />
      <IdempotencyKeyField pageKey={idempotencyKey} scope={`reschedule-${appointmentId}`} />
      <div className="mt-4 flex flex-wrap gap-3">
        {anyFree ? (
          <button
            type="submit"
            name="intent"
            value="reschedule"
            disabled={busy}
            className="rounded-full bg-brand-700 px-5 py-2.5 font-semibold text-sm text-white hover:bg-brand-800 disabled:opacity-60"
          >
            Move my appointment
          </button>
        ) : null}
        <Link
          to="/my-appointments"
          preventScrollReset
          className="rounded-full border border-gray-300 bg-white px-5 py-2.5 font-semibold text-ink text-sm hover:border-brand-700"
        >
          Keep the current time
        </Link>
      </div>
    </Form>
  );
}
