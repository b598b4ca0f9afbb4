import { Form, href, Link, useNavigation } from "react-router";
import { ChoiceField } from "~/components/forms/choice-field";
import { FormAlert, PrimaryButton, TextAreaField } from "~/components/forms/form-controls";
import { AdminShell } from "~/components/staff/admin-shell";
import { Badge } from "~/components/staff/badge";
import { describePlan, findPlan } from "~/content/plans";
import { describePreferredCallTime } from "~/features/contact/contact.server";
import {
  getInquiry,
  inquiryReplySchema,
  inquiryUpdateSchema,
  replyToInquiry,
  updateInquiry,
} from "~/features/contact/inquiry-inbox.server";
import { countryName } from "~/features/contact/phone-countries.server";
import { requireRole } from "~/infra/auth-guard.server";
import { redirectWithToast } from "~/infra/flash.server";
import { readForm } from "~/infra/form-body.server";
import { formFailure, textValues } from "~/infra/form-failure.server";
import { asErrorPage } from "~/infra/route-errors.server";
import { describeTime } from "~/lib/dates";
import { FeatureError } from "~/lib/errors";
import { formConstraints } from "~/lib/form-constraints";
import { privatePageHeaders } from "~/lib/page-headers";
import type { Route } from "./+types/inquiry";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.inquiry.name ?? "Inquiry"} · Inquiries · Staff area` },
];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  requireRole(request, context, "admin");
  const { inquiry, notes } = await getInquiry(context.db, params.inquiryId).catch(asErrorPage);
  const zone = context.env.AGENCY_TZ;
  const plan = findPlan(inquiry.plan);
  const withOther = (choice: string, other: string) =>
    choice === "Other" && other ? `Other: ${other}` : choice;
  return {
    inquiry: {
      id: inquiry.id,
      name: inquiry.name,
      email: inquiry.email,
      status: inquiry.status,
      version: inquiry.version,
      message: inquiry.message,
      received: describeTime(inquiry.createdAt, zone),
      fields: [
        ["Phone", `${inquiry.phone} (${countryName(inquiry.phoneCountry)})`],
        ["Business type", withOther(inquiry.businessType, inquiry.otherBusiness)],
        ["Required services", inquiry.requiredServices.join(", ")],
        ...(plan ? ([["Plan", describePlan(plan)]] as const) : []),
        ["Industry", withOther(inquiry.industry, inquiry.otherIndustry)],
        ["Timezone", inquiry.timezone],
        ["Preferred call time", describePreferredCallTime(inquiry) ?? "Not given"],
        ["Received", describeTime(inquiry.createdAt, zone)],
        ["Last changed", describeTime(inquiry.updatedAt, zone)],
      ] as const,
    },
    notes: notes.map((note) => ({
      id: note.id,
      kind: note.kind,
      body: note.body,
      author: note.authorName ?? note.authorEmail ?? "A former member of staff",
      at: describeTime(note.createdAt, zone),
    })),
    fields: { reply: formConstraints(inquiryReplySchema), update: formConstraints(inquiryUpdateSchema) },
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const staff = requireRole(request, context, "admin");
  const values = textValues(await readForm(request));
  const back = href("/admin/inquiries/:inquiryId", { inquiryId: params.inquiryId });
  const now = context.clock();
  try {
    if (values.intent === "status") {
      await updateInquiry(
        context.db,
        staff,
        params.inquiryId,
        { status: values.status, version: values.version },
        now,
      );
      return redirectWithToast(back, { kind: "success", message: "Status changed" }, context);
    }
    if (values.intent === "note") {
      await updateInquiry(context.db, staff, params.inquiryId, { note: values.note }, now);
      return redirectWithToast(back, { kind: "success", message: "Note added" }, context);
    }
    if (values.intent === "reply") {
      await replyToInquiry(
        context.db,
        staff,
        params.inquiryId,
        { body: values.body },
        {
          agencyEmail: context.env.AGENCY_EMAIL,
          now,
        },
      );
      return redirectWithToast(back, { kind: "success", message: "Reply queued for sending" }, context);
    }
    throw new FeatureError("invalid", "This action is not available.");
  } catch (error) {
    return formFailure(error, values);
  }
}

export const headers: Route.HeadersFunction = privatePageHeaders;

const statusLabels = { new: "New", contacted: "Contacted", closed: "Closed" } as const;
const statusTones = { new: "amber", contacted: "green", closed: "grey" } as const;
const panel = "rounded-2xl border border-gray-200 bg-white p-5 sm:p-6";

export default function InquiryPage({ loaderData, actionData }: Route.ComponentProps) {
  const { inquiry, notes, fields } = loaderData;
  const busy = useNavigation().state !== "idle";
  const failedIntent = actionData?.values.intent;
  const failureOf = (intent: string) => (failedIntent === intent ? actionData : undefined);
  const unknownIntent = actionData && !["status", "note", "reply"].includes(failedIntent ?? "");
  return (
    <AdminShell
      title={inquiry.name}
      description={`Inquiry received ${inquiry.received}`}
      actions={
        <Link
          to="/admin/inquiries"
          className="rounded-full border border-gray-300 px-5 py-2.5 font-semibold text-ink text-sm hover:border-brand-700"
        >
          All inquiries
        </Link>
      }
    >
      {unknownIntent ? (
        <div className="mb-6">
          <FormAlert message={actionData?.error} />
        </div>
      ) : null}
      <div className="grid gap-6 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="space-y-6">
          <section aria-labelledby="details-heading" className={panel}>
            <div className="flex flex-wrap items-center justify-between gap-3">
              <h2 id="details-heading" className="font-semibold text-ink text-lg">
                Details
              </h2>
              <Badge tone={statusTones[inquiry.status]}>{statusLabels[inquiry.status]}</Badge>
            </div>
            <dl className="mt-4 divide-y divide-gray-100 text-sm">
              <div className="grid gap-1 py-2 sm:grid-cols-3 sm:gap-4">
                <dt className="text-muted">Email</dt>
                <dd className="break-all sm:col-span-2">
                  <a
                    href={`mailto:${inquiry.email}`}
                    className="text-brand-800 underline-offset-4 hover:underline"
                  >
                    {inquiry.email}
                  </a>
                </dd>
              </div>
              {inquiry.fields.map(([label, value]) => (
                <div key={label} className="grid gap-1 py-2 sm:grid-cols-3 sm:gap-4">
                  <dt className="text-muted">{label}</dt>
                  <dd className="wrap-anywhere sm:col-span-2">{value}</dd>
                </div>
              ))}
            </dl>
            <h3 className="mt-4 font-medium text-ink text-sm">Message</h3>
            <p className="mt-1 whitespace-pre-wrap wrap-anywhere rounded-lg bg-surface p-3 text-ink text-sm">
              {inquiry.message || "(no message)"}
            </p>
          </section>

          <section aria-labelledby="history-heading" className={panel}>
            <h2 id="history-heading" className="font-semibold text-ink text-lg">
              Notes and replies
            </h2>
            {notes.length === 0 ? (
              <p className="mt-2 text-muted text-sm">Nothing yet.</p>
            ) : (
              <ol className="mt-4 space-y-4">
                {notes.map((note) => (
                  <li key={note.id} className="rounded-xl border border-gray-200 p-4">
                    <p className="flex flex-wrap items-center gap-2 text-muted text-xs">
                      <Badge tone={note.kind === "reply" ? "green" : "grey"}>
                        {note.kind === "reply" ? "Reply e-mailed" : "Internal note"}
                      </Badge>
                      <span>
                        {note.author} · {note.at}
                      </span>
                    </p>
                    <p className="mt-2 whitespace-pre-wrap wrap-anywhere text-ink text-sm">{note.body}</p>
                  </li>
                ))}
              </ol>
            )}
          </section>
        </div>

        <div className="space-y-6">
          <section aria-labelledby="status-heading" className={panel}>
            <h2 id="status-heading" className="font-semibold text-ink text-lg">
              Status
            </h2>
            <Form method="post" className="mt-3 space-y-3" key={`status-${inquiry.version}`}>
              <input type="hidden" name="intent" value="status" />
              <input type="hidden" name="version" value={inquiry.version} />
              <FormAlert message={failureOf("status")?.error} />
              <ChoiceField
                label="Where we are with it"
                name="status"
                choices={(["new", "contacted", "closed"] as const).map((value) => ({
                  value,
                  label: statusLabels[value],
                }))}
                defaultValue={inquiry.status}
                error={failureOf("status")?.fieldErrors.status}
              />
              <PrimaryButton disabled={busy} className="px-5 py-2">
                Save status
              </PrimaryButton>
            </Form>
          </section>

          <section aria-labelledby="reply-heading" className={panel}>
            <h2 id="reply-heading" className="font-semibold text-ink text-lg">
              Reply by e-mail
            </h2>
            <p className="mt-1 text-muted text-sm">
              Sent to <span className="break-all">{inquiry.email}</span> through the outbox; their answer
              comes back to the agency's mailbox. A new inquiry becomes contacted.
            </p>
            <Form method="post" className="mt-3 space-y-3" key={`reply-${notes.length}`}>
              <input type="hidden" name="intent" value="reply" />
              <FormAlert message={failureOf("reply")?.error} />
              <TextAreaField
                label="Your reply"
                {...fields.reply.body}
                rows={6}
                defaultValue={failureOf("reply")?.values.body}
                error={failureOf("reply")?.fieldErrors.body}
              />
              <PrimaryButton disabled={busy} className="px-5 py-2">
                Send reply
              </PrimaryButton>
            </Form>
          </section>

          <section aria-labelledby="note-heading" className={panel}>
            <h2 id="note-heading" className="font-semibold text-ink text-lg">
              Internal note
            </h2>
            <p className="mt-1 text-muted text-sm">Only staff see notes.</p>
            <Form method="post" className="mt-3 space-y-3" key={`note-${notes.length}`}>
              <input type="hidden" name="intent" value="note" />
              <FormAlert message={failureOf("note")?.error} />
              <TextAreaField
                label="Note"
                {...fields.update.note}
                // Optional in the schema only because a status change goes without one: the note
                // form sends the field, and the schema refuses it empty.
                required
                rows={3}
                defaultValue={failureOf("note")?.values.note}
                error={failureOf("note")?.fieldErrors.note}
              />
              <PrimaryButton disabled={busy} className="px-5 py-2">
                Add note
              </PrimaryButton>
            </Form>
          </section>
        </div>
      </div>
    </AdminShell>
  );
}
