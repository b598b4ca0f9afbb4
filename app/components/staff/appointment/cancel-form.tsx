import { Form, Link } from "react-router";
import { TextAreaField } from "~/components/forms/form-controls";
import type { FieldConstraints } from "~/lib/form-constraints";
import type { AppointmentFacts, Failure } from "./appointment-view";
import { buttonClass } from "./section";

/** The confirmation of a staff cancellation: what happens to the payment, the reason, and a refund anyway. */
export function CancelForm({
  appointment,
  customerName,
  refundNoticeHours,
  reasonField,
  failure,
  busy,
  back,
}: {
  appointment: Pick<AppointmentFacts, "sequence" | "fee" | "paid" | "refundByPolicy">;
  customerName: string;
  refundNoticeHours: number;
  reasonField: FieldConstraints;
  failure?: Failure;
  busy: boolean;
  /** The page without the step, for "Keep it". */
  back: string;
}) {
  const policy = !appointment.paid
    ? "The customer has not paid, so there is nothing to refund."
    : appointment.refundByPolicy
      ? `It starts at least ${refundNoticeHours} hours from now, so the payment of ${appointment.fee} is refunded in full through the provider.`
      : `It starts in less than ${refundNoticeHours} hours, so by the policy the payment of ${appointment.fee} is kept, unless you refund it anyway.`;
  return (
    <Form method="post" className="space-y-4 rounded-xl border border-red-200 bg-red-50 p-4">
      <h3 className="font-semibold text-red-900">Cancel this appointment?</h3>
      <p className="text-red-900 text-sm">
        {policy} {customerName} is e-mailed the reason and a calendar update, and the time becomes free.
      </p>
      <input type="hidden" name="intent" value="cancel" />
      <input type="hidden" name="sequence" value={appointment.sequence} />
      <TextAreaField
        label="Reason (the customer reads it)"
        {...reasonField}
        rows={3}
        defaultValue={failure?.values.reason ?? ""}
        error={failure?.fieldErrors.reason}
      />
      {appointment.paid && !appointment.refundByPolicy ? (
        <label className="flex items-start gap-3 text-ink text-sm">
          <input
            type="checkbox"
            name="refundAnyway"
            value="yes"
            defaultChecked={failure?.values.refundAnyway === "yes"}
            className="mt-0.5 size-4 shrink-0 accent-brand-700"
          />
          Refund the payment of {appointment.fee} anyway
        </label>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <button
          type="submit"
          disabled={busy}
          className="rounded-full bg-red-700 px-5 py-2.5 font-semibold text-sm text-white hover:bg-red-800 disabled:opacity-60"
        >
          Yes, cancel the appointment
        </button>
        <Link to={back} preventScrollReset className={buttonClass}>
          Keep it
        </Link>
      </div>
    </Form>
  );
}
