import { Form, href, useNavigation } from "react-router";
import { RevealButton } from "~/components/booking/reveal-button";
import { FormAlert, PrimaryButton } from "~/components/forms/form-controls";
import type { Failure } from "~/components/staff/refused-form";
import type { FieldConstraints } from "~/lib/form-constraints";
import type { AppointmentFacts, ConsultantFacts, FreeDay, Step, StepProps } from "./appointment-view";
import { CancelForm } from "./cancel-form";
import { NoShowForm } from "./no-show-form";
import { RescheduleForm } from "./reschedule-form";
import { buttonClass, Section } from "./section";

/** What staff can do now: attendance once started, cancel or move before, each its own POST form. */
export function AppointmentActions({
  appointment,
  customerName,
  consultant,
  freeDays,
  zone,
  refundNoticeHours,
  reasonField,
  failure,
  step,
}: {
  appointment: AppointmentFacts;
  customerName: string;
  consultant: ConsultantFacts;
  /** The consultant's free times, read only for the reschedule step. */
  freeDays: FreeDay[];
  zone: string;
  refundNoticeHours: number;
  /** The cancellation reason's limits, from the schema. */
  reasonField: FieldConstraints;
  failure?: Failure;
  step: Step;
}) {
  const busy = useNavigation().state !== "idle";
  if (!appointment.active) return null;
  const here = href("/admin/appointments/:appointmentId", { appointmentId: appointment.id });
  const stepProps: StepProps = { failure, busy, back: here };
  return (
    <Section title="Actions" id="actions-heading" className="mt-6">
      {failure ? (
        <div className="mb-4">
          <FormAlert message={failure.error} />
        </div>
      ) : null}
      {appointment.started && step === null ? (
        <div className="flex flex-wrap gap-3">
          <p className="w-full text-muted text-sm">The appointment has started. Record what happened:</p>
          <Form method="post">
            <input type="hidden" name="intent" value="complete" />
            <PrimaryButton className="px-5 py-2.5 text-sm" disabled={busy}>
              Mark completed
            </PrimaryButton>
          </Form>
          <RevealButton parameter="step" value="no-show" className={buttonClass}>
            Mark no-show
          </RevealButton>
        </div>
      ) : null}
      {step === "no-show" ? <NoShowForm customerName={customerName} {...stepProps} /> : null}
      {!appointment.started && step === null ? (
        <div className="flex flex-wrap gap-3">
          <p className="w-full text-muted text-sm">
            Completed and no-show can be recorded once the appointment has started.
          </p>
          <RevealButton parameter="step" value="reschedule" className={buttonClass}>
            Reschedule
          </RevealButton>
          <RevealButton
            parameter="step"
            value="cancel"
            className={`${buttonClass} text-red-800 hover:border-red-700`}
          >
            Cancel appointment
          </RevealButton>
        </div>
      ) : null}
      {step === "cancel" ? (
        <CancelForm
          appointment={appointment}
          customerName={customerName}
          refundNoticeHours={refundNoticeHours}
          reasonField={reasonField}
          {...stepProps}
        />
      ) : null}
      {step === "reschedule" ? (
        <RescheduleForm
          sequence={appointment.sequence}
          freeDays={freeDays}
          consultant={consultant}
          zone={zone}
          {...stepProps}
        />
      ) : null}
    </Section>
  );
}
