import { Form } from "react-router";
import { DangerButton } from "~/components/staff/danger-actions";
import type { StepProps } from "./appointment-view";
import { StepButtons } from "./section";

/** A no-show cannot be taken back, so staff confirm it before it is recorded. */
export function NoShowForm({ customerName, busy, back }: StepProps & { customerName: string }) {
  return (
    <Form method="post" className="space-y-4 rounded-xl border border-red-200 bg-red-50 p-4">
      <h3 className="font-semibold text-red-900">Mark this appointment as a no-show?</h3>
      <p className="text-red-900 text-sm">
        Record that {customerName} did not come. This cannot be undone, and the appointment can then no longer
        be marked completed.
      </p>
      <input type="hidden" name="intent" value="no-show" />
      <StepButtons back={back} backLabel="Go back">
        <DangerButton disabled={busy}>Yes, mark no-show</DangerButton>
      </StepButtons>
    </Form>
  );
}
