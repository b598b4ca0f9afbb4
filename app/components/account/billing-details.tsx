import { Form, Link, useNavigation } from "react-router";
import { ChoiceField } from "~/components/forms/choice-field";
import { FormAlert, TextAreaField, TextField } from "~/components/forms/form-controls";
import { SaveOrCancel } from "~/components/forms/save-or-cancel";
import type { FieldConstraints } from "~/lib/form-constraints";

export interface BillingDetailsShown {
  name: string;
  company: string;
  address: string;
  country: string;
  /** The country's name, for the view. */
  countryName: string;
  taxId: string;
}

type BillingFields = Record<"name" | "company" | "address" | "country" | "taxId", FieldConstraints>;

/** The billing details receipts will carry, on the profile page, with a way to change them. */
export function BillingDetailsView({
  billing,
  accountName,
}: {
  billing: BillingDetailsShown;
  accountName: string;
}) {
  const rows: [string, string][] = [
    ["Name on receipts", billing.name || `${accountName} (your account's name)`],
    ["Company", billing.company || "Not given"],
    ["Billing address", billing.address || "Not given"],
    ["Country", billing.countryName || "Not given"],
    ["Tax ID", billing.taxId || "Not given"],
  ];
  return (
    <section aria-labelledby="billing-heading" className="mt-10">
      <h2 id="billing-heading" className="font-semibold text-ink text-xl">
        Billing details
      </h2>
      <p className="mt-1 text-muted text-sm">
        What your receipts and credit notes carry. A change reaches receipts issued after it; those already
        issued stay as they are.
      </p>
      <dl className="mt-4 divide-y divide-gray-200 rounded-2xl border border-gray-200 bg-white">
        {rows.map(([label, value]) => (
          <div key={label} className="grid gap-1 px-5 py-4 sm:grid-cols-3 sm:gap-4">
            <dt className="font-medium text-muted text-sm">{label}</dt>
            <dd className="wrap-anywhere whitespace-pre-line text-ink sm:col-span-2">{value}</dd>
          </div>
        ))}
      </dl>
      <Link
        to="/my-profile?billing"
        className="mt-4 inline-flex rounded-full border border-gray-300 px-6 py-3 font-semibold text-ink hover:border-brand-700"
      >
        Edit billing details
      </Link>
    </section>
  );
}

/** The billing details form; every field may stay empty. */
export function BillingDetailsForm({
  billing,
  fields,
  countries,
  failure,
}: {
  billing: BillingDetailsShown;
  fields: BillingFields;
  countries: readonly { value: string; label: string }[];
  failure?: { error: string; fieldErrors: Record<string, string>; values: Record<string, string> };
}) {
  const busy = useNavigation().state === "submitting";
  const values = failure?.values;
  const errors = failure?.fieldErrors ?? {};
  return (
    <Form method="post" className="mt-8 space-y-5" aria-labelledby="billing-form-heading">
      <h2 id="billing-form-heading" className="font-semibold text-ink text-xl">
        Billing details
      </h2>
      <p className="text-muted text-sm">
        Your receipts will carry these. All are optional: without a name, receipts use your account's.
      </p>
      <FormAlert message={failure?.error} />
      <input type="hidden" name="intent" value="billing" />
      <TextField
        label="Name on receipts"
        {...fields.name}
        autoComplete="name"
        defaultValue={values?.name ?? billing.name}
        error={errors.name}
      />
      <TextField
        label="Company"
        {...fields.company}
        autoComplete="organization"
        defaultValue={values?.company ?? billing.company}
        error={errors.company}
      />
      <TextAreaField
        label="Billing address"
        {...fields.address}
        rows={3}
        autoComplete="street-address"
        defaultValue={values?.address ?? billing.address}
        error={errors.address}
      />
      <ChoiceField
        label="Country"
        name="country"
        choices={countries}
        empty="Not given"
        defaultValue={values?.country ?? billing.country}
        error={errors.country}
      />
      <TextField
        label="Tax ID"
        {...fields.taxId}
        hint="Your VAT or tax number, e.g. DE123456789. EU, UK, Swiss and Norwegian VAT numbers are checked against their country."
        defaultValue={values?.taxId ?? billing.taxId}
        error={errors.taxId}
      />
      <SaveOrCancel busy={busy} label="Save billing details" cancelTo="/my-profile" />
    </Form>
  );
}
