import { Form, useNavigation, useSearchParams } from "react-router";
import { FormAlert, PrimaryButton, TextAreaField } from "~/components/forms/form-controls";
import { PageLinks } from "~/components/site/page-links";
import { AdminShell } from "~/components/staff/admin-shell";
import { Badge } from "~/components/staff/badge";
import { DangerAnswers, DangerLink } from "~/components/staff/danger-actions";
import { EmptyList } from "~/components/staff/empty-list";
import { type Failure, sentBack } from "~/components/staff/refused-form";
import { StatusTabs } from "~/components/staff/status-tabs";
import {
  decideKyc,
  kycDecisionSchema,
  kycStatusFrom,
  listKycSubmissions,
} from "~/features/kyc/kyc-review.server";
import { requireRole } from "~/infra/auth-guard.server";
import { redirectWithToast } from "~/infra/flash.server";
import { readForm } from "~/infra/form-body.server";
import { formFailure, textValues } from "~/infra/form-failure.server";
import { describeTime } from "~/lib/dates";
import { type FieldConstraints, formConstraints } from "~/lib/form-constraints";
import { privatePageHeaders } from "~/lib/page-headers";
import { pageNumberFrom } from "~/lib/page-number";
import type { Route } from "./+types/kyc";

export const meta: Route.MetaFunction = () => [{ title: "KYC review · Staff area" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  requireRole(request, context, "admin");
  const url = new URL(request.url);
  const status = kycStatusFrom(url.searchParams.get("status"));
  const page = pageNumberFrom(url.searchParams.get("page"));
  const { submissions, hasMore, counts } = await listKycSubmissions(context.db, status, page);
  const zone = context.env.AGENCY_TZ;
  return {
    status,
    page,
    hasMore,
    counts,
    rejecting: url.searchParams.get("reject"),
    fields: formConstraints(kycDecisionSchema),
    submissions: submissions.map((submission) => ({
      id: submission.id,
      name: submission.user.name,
      email: submission.user.email,
      idNumberLast4: submission.idNumberLast4,
      // The exact instant travels with the decision, so a resubmission in between is noticed.
      submittedAtIso: submission.submittedAt.toISOString(),
      submitted: describeTime(submission.submittedAt, zone),
      decided: submission.decidedAt ? describeTime(submission.decidedAt, zone) : null,
      rejectionReason: submission.rejectionReason,
    })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const staff = requireRole(request, context, "admin");
  const values = textValues(await readForm(request));
  try {
    const { status } = await decideKyc(
      context.db,
      staff,
      values.submissionId ?? "",
      { decision: values.decision, reason: values.reason, submittedAt: values.submittedAt },
      { publicUrl: context.env.publicUrl, now: context.clock() },
    );
    const message =
      status === "approved"
        ? "KYC approved; the customer was e-mailed"
        : "KYC rejected; the customer was e-mailed";
    return redirectWithToast("/admin/kyc", { kind: "success", message }, context);
  } catch (error) {
    return formFailure(error, values);
  }
}

export const headers: Route.HeadersFunction = privatePageHeaders;

const statusLabels = { pending: "Pending", approved: "Approved", rejected: "Rejected" } as const;
const statusTones = { pending: "amber", approved: "green", rejected: "red" } as const;

export default function KycReview({ loaderData, actionData }: Route.ComponentProps) {
  const { status, page, hasMore, counts, rejecting, submissions, fields } = loaderData;
  const [query] = useSearchParams();
  const failedFor = actionData?.values.submissionId;
  return (
    <AdminShell
      title="KYC review"
      description="Identity details sent by customers. Only the last four characters of an ID number are ever shown."
    >
      <StatusTabs
        label="KYC status"
        current={status}
        tabs={(["pending", "approved", "rejected"] as const).map((value) => ({
          value,
          label: `${statusLabels[value]} (${counts[value]})`,
          to: `?status=${value}`,
        }))}
      />
      {actionData && !submissions.some((submission) => submission.id === failedFor) ? (
        <FormAlert message={actionData.error} />
      ) : null}

      {submissions.length === 0 ? (
        <EmptyList>
          {status === "pending" ? "Nothing waits for review." : `No ${status} submissions.`}
        </EmptyList>
      ) : (
        <ul className="mt-6 grid gap-4 lg:grid-cols-2">
          {submissions.map((submission) => (
            <SubmissionCard
              key={submission.id}
              submission={submission}
              status={status}
              reasonField={fields.reason}
              rejecting={
                rejecting === submission.id ||
                (failedFor === submission.id && actionData?.values.decision === "rejected")
              }
              failure={failedFor === submission.id ? actionData : undefined}
            />
          ))}
        </ul>
      )}
      <PageLinks page={page} hasMore={hasMore} search={query} label="KYC pages" />
    </AdminShell>
  );
}

type SubmissionRow = Route.ComponentProps["loaderData"]["submissions"][number];

function SubmissionCard({
  submission,
  status,
  reasonField,
  rejecting,
  failure,
}: {
  submission: SubmissionRow;
  status: keyof typeof statusLabels;
  reasonField: FieldConstraints;
  rejecting: boolean;
  failure?: Failure;
}) {
  const busy = useNavigation().state !== "idle";
  const headingId = `kyc-${submission.id}`;
  return (
    <li className="rounded-2xl border border-gray-200 bg-white p-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={headingId} className="font-semibold text-ink">
            {submission.name}
          </h2>
          <p className="break-all text-muted text-sm">{submission.email}</p>
        </div>
        <Badge tone={statusTones[status]}>{statusLabels[status]}</Badge>
      </div>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted">ID number</dt>
        <dd>
          ending in <span className="font-mono">{submission.idNumberLast4}</span>
        </dd>
        <dt className="text-muted">Submitted</dt>
        <dd>{submission.submitted}</dd>
        {submission.decided ? (
          <>
            <dt className="text-muted">Decided</dt>
            <dd>{submission.decided}</dd>
          </>
        ) : null}
        {submission.rejectionReason ? (
          <>
            <dt className="text-muted">Reason</dt>
            <dd className="whitespace-pre-wrap wrap-anywhere">{submission.rejectionReason}</dd>
          </>
        ) : null}
      </dl>
      {status === "pending" ? (
        <div className="mt-4 space-y-3">
          <FormAlert message={failure?.error} />
          {rejecting ? (
            <Form method="post" action="/admin/kyc" className="space-y-3">
              <input type="hidden" name="submissionId" value={submission.id} />
              <input type="hidden" name="submittedAt" value={submission.submittedAtIso} />
              <input type="hidden" name="decision" value="rejected" />
              <TextAreaField
                label="Reason for the rejection"
                {...reasonField}
                // Optional in the schema because an approval goes without one; a rejection needs it.
                required
                rows={3}
                hint="The customer reads this in an e-mail and on their profile."
                {...sentBack(failure, "reason")}
              />
              <DangerAnswers
                confirm={
                  <>
                    Reject<span className="sr-only"> {submission.name}</span>
                  </>
                }
                keep="Cancel"
                keepTo="/admin/kyc"
                busy={busy}
              />
            </Form>
          ) : (
            <div className="flex flex-wrap items-center gap-3">
              <Form method="post" action="/admin/kyc">
                <input type="hidden" name="submissionId" value={submission.id} />
                <input type="hidden" name="submittedAt" value={submission.submittedAtIso} />
                <input type="hidden" name="decision" value="approved" />
                <PrimaryButton disabled={busy} className="px-5 py-2 text-sm">
                  Approve<span className="sr-only"> {submission.name}</span>
                </PrimaryButton>
              </Form>
              <DangerLink compact to={`?reject=${submission.id}`} preventScrollReset>
                Reject…<span className="sr-only"> {submission.name}</span>
              </DangerLink>
            </div>
          )}
        </div>
      ) : null}
    </li>
  );
}
