import { Form } from "react-router";
import { TextAreaField } from "~/components/forms/form-controls";
import { DangerButton } from "~/components/staff/danger-actions";
import { sentBack } from "~/components/staff/refused-form";
import type { FieldConstraints } from "~/lib/form-constraints";
import type { AppointmentFacts, StepProps } from "./appointment-view";
import { StepButtons } from "./section";

/** The confirmation of a staff cancellation: what happens to the payment, the reason, and a refund anyway. */
export function CancelForm({
  appointment,
  customerName,
  refundNoticeHours,
  reasonField,
  failure,
  busy,
  back,
}: StepProps & {
  appointment: Pick<AppointmentFacts, "sequence" | "fee" | "paid" | "refundByPolicy">;
  customerName: string;
  refundNoticeHours: number;
  reasonField: FieldConstraints;
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
        {...sentBack(failure, "reason")}
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
      <StepButtons back={back} backLabel="Keep it">
        <DangerButton disabled={busy}>Yes, cancel the appointment</DangerButton>
      </StepButtons>
    </Form>
  );
}
