import { Form, Link, useNavigation } from "react-router";
import { FormAlert, PrimaryButton, TextField } from "~/components/forms/form-controls";
import { findPasswordLink, resetPasswordFromForm } from "~/features/accounts/password-reset.server";
import { passwordResetSchema } from "~/features/accounts/schemas";
import { redirectWithToast } from "~/infra/flash.server";
import { readForm } from "~/infra/form-body.server";
import { formFailure } from "~/infra/form-failure.server";
import { formConstraints } from "~/lib/form-constraints";
import { HoneypotField, rejectFilledHoneypot } from "~/lib/honeypot";
import { privatePageHeaders } from "~/lib/page-headers";
import { originFrom, pageMeta } from "~/lib/seo";
import type { Route } from "./+types/reset-password";

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  pageMeta({
    title: loaderData?.invite ? "Set your password" : "Choose a new password",
    description: "Choose a new password for your account.",
    path: "/reset-password",
    origin: originFrom(matches),
    noindex: true,
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const link = await findPasswordLink(context.db, token, context.clock());
  // An invited person sets their first password with the same kind of link; the page says so.
  return {
    token,
    usable: link?.usable ?? false,
    invite: link?.purpose === "invite",
    fields: formConstraints(passwordResetSchema),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  try {
    rejectFilledHoneypot(form);
    const { purpose } = await resetPasswordFromForm(
      context.db,
      { token: form.get("token"), password: form.get("password") },
      {
        clientAddress: context.clientAddress,
        perAddressPerMinute: context.env.RATE_LIMIT_FORMS_PER_MINUTE,
        now: context.clock(),
      },
    );
    const message =
      purpose === "invite"
        ? "Your password has been set. Please log in."
        : "Your password has been changed. Please log in.";
    return redirectWithToast("/login", { kind: "success", message }, context);
  } catch (error) {
    return formFailure(error, {});
  }
}

export const headers: Route.HeadersFunction = privatePageHeaders;

/** The button's words while the password is on its way (the static page's behaviour shows them too). */
const SAVING_LABEL = "Saving...";

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  const { invite } = loaderData;
  return (
    <section className="mx-auto max-w-md px-4 py-14 sm:py-20">
      <div className="rounded-2xl border border-gray-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="font-bold text-3xl text-ink tracking-tight">
          {invite ? "Set your password" : "Choose a new password"}
        </h1>
        {loaderData.usable ? (
          <Form method="post" className="relative mt-6 space-y-5" data-form-submission={SAVING_LABEL}>
            <HoneypotField />
            <input type="hidden" name="token" value={loaderData.token} />
            <FormAlert message={actionData?.fieldErrors.password ? undefined : actionData?.error} />
            {invite ? (
              <p className="text-muted">
                Welcome! Choose the password you will use to sign in to your new account.
              </p>
            ) : null}
            <TextField
              label={invite ? "Password" : "New password"}
              {...loaderData.fields.password}
              type="password"
              autoComplete="new-password"
              hint={`At least ${loaderData.fields.password.minLength} characters. Avoid common passwords.`}
              error={actionData?.fieldErrors.password}
            />
            <PrimaryButton className="w-full" disabled={busy}>
              {busy ? SAVING_LABEL : invite ? "Save password" : "Save new password"}
            </PrimaryButton>
          </Form>
        ) : invite ? (
          <p role="alert" className="mt-4 text-muted">
            This invitation link is not valid or has expired. Please ask the agency's staff to invite you
            again.
          </p>
        ) : (
          <p role="alert" className="mt-4 text-muted">
            This reset link is not valid or has expired. Links work once, for one hour.{" "}
            <Link
              to="/forgot-password"
              className="font-medium text-brand-700 underline-offset-4 hover:underline"
            >
              Ask for a new link
            </Link>
            .
          </p>
        )}
      </div>
    </section>
  );
}
