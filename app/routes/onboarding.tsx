import { Form, useNavigation } from "react-router";
import { FormAlert, PrimaryButton, SecondaryButton, TextField } from "~/components/forms/form-controls";
import { identityVerification } from "~/content/identity-verification";
import { getProfile } from "~/features/accounts/profile.server";
import { getKycSummary, submitKyc } from "~/features/kyc/kyc.server";
import { kycStepSchemas, kycSubmissionSchema } from "~/features/kyc/kyc-schema";
import {
  type KycField,
  kycFieldLabels,
  kycFields,
  kycSteps,
  latestAllowedBirthDate,
  normalizeIdNumber,
} from "~/features/kyc/kyc-steps";
import { requireUser, safeRedirectPath } from "~/infra/auth-guard.server";
import { redirectWithToast } from "~/infra/flash.server";
import { readForm } from "~/infra/form-body.server";
import { formFailure } from "~/infra/form-failure.server";
import { parseInput } from "~/lib/errors";
import { formConstraints } from "~/lib/form-constraints";
import { HoneypotField, rejectFilledHoneypot } from "~/lib/honeypot";
import { privatePageHeaders } from "~/lib/page-headers";
import { originFrom, pageMeta } from "~/lib/seo";
import type { Route } from "./+types/onboarding";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Onboarding",
    description: "Tell us a little about yourself to finish setting up your account.",
    path: "/onboarding",
    origin: originFrom(matches),
    noindex: true,
  });

type KycValues = Record<KycField, string>;

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  const [kyc, profile] = await Promise.all([
    getKycSummary(context.db, user.id),
    getProfile(context.db, user.id),
  ]);
  return {
    previous: kyc ? { status: kyc.status, idNumberLast4: kyc.idNumberLast4 } : null,
    // What the profile already holds is not asked twice.
    startingValues: {
      address: [profile.addressLine1, profile.addressLine2].filter(Boolean).join(", "),
      phone: profile.phone,
      dob: profile.dateOfBirth,
      idNumber: "",
    } satisfies KycValues,
    fields: formConstraints(kycSubmissionSchema),
  };
}

interface StepState {
  step: number;
  values: KycValues;
  fieldErrors: Record<string, string>;
  error?: string;
}

/**
 * One form across three steps: Next checks the current step on the server before moving on (the
 * old app's missing checks were a defect), Back keeps what was typed, Submit sends everything.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(request, context);
  const form = await readForm(request);
  const values = Object.fromEntries(
    kycFields.map((name) => [name, String(form.get(name) ?? "")]),
  ) as KycValues;
  const step = Math.min(Math.max(Number(form.get("step")) || 1, 1), 3);
  const intent = form.get("intent");
  try {
    rejectFilledHoneypot(form);
    if (intent === "back") return { step: Math.max(1, step - 1), values, fieldErrors: {} } as StepState;
    if (intent === "next") {
      parseInput<unknown>(kycStepSchemas[step - 1]!, values);
      return { step: Math.min(3, step + 1), values, fieldErrors: {} } as StepState;
    }
    await submitKyc(context.db, user.id, values, {
      encryptionKey: context.secrets.encryptionKey,
      clientAddress: context.clientAddress,
      perAddressPerMinute: context.env.RATE_LIMIT_FORMS_PER_MINUTE,
    });
  } catch (error) {
    // A refused submit goes back to the first step with a problem; the values are kept.
    return formFailure(error, values, { step: intent === "next" ? step : firstStepWithProblem(values) });
  }
  const next = safeRedirectPath(new URL(request.url).searchParams.get("redirectTo"));
  return redirectWithToast(
    next,
    { kind: "success", message: "KYC information submitted successfully" },
    context,
  );
}

function firstStepWithProblem(values: KycValues): number {
  const firstBadStep = kycStepSchemas.findIndex((schema) => !schema.safeParse(values).success);
  return firstBadStep >= 0 && firstBadStep < 2 ? firstBadStep + 1 : 3;
}

export const headers: Route.HeadersFunction = privatePageHeaders;

export default function Onboarding({ loaderData, actionData }: Route.ComponentProps) {
  const state: StepState =
    actionData && "step" in actionData
      ? actionData
      : { step: 1, values: loaderData.startingValues, fieldErrors: {} };
  const { step, values, fieldErrors } = state;
  const { fields } = loaderData;
  const busy = useNavigation().state === "submitting";
  const currentStep = kycSteps[step - 1]!;
  const hiddenValues = kycFields.filter((name) => !currentStep.fields.includes(name));

  return (
    <section className="mx-auto max-w-xl px-4 py-12 sm:py-16">
      <h1 className="font-bold text-3xl text-ink tracking-tight">Complete your profile</h1>
      <p className="mt-2 text-muted">
        {identityVerification.why} {identityVerification.idNumber}
      </p>
      {loaderData.previous ? (
        <p className="mt-4 rounded-lg bg-brand-50 px-4 py-3 text-brand-900 text-sm">
          You already sent your details (status: {loaderData.previous.status}, ID ending in{" "}
          {loaderData.previous.idNumberLast4}). Sending them again replaces them.
        </p>
      ) : null}

      <ol className="mt-8 grid grid-cols-3 gap-2" aria-label="Onboarding steps">
        {kycSteps.map((candidate, index) => (
          <li
            key={candidate.title}
            aria-current={index + 1 === step ? "step" : undefined}
            className={`border-t-4 pt-2 text-sm ${index + 1 <= step ? "border-brand-700 font-semibold text-ink" : "border-gray-200 text-muted"}`}
          >
            <span className="block text-xs">Step {index + 1}</span>
            {candidate.title}
          </li>
        ))}
      </ol>

      <Form method="post" className="relative mt-8 space-y-5" key={step}>
        <HoneypotField />
        <input type="hidden" name="step" value={step} />
        {hiddenValues.map((name) => (
          <input key={name} type="hidden" name={name} value={values[name]} />
        ))}
        <h2 className="font-semibold text-ink text-xl">{currentStep.title}</h2>
        {/* A step's own check speaks beside its fields; the alert is for the rest. */}
        <FormAlert message={Object.keys(fieldErrors).length > 0 ? undefined : state.error} />
        {step === 1 ? (
          <>
            <TextField
              label="Address"
              {...fields.address}
              autoComplete="street-address"
              defaultValue={values.address}
              error={fieldErrors.address}
            />
            <TextField
              label="Phone"
              {...fields.phone}
              autoComplete="tel"
              hint="US numbers as (555) 010-0123; other countries with the + code."
              defaultValue={values.phone}
              error={fieldErrors.phone}
            />
          </>
        ) : null}
        {step === 2 ? (
          <>
            <TextField
              label="Date of Birth"
              {...fields.dob}
              autoComplete="bday"
              max={latestAllowedBirthDate()}
              defaultValue={values.dob}
              error={fieldErrors.dob}
            />
            <TextField
              label="ID Number"
              {...fields.idNumber}
              autoComplete="off"
              hint="4 to 30 letters or digits, as on your ID document; spaces and hyphens are fine."
              defaultValue={values.idNumber}
              error={fieldErrors.idNumber}
            />
          </>
        ) : null}
        {step === 3 ? (
          <dl className="divide-y divide-gray-200 rounded-2xl border border-gray-200">
            {kycFields.map((name) => (
              <div key={name} className="grid gap-1 px-5 py-3 sm:grid-cols-3">
                <dt className="font-medium text-muted text-sm">{kycFieldLabels[name]}</dt>
                <dd className="wrap-anywhere text-ink sm:col-span-2">
                  {/* Only the last four of the ID are ever shown, as the page promises. */}
                  {name === "idNumber" ? `•••• ${normalizeIdNumber(values[name]).slice(-4)}` : values[name]}
                  <input type="hidden" name={name} value={values[name]} />
                </dd>
              </div>
            ))}
          </dl>
        ) : null}
        {/* The primary button comes first so Enter in a field moves forward; CSS shows Back first. */}
        <div className="flex flex-row-reverse flex-wrap justify-end gap-3 pt-2">
          <PrimaryButton name="intent" value={step === 3 ? "submit" : "next"} disabled={busy}>
            {step === 3 ? "Submit" : "Next"}
          </PrimaryButton>
          {step > 1 ? (
            <SecondaryButton type="submit" name="intent" value="back" formNoValidate>
              Back
            </SecondaryButton>
          ) : null}
        </div>
      </Form>
    </section>
  );
}
