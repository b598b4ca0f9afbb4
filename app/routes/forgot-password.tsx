import { Form, Link, useNavigation } from "react-router";
import { FormAlert, PrimaryButton, TextField } from "~/components/forms/form-controls";
import { RESET_REQUESTED_MESSAGE, requestPasswordReset } from "~/features/accounts/password-reset.server";
import { passwordResetRequestSchema } from "~/features/accounts/schemas";
import { readForm } from "~/infra/form-body.server";
import { formFailure, textValues } from "~/infra/form-failure.server";
import { formConstraints } from "~/lib/form-constraints";
import { HoneypotField, rejectFilledHoneypot } from "~/lib/honeypot";
import { privatePageHeaders } from "~/lib/page-headers";
import { originFrom, pageMeta } from "~/lib/seo";
import type { Route } from "./+types/forgot-password";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "Forgot password",
    description: "Get a link to choose a new password.",
    path: "/forgot-password",
    origin: originFrom(matches),
    noindex: true,
  });

export function loader() {
  return { fields: formConstraints(passwordResetRequestSchema) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const values = textValues(form);
  try {
    rejectFilledHoneypot(form);
    await requestPasswordReset(
      context.db,
      { email: values.email },
      {
        clientAddress: context.clientAddress,
        perAddressPerMinute: context.env.RATE_LIMIT_FORMS_PER_MINUTE,
        publicUrl: context.env.publicUrl,
      },
    );
    return { sent: true as const, message: RESET_REQUESTED_MESSAGE };
  } catch (error) {
    return formFailure(error, values);
  }
}

export const headers: Route.HeadersFunction = privatePageHeaders;

/** The button's words while the request is on its way (the static page's behaviour shows them too). */
const SENDING_LABEL = "Sending...";

export default function ForgotPassword({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  const failure = actionData && "error" in actionData ? actionData : undefined;
  return (
    <section className="mx-auto max-w-md px-4 py-14 sm:py-20">
      <div className="rounded-2xl border border-gray-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="font-bold text-3xl text-ink tracking-tight">Forgot password?</h1>
        {actionData && "sent" in actionData ? (
          <p role="status" className="mt-4 rounded-lg bg-brand-50 px-4 py-3 text-brand-900">
            {actionData.message}
          </p>
        ) : (
          <>
            <p className="mt-2 text-muted">
              Enter the e-mail address of your account and we will send you a link to choose a new password.
            </p>
            <Form method="post" className="relative mt-6 space-y-5" data-form-submission={SENDING_LABEL}>
              <HoneypotField />
              <FormAlert message={failure?.error} />
              <TextField
                label="Email"
                {...loaderData.fields.email}
                autoComplete="email"
                defaultValue={failure?.values.email}
                error={failure?.fieldErrors.email}
              />
              <PrimaryButton className="w-full" disabled={busy}>
                {busy ? SENDING_LABEL : "Send reset link"}
              </PrimaryButton>
            </Form>
          </>
        )}
        <p className="mt-6 text-sm">
          <Link to="/login" className="font-medium text-brand-700 underline-offset-4 hover:underline">
            Back to login
          </Link>
        </p>
      </div>
    </section>
  );
}
