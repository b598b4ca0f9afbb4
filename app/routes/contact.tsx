import { lazy, Suspense, useEffect, useMemo, useRef } from "react";
import { data, Form, useNavigation } from "react-router";
import { CountryPicker } from "~/components/account/country-picker";
import { ChoiceField } from "~/components/forms/choice-field";
import {
  CheckboxGroup,
  FormAlert,
  PrimaryButton,
  SelectField,
  TextAreaField,
  TextField,
} from "~/components/forms/form-controls";
import { CalendarClockIcon, MailIcon, PhoneIcon, PinIcon } from "~/components/site/contact-icons";
import type { IconProps } from "~/components/site/icons";
import { businessTypes, industries, inquiryServices, timeZones } from "~/content/lists";
import { describePlan, findPlan, plans } from "~/content/plans";
import { site } from "~/content/site";
import {
  inquiryContextFrom,
  inquiryFieldConstraints,
  submitInquiry,
} from "~/features/contact/contact.server";
import {
  DEFAULT_PHONE_COUNTRY,
  inquiryMessages,
  unpackPhoneCountries,
} from "~/features/contact/inquiry-fields";
import { packedPhoneCountries } from "~/features/contact/phone-countries.server";
import { redirectWithToast } from "~/infra/flash.server";
import { readForm } from "~/infra/form-body.server";
import { type FormFailure, formFailure, textValues } from "~/infra/form-failure.server";
import { contactFrom } from "~/lib/agency-contact";
import { showToast } from "~/lib/behaviours/toast";
import { FeatureError } from "~/lib/errors";
import { HoneypotField } from "~/lib/honeypot";
import { privatePageHeaders } from "~/lib/page-headers";
import { organizationJsonLd, originFrom, pageMeta } from "~/lib/seo";
import { useHydrated } from "~/lib/use-hydrated";
import type { Route } from "./+types/contact";

export const meta: Route.MetaFunction = ({ matches }) => {
  const origin = originFrom(matches);
  return pageMeta({
    title: "Contact Us",
    description: `Request a free consultation with ${site.name}: tell us about your business and the help you need, and we will match you with the right virtual assistant.`,
    path: "/contact",
    origin,
    jsonLd: organizationJsonLd(origin, contactFrom(matches)),
  });
};

export function loader({ request, context }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams;
  return {
    // The agency's details are settings (AGENCY_EMAIL, AGENCY_PHONE, AGENCY_ADDRESS).
    contact: context.env.contact,
    // Built here so the phone-number metadata stays on the server.
    countries: packedPhoneCountries(),
    sent: query.get("sent") === "1",
    // "Choose <Plan>" on /pricing links here with ?plan=<slug>; an unknown slug preselects nothing.
    plan: findPlan(query.get("plan"))?.slug ?? "",
    // The Plan field's choices ("Not sure yet" is the empty first one), built here so the plans'
    // text is not in the page's JavaScript as well.
    planChoices: plans.map((plan) => ({ value: plan.slug, label: describePlan(plan) })),
    // The lists the form offers, likewise sent with the page's data rather than in its JavaScript.
    lists: { businessTypes, industries, inquiryServices, timeZones },
    earliestCallTime: `${new Date().toISOString().slice(0, 10)}T00:00`,
    fields: inquiryFieldConstraints(),
  };
}

/** The submit button's words while the inquiry is on its way. */
const SUBMITTING_LABEL = "Submitting...";

/** Ticked services travel back to the form in one value (no service name holds a line break). */
const SERVICE_SEPARATOR = "\n";

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const services = form.getAll("requiredServices").filter((value) => typeof value === "string");
  const fields = { ...textValues(form), requiredServices: services };
  const typed = { ...textValues(form), requiredServices: services.join(SERVICE_SEPARATOR) };
  try {
    await submitInquiry(context.db, fields, inquiryContextFrom(context));
  } catch (error) {
    if (error instanceof FeatureError) return formFailure(error, typed);
    // Keep what the visitor wrote on the page rather than losing it to the error page.
    context.logger.error({ msg: "contact inquiry failed", requestId: context.requestId, err: error });
    return data<FormFailure>(
      { error: inquiryMessages.failed, fieldErrors: {}, values: typed },
      { status: 500 },
    );
  }
  return redirectWithToast("/contact?sent=1", { kind: "success", message: inquiryMessages.sent }, context);
}

// Its own chunk: only a visitor who has just sent an inquiry needs it.
const InquirySentNotice = lazy(() => import("~/components/forms/inquiry-sent-notice"));

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const { contact, countries, sent, earliestCallTime, fields, plan, planChoices, lists } = loaderData;
  return (
    <>
      <section className="bg-brand-50">
        <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
          <p className="font-semibold text-brand-700 text-sm uppercase tracking-widest">Contact Us</p>
          <h1 className="mt-3 max-w-3xl text-balance font-bold text-4xl text-ink tracking-tight sm:text-5xl">
            Request a Free Consultation
          </h1>
          <p className="mt-4 max-w-2xl text-lg text-muted">
            Tell us about your business and where you need a hand. We will match you with a virtual assistant
            from our talent pool who fits your work.
          </p>
          {/*
           * A column on phones: in a wrapping row, the address (the longest) was drawn beside the
           * phone while its text was still arriving, then moved down a line (a layout shift).
           */}
          <ul
            aria-label="Our contact details"
            className="mt-8 flex flex-col gap-4 sm:flex-row sm:flex-wrap sm:gap-x-8"
          >
            <ContactLink
              icon={MailIcon}
              label="Email"
              href={`mailto:${contact.email}`}
              text={contact.email}
            />
            <ContactLink icon={PhoneIcon} label="Phone" href={contact.phoneHref} text={contact.phone} />
            {contact.address ? <ContactLink icon={PinIcon} label="Address" text={contact.address} /> : null}
          </ul>
        </div>
      </section>

      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 sm:py-16 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)] lg:gap-14 lg:px-8">
        <div className="rounded-2xl border border-gray-200 bg-white p-5 shadow-sm sm:p-8">
          {sent ? (
            <Suspense fallback={null}>
              <InquirySentNotice />
            </Suspense>
          ) : (
            <InquiryForm
              countries={countries}
              earliestCallTime={earliestCallTime}
              fields={fields}
              plan={plan}
              planChoices={planChoices}
              lists={lists}
              failure={actionData}
            />
          )}
        </div>
        <NextSteps />
      </div>
    </>
  );
}

function ContactLink({
  icon: Icon,
  label,
  href,
  text,
}: {
  icon: (props: IconProps) => React.ReactNode;
  label: string;
  /** None for a detail that is no link (the postal address). */
  href?: string;
  text: string;
}) {
  return (
    <li className="flex items-center gap-3">
      <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-white text-brand-700 shadow-sm">
        <Icon className="size-5" />
      </span>
      <span>
        <span className="block text-muted text-sm">{label}</span>
        {href ? (
          <a
            href={href}
            className="block break-all font-semibold text-brand-800 underline-offset-4 hover:underline"
          >
            {text}
          </a>
        ) : (
          <span className="block font-semibold text-ink">{text}</span>
        )}
      </span>
    </li>
  );
}

function NextSteps() {
  return (
    <aside aria-labelledby="next-steps-heading" className="lg:pt-8">
      <h2 id="next-steps-heading" className="font-semibold text-ink text-xl">
        What happens next
      </h2>
      <ol className="mt-4 space-y-4 text-muted">
        {[
          "We read your request and reply within one business day.",
          "We hold a free consultation call at a time that suits you.",
          "You choose a plan and we match you with your virtual assistant.",
        ].map((step, index) => (
          <li key={step} className="flex gap-3">
            <span
              aria-hidden="true"
              className="flex size-6 shrink-0 items-center justify-center rounded-full bg-brand-700 font-semibold text-white text-xs"
            >
              {index + 1}
            </span>
            {step}
          </li>
        ))}
      </ol>
      <p className="mt-8 flex items-center gap-3 rounded-xl bg-surface px-4 py-3 text-muted text-sm">
        <CalendarClockIcon className="size-5 shrink-0 text-brand-700" />
        We work Monday to Friday.
      </p>
    </aside>
  );
}

function InquiryForm({
  countries,
  earliestCallTime,
  fields,
  plan,
  planChoices,
  lists,
  failure,
}: {
  /** Packed by packPhoneCountries. */
  countries: string;
  earliestCallTime: string;
  fields: Route.ComponentProps["loaderData"]["fields"];
  /** The plan slug from the link that opened the form, or "". */
  plan: string;
  planChoices: Route.ComponentProps["loaderData"]["planChoices"];
  lists: Route.ComponentProps["loaderData"]["lists"];
  failure: FormFailure | undefined;
}) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const countryOptions = useMemo(() => unpackPhoneCountries(countries), [countries]);
  // The form names its action, so a ?plan= in the address never changes where (or whether) it posts.
  const submitting = navigation.state !== "idle" && navigation.formAction === "/contact";
  const formRef = useRef<HTMLFormElement>(null);
  const values = failure?.values ?? {};
  const errors = failure?.fieldErrors ?? {};
  const invalid = Object.keys(errors).length > 0;

  useEffect(() => {
    if (!failure) return;
    const hasFieldErrors = Object.keys(failure.fieldErrors).length > 0;
    showToast({
      kind: "error",
      message: hasFieldErrors ? inquiryMessages.fixTheForm : inquiryMessages.failed,
    });
    if (hasFieldErrors) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [failure]);

  // With JavaScript the toast says it; without, the page does.
  const alert = invalid ? (hydrated ? undefined : inquiryMessages.fixTheForm) : failure?.error;

  return (
    <Form
      ref={formRef}
      method="post"
      action="/contact"
      noValidate
      className="relative space-y-6"
      // Sent to anonymous visitors as a static page, the form is posted by the browser and a
      // behaviour shows its progress (app/lib/behaviours/form-submission.ts).
      data-form-submission={SUBMITTING_LABEL}
    >
      <div>
        <h2 className="font-semibold text-2xl text-ink">Tell us about your business</h2>
        <p className="mt-1 text-muted text-sm">All fields are required unless marked optional.</p>
      </div>
      <HoneypotField />
      <FormAlert message={alert} />

      <div className="grid gap-6 sm:grid-cols-2">
        <TextField
          label="Name"
          {...fields.name}
          autoComplete="name"
          defaultValue={values.name}
          error={errors.name}
        />
        <TextField
          label="Email"
          {...fields.email}
          autoComplete="email"
          defaultValue={values.email}
          error={errors.email}
        />
        <CountryPicker
          label="Country"
          name={fields.phoneCountry.name}
          countries={countryOptions}
          defaultValue={values.phoneCountry || DEFAULT_PHONE_COUNTRY}
          error={errors.phoneCountry}
        />
        <TextField
          label="Phone Number"
          {...fields.phone}
          autoComplete="tel-national"
          defaultValue={values.phone}
          error={errors.phone}
        />
        <div className="group/business">
          <SelectField
            label="Business Type"
            {...fields.businessType}
            options={lists.businessTypes}
            placeholder="Select your business type"
            defaultValue={values.businessType ?? ""}
            error={errors.businessType}
          />
          <TextField
            label="Other business type"
            {...fields.otherBusiness}
            defaultValue={values.otherBusiness}
            error={errors.otherBusiness}
            className="mt-4 hidden group-has-[option[value=Other]:checked]/business:block"
          />
        </div>
        <div className="group/industry">
          <SelectField
            label="Industry"
            {...fields.industry}
            options={lists.industries}
            placeholder="Select your industry"
            defaultValue={values.industry ?? ""}
            error={errors.industry}
          />
          <TextField
            label="Other industry"
            {...fields.otherIndustry}
            defaultValue={values.otherIndustry}
            error={errors.otherIndustry}
            className="mt-4 hidden group-has-[option[value=Other]:checked]/industry:block"
          />
        </div>
      </div>

      <CheckboxGroup
        legend="Required Services"
        hint="Choose one or more."
        name={fields.requiredServices.name}
        options={lists.inquiryServices}
        defaultValues={values.requiredServices?.split(SERVICE_SEPARATOR) ?? []}
        error={errors.requiredServices}
      />

      <ChoiceField
        label="Plan (optional)"
        name={fields.plan.name}
        choices={planChoices}
        empty="Not sure yet"
        hint="The monthly plan you are thinking of. We talk it through on the free call."
        defaultValue={values.plan ?? plan}
        error={errors.plan}
      />

      <div className="grid gap-6 sm:grid-cols-2">
        <SelectField
          label="Timezone"
          {...fields.timezone}
          options={lists.timeZones}
          placeholder="Select your time zone"
          hint="The time zone you work in."
          defaultValue={values.timezone ?? ""}
          error={errors.timezone}
        />
        <TextField
          label="Preferred Call Time (optional)"
          {...fields.preferredCallTime}
          min={earliestCallTime}
          hint="Your own time. We confirm by e-mail."
          defaultValue={values.preferredCallTime}
          error={errors.preferredCallTime}
        />
      </div>

      <TextAreaField
        label="Message (optional)"
        {...fields.message}
        rows={5}
        defaultValue={values.message}
        error={errors.message}
      />

      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-muted text-sm">We use your details only to answer this request.</p>
        <PrimaryButton disabled={submitting} className="w-full sm:w-auto">
          {submitting ? SUBMITTING_LABEL : "Submit"}
        </PrimaryButton>
      </div>
    </Form>
  );
}

export const headers: Route.HeadersFunction = privatePageHeaders;
