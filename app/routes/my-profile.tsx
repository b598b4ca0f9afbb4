import { Form, Link, useNavigation } from "react-router";
import { Avatar } from "~/components/account/account-menu";
import { BillingDetailsForm, BillingDetailsView } from "~/components/account/billing-details";
import { KycStatusPanel } from "~/components/account/kyc-status-panel";
import { PictureChooser } from "~/components/account/picture-chooser";
import { FormAlert, SelectField, TextField } from "~/components/forms/form-controls";
import { SaveOrCancel } from "~/components/forms/save-or-cancel";
import { genders } from "~/content/lists";
import { getProfile, updateProfile } from "~/features/accounts/profile.server";
import { profileUpdateSchema } from "~/features/accounts/schemas";
import { getKycSummary } from "~/features/kyc/kyc.server";
import { PICTURE_MAX_LABEL } from "~/features/pictures/picture-limits";
import { pictureUploadFrom } from "~/features/pictures/pictures.server";
import { findBillingDetails, saveBillingDetails } from "~/features/receipts/billing.server";
import { billingCountryChoices, billingDetailsSchema, countryName } from "~/features/receipts/billing-schema";
import { requireUser } from "~/infra/auth-guard.server";
import { redirectWithToast } from "~/infra/flash.server";
import { readForm } from "~/infra/form-body.server";
import { formFailure, textValues } from "~/infra/form-failure.server";
import { formatCalendarDate, timeZoneChoices, zoneName } from "~/lib/dates";
import { formConstraints } from "~/lib/form-constraints";
import { HoneypotField, rejectFilledHoneypot } from "~/lib/honeypot";
import { privatePageHeaders } from "~/lib/page-headers";
import { originFrom, pageMeta } from "~/lib/seo";
import type { Route } from "./+types/my-profile";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({
    title: "My Profile",
    description: "Your profile.",
    path: "/my-profile",
    origin: originFrom(matches),
    noindex: true,
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  const [profile, kyc, billing] = await Promise.all([
    getProfile(context.db, user.id),
    getKycSummary(context.db, user.id),
    findBillingDetails(context.db, context.secrets.encryptionKey, user.id),
  ]);
  const search = new URL(request.url).searchParams;
  const editing = search.has("edit");
  const editingBilling = !editing && search.has("billing");
  const agencyZone = context.env.AGENCY_TZ;
  return {
    profile,
    billing: { ...billing, countryName: billing.country ? countryName(billing.country) : "" },
    editingBilling,
    // Only the billing form needs every country.
    countries: editingBilling ? billingCountryChoices() : [],
    billingFields: formConstraints(billingDetailsSchema),
    agencyZone,
    // Only the form needs every zone there is (some 400 names).
    timeZones: editing ? timeZoneChoices(profile.timeZone ?? agencyZone) : [],
    kyc: kyc
      ? { status: kyc.status, idNumberLast4: kyc.idNumberLast4, rejectionReason: kyc.rejectionReason }
      : null,
    editing,
    fields: formConstraints(profileUpdateSchema),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(request, context);
  const form = await readForm(request);
  const values = textValues(form);
  if (values.intent === "billing") {
    try {
      await saveBillingDetails(context.db, context.secrets.encryptionKey, user.id, values);
      return redirectWithToast("/my-profile", { kind: "success", message: "Billing details saved" }, context);
    } catch (error) {
      return formFailure(error, values, { timeZones: [] as string[], countries: billingCountryChoices() });
    }
  }
  try {
    rejectFilledHoneypot(form);
    await updateProfile(
      context.db,
      user.id,
      values,
      await pictureUploadFrom(form.get("image"), user.id, context.env),
    );
    return redirectWithToast("/my-profile", { kind: "success", message: "Profile updated" }, context);
  } catch (error) {
    return formFailure(error, values, {
      timeZones: timeZoneChoices(values.timeZone || context.env.AGENCY_TZ),
      countries: [] as { value: string; label: string }[],
    });
  }
}

export const headers: Route.HeadersFunction = privatePageHeaders;

export default function MyProfile({ loaderData, actionData }: Route.ComponentProps) {
  const { profile, kyc, billing } = loaderData;
  const failedForm = actionData
    ? actionData.values.intent === "billing"
      ? "billing"
      : "profile"
    : undefined;
  const editingBilling = failedForm === "billing" || (!failedForm && loaderData.editingBilling);
  const editing = failedForm === "profile" || (!failedForm && loaderData.editing);
  return (
    <section className="mx-auto max-w-2xl px-4 py-12 sm:py-16">
      <div className="flex flex-wrap items-center gap-4">
        <Avatar user={profile} className="size-20 text-2xl" />
        <div className="min-w-0">
          <h1 className="font-bold text-3xl text-ink tracking-tight">{profile.name}</h1>
          <p className="truncate text-muted">{profile.email}</p>
        </div>
      </div>
      {editing ? (
        <ProfileForm
          profile={profile}
          fields={loaderData.fields}
          timeZones={actionData?.timeZones ?? loaderData.timeZones}
          agencyZone={loaderData.agencyZone}
          failure={actionData ?? undefined}
        />
      ) : editingBilling ? (
        <BillingDetailsForm
          billing={billing}
          fields={loaderData.billingFields}
          countries={actionData?.countries.length ? actionData.countries : loaderData.countries}
          failure={actionData ?? undefined}
        />
      ) : (
        <>
          <ProfileView profile={profile} kyc={kyc} agencyZone={loaderData.agencyZone} />
          <BillingDetailsView billing={billing} accountName={profile.name} />
        </>
      )}
    </section>
  );
}

type Profile = Route.ComponentProps["loaderData"]["profile"];

function ProfileView({
  profile,
  kyc,
  agencyZone,
}: {
  profile: Profile;
  kyc: Route.ComponentProps["loaderData"]["kyc"];
  agencyZone: string;
}) {
  const rows: [string, string][] = [
    ["Email", profile.email],
    ["Phone", profile.phone || "Not given"],
    ["Address", [profile.addressLine1, profile.addressLine2].filter(Boolean).join(", ") || "Not given"],
    ["Gender", profile.gender],
    ["Date of birth", profile.dateOfBirth ? formatCalendarDate(profile.dateOfBirth) : "Not given"],
    [
      "Time zone",
      profile.timeZone
        ? zoneName(profile.timeZone)
        : `Not set: times are shown in the agency's zone, ${zoneName(agencyZone)}`,
    ],
  ];
  return (
    <>
      <dl className="mt-8 divide-y divide-gray-200 rounded-2xl border border-gray-200 bg-white">
        {rows.map(([label, value]) => (
          <div key={label} className="grid gap-1 px-5 py-4 sm:grid-cols-3 sm:gap-4">
            <dt className="font-medium text-muted text-sm">{label}</dt>
            <dd className="wrap-anywhere text-ink sm:col-span-2">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-6 flex flex-wrap items-center gap-4">
        <Link
          to="/my-profile?edit"
          className="inline-flex rounded-full bg-brand-700 px-6 py-3 font-semibold text-white hover:bg-brand-800"
        >
          Edit
        </Link>
        <Link to="/my-appointments" className="font-medium text-brand-700 underline-offset-4 hover:underline">
          My Appointments
        </Link>
      </div>
      <KycStatusPanel kyc={kyc} />
    </>
  );
}

function ProfileForm({
  profile,
  fields,
  timeZones,
  agencyZone,
  failure,
}: {
  profile: Profile;
  fields: Route.ComponentProps["loaderData"]["fields"];
  timeZones: string[];
  agencyZone: string;
  failure?: { error: string; fieldErrors: Record<string, string>; values: Record<string, string> };
}) {
  const busy = useNavigation().state === "submitting";
  const values = failure?.values;
  const errors = failure?.fieldErrors ?? {};

  return (
    <Form method="post" encType="multipart/form-data" className="relative mt-8 space-y-5">
      <HoneypotField />
      <FormAlert message={failure?.error} />
      <PictureChooser
        buttonLabel="Choose a picture"
        hint={`JPEG, PNG or WebP, up to ${PICTURE_MAX_LABEL}.`}
        error={errors.image}
        renderPicture={(chosen) =>
          chosen ? (
            <img src={chosen} alt="" width={80} height={80} className="size-20 rounded-full object-cover" />
          ) : (
            <Avatar user={profile} className="size-20 text-2xl" />
          )
        }
      />
      <TextField
        label="Name"
        {...fields.name}
        autoComplete="name"
        defaultValue={values?.name ?? profile.name}
        error={errors.name}
      />
      <TextField
        label="Email"
        name="email-shown"
        value={profile.email}
        readOnly
        disabled
        hint="Your e-mail address cannot be changed here."
      />
      <TextField
        label="Phone"
        {...fields.phone}
        autoComplete="tel"
        defaultValue={values?.phone ?? profile.phone}
        error={errors.phone}
      />
      <TextField
        label="Address line 1"
        {...fields.addressLine1}
        autoComplete="address-line1"
        defaultValue={values?.addressLine1 ?? profile.addressLine1}
        error={errors.addressLine1}
      />
      <TextField
        label="Address line 2"
        {...fields.addressLine2}
        autoComplete="address-line2"
        defaultValue={values?.addressLine2 ?? profile.addressLine2}
        error={errors.addressLine2}
      />
      <SelectField
        label="Gender"
        {...fields.gender}
        options={genders}
        defaultValue={values?.gender ?? profile.gender}
        error={errors.gender}
      />
      <SelectField
        label="Time zone"
        name="timeZone"
        options={timeZones}
        defaultValue={values?.timeZone ?? profile.timeZone ?? agencyZone}
        hint="Your appointments and e-mails show times in this zone."
        error={errors.timeZone}
      />
      <TextField
        label="Date of birth"
        {...fields.dateOfBirth}
        autoComplete="bday"
        defaultValue={values?.dateOfBirth ?? profile.dateOfBirth}
        error={errors.dateOfBirth}
      />
      <SaveOrCancel busy={busy} label="Save information" cancelTo="/my-profile" />
    </Form>
  );
}
