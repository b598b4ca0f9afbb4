import { Form, href, useNavigation } from "react-router";
import { ChoiceField } from "~/components/forms/choice-field";
import { FormAlert, PrimaryButton, TextAreaField } from "~/components/forms/form-controls";
import { AdminShell } from "~/components/staff/admin-shell";
import { BackLink } from "~/components/staff/back-link";
import { Badge } from "~/components/staff/badge";
import { Panel } from "~/components/staff/panel";
import { sentBack } from "~/components/staff/refused-form";
import { InquiryStatusBadge, inquiryStatusLabels } from "~/components/staff/status-badges";
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
      actions={<BackLink to="/admin/inquiries">All inquiries</BackLink>}
    >
      {unknownIntent ? (
        <div className="mb-6">
          <FormAlert message={actionData?.error} />
        </div>
      ) : null}
      <div className="grid gap-6 xl:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="space-y-6">
          <Panel id="details-heading" title="Details" aside={<InquiryStatusBadge status={inquiry.status} />}>
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
          </Panel>

          <Panel id="history-heading" title="Notes and replies">
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
          </Panel>
        </div>

        <div className="space-y-6">
          <Panel id="status-heading" title="Status">
            <Form method="post" className="mt-3 space-y-3" key={`status-${inquiry.version}`}>
              <input type="hidden" name="intent" value="status" />
              <input type="hidden" name="version" value={inquiry.version} />
              <FormAlert message={failureOf("status")?.error} />
              <ChoiceField
                label="Where we are with it"
                name="status"
                choices={(["new", "contacted", "closed"] as const).map((value) => ({
                  value,
                  label: inquiryStatusLabels[value],
                }))}
                defaultValue={inquiry.status}
                error={failureOf("status")?.fieldErrors.status}
              />
              <PrimaryButton disabled={busy} className="px-5 py-2">
                Save status
              </PrimaryButton>
            </Form>
          </Panel>

          <Panel id="reply-heading" title="Reply by e-mail">
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
                {...sentBack(failureOf("reply"), "body")}
              />
              <PrimaryButton disabled={busy} className="px-5 py-2">
                Send reply
              </PrimaryButton>
            </Form>
          </Panel>

          <Panel id="note-heading" title="Internal note">
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
                {...sentBack(failureOf("note"), "note")}
              />
              <PrimaryButton disabled={busy} className="px-5 py-2">
                Add note
              </PrimaryButton>
            </Form>
          </Panel>
        </div>
      </div>
    </AdminShell>
  );
}
