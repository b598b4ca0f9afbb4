import { Form, Link, redirect, useNavigation } from "react-router";
import { BrowserTimeZoneField } from "~/components/account/browser-time-zone-field";
import { FormAlert, PrimaryButton, TextField } from "~/components/forms/form-controls";
import { signUpRoles } from "~/content/sign-up-roles";
import { authRequestFrom, logIn, registerUser } from "~/features/accounts/accounts.server";
import { loginSchema, registrationSchema } from "~/features/accounts/schemas";
import { safeRedirectPath } from "~/infra/auth-guard.server";
import { redirectWithToast } from "~/infra/flash.server";
import { readForm } from "~/infra/form-body.server";
import { formFailure, textValues } from "~/infra/form-failure.server";
import { formConstraints } from "~/lib/form-constraints";
import { HoneypotField, rejectFilledHoneypot } from "~/lib/honeypot";
import { privatePageHeaders } from "~/lib/page-headers";
import { originFrom, pageMeta } from "~/lib/seo";
import type { Route } from "./+types/login";

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta({
    title: new URLSearchParams(location.search).get("mode") === "signup" ? "Create Account" : "Login",
    description: "Log in or create an account to book consultants and manage your appointments.",
    path: "/login",
    origin: originFrom(matches),
    noindex: true,
  });

export function loader({ request, context }: Route.LoaderArgs) {
  if (context.user) throw redirect("/");
  const url = new URL(request.url);
  return {
    mode: url.searchParams.get("mode") === "signup" ? ("signup" as const) : ("login" as const),
    redirectTo: safeRedirectPath(url.searchParams.get("redirectTo"), ""),
    fields: { login: formConstraints(loginSchema), signup: formConstraints(registrationSchema) },
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const values = textValues(form, ["password"]);
  const signingUp = form.get("mode") === "signup";
  const auth = authRequestFrom(context);
  try {
    rejectFilledHoneypot(form);
    const input = textValues(form);
    const signedIn = signingUp
      ? await registerUser(context.db, input, auth)
      : await logIn(context.db, input, auth);
    const headers = new Headers();
    headers.append("Set-Cookie", await context.cookies.session.serialize(signedIn.token));
    return redirectWithToast(
      signingUp ? onboardingPath(form.get("redirectTo")) : safeRedirectPath(form.get("redirectTo")),
      { kind: "success", message: signingUp ? "Account created successfully" : "Logged in successfully" },
      context,
      headers,
    );
  } catch (error) {
    return formFailure(error, values);
  }
}

/** New accounts go through onboarding first, then on to where they were heading. */
function onboardingPath(redirectTo: FormDataEntryValue | null): string {
  const next = safeRedirectPath(redirectTo, "");
  return next ? `/onboarding?redirectTo=${encodeURIComponent(next)}` : "/onboarding";
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const { mode, redirectTo } = loaderData;
  const signingUp = mode === "signup";
  const fields = signingUp ? loaderData.fields.signup : loaderData.fields.login;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formAction?.startsWith("/login");
  const pendingLabel = signingUp ? "Creating account..." : "Logging in...";
  const values = actionData?.values ?? {};
  const errors = actionData?.fieldErrors ?? {};
  const toggleSearch = new URLSearchParams({
    ...(signingUp ? {} : { mode: "signup" }),
    ...(redirectTo ? { redirectTo } : {}),
  });

  return (
    <section className="mx-auto flex max-w-md flex-col px-4 py-14 sm:py-20">
      <div className="rounded-2xl border border-gray-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="font-bold text-3xl text-ink tracking-tight">
          {signingUp ? "Create Account" : "Login"}
        </h1>
        <p className="mt-2 text-muted">
          {signingUp
            ? "Sign up to book consultants and follow your appointments."
            : "Log in to book and manage your appointments."}
        </p>
        <Form
          method="post"
          className="relative mt-6 space-y-5"
          key={mode}
          // Anonymous visitors get this page static: the browser posts the form and a behaviour
          // shows its progress (app/lib/behaviours/form-submission.ts).
          data-form-submission={pendingLabel}
        >
          <input type="hidden" name="mode" value={mode} />
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <BrowserTimeZoneField />
          <HoneypotField />
          <FormAlert message={actionData?.error} />
          {signingUp ? (
            <TextField
              label="Full Name"
              {...loaderData.fields.signup.name}
              autoComplete="name"
              defaultValue={values.name}
              error={errors.name}
            />
          ) : null}
          <TextField
            label="Email"
            {...fields.email}
            autoComplete="email"
            defaultValue={values.email}
            error={errors.email}
          />
          <TextField
            label="Password"
            {...fields.password}
            type="password"
            autoComplete={signingUp ? "new-password" : "current-password"}
            hint={
              signingUp
                ? `At least ${fields.password.minLength} characters. Avoid common passwords.`
                : undefined
            }
            error={errors.password}
          />
          {signingUp ? (
            <fieldset>
              <legend className="font-medium text-ink text-sm">I am joining as</legend>
              <div className="mt-2 grid gap-3 sm:grid-cols-2">
                {signUpRoles.map((role) => (
                  <label
                    key={role.value}
                    className="flex cursor-pointer items-start gap-2 rounded-lg border border-gray-300 px-3 py-2.5 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
                  >
                    <input
                      type="radio"
                      name="role"
                      value={role.value}
                      defaultChecked={(values.role ?? "investor") === role.value}
                      className="mt-1 accent-brand-700"
                    />
                    <span>
                      <span className="block font-medium text-ink">{role.label}</span>
                      <span className="block text-muted text-sm">{role.description}</span>
                    </span>
                  </label>
                ))}
              </div>
              <p className="mt-2 text-muted text-xs">
                Either way you can book consultants and request a free consultation.
              </p>
            </fieldset>
          ) : null}
          <PrimaryButton className="w-full" disabled={busy}>
            {busy ? pendingLabel : signingUp ? "Create Account" : "Login"}
          </PrimaryButton>
        </Form>
        {signingUp ? null : (
          <p className="mt-4 text-sm">
            <Link
              to="/forgot-password"
              className="font-medium text-brand-700 underline-offset-4 hover:underline"
            >
              Forgot password?
            </Link>
          </p>
        )}
        <p className="mt-6 text-muted text-sm">
          {signingUp ? "Already have an account? " : "New here? "}
          <Link
            to={`/login?${toggleSearch}`}
            className="font-medium text-brand-700 underline-offset-4 hover:underline"
          >
            {signingUp ? "Login here" : "Create an account"}
          </Link>
        </p>
      </div>
    </section>
  );
}

export const headers: Route.HeadersFunction = privatePageHeaders;
