import { Form, href, useNavigation } from "react-router";
import { FormAlert, PrimaryButton } from "~/components/forms/form-controls";
import { AdminShell } from "~/components/staff/admin-shell";
import { BackLink } from "~/components/staff/back-link";
import { Panel } from "~/components/staff/panel";
import { OutboxStatusBadge } from "~/components/staff/status-badges";
import { getOutboxMessage, retryOutboxMessage } from "~/features/email/outbox-admin.server";
import { requireRole } from "~/infra/auth-guard.server";
import { redirectWithToast } from "~/infra/flash.server";
import { readForm } from "~/infra/form-body.server";
import { formFailure, textValues } from "~/infra/form-failure.server";
import { asErrorPage } from "~/infra/route-errors.server";
import { describeTime } from "~/lib/dates";
import { FeatureError } from "~/lib/errors";
import { privatePageHeaders } from "~/lib/page-headers";
import type { Route } from "./+types/email";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.message.subject ?? "E-mail"} · E-mails · Staff area` },
];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  requireRole(request, context, "admin");
  const message = await getOutboxMessage(context.db, params.messageId).catch(asErrorPage);
  const zone = context.env.AGENCY_TZ;
  return {
    message: {
      id: message.id,
      subject: message.subject,
      status: message.status,
      text: message.textBody,
      hasHtml: message.htmlBody !== null,
      facts: [
        ["To", message.recipient],
        ["Reply to", message.replyTo ?? "The agency's address"],
        ["Kind", message.kind],
        ["Created", describeTime(message.createdAt, zone)],
        ["Attempts", String(message.attempts)],
        ["Sent", message.sentAt ? describeTime(message.sentAt, zone) : "Not yet"],
        ...(message.status === "pending" && message.attempts > 0
          ? [["Next try", describeTime(message.nextAttemptAt, zone)] as const]
          : []),
        ...(message.attachments.length
          ? [["Attachments", message.attachments.map((file) => file.filename).join(", ")] as const]
          : []),
      ] as const,
      lastError: message.lastError,
    },
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const staff = requireRole(request, context, "admin");
  const values = textValues(await readForm(request));
  try {
    if (values.intent !== "retry") throw new FeatureError("invalid", "This action is not available.");
    await retryOutboxMessage(context.db, staff, params.messageId, context.clock());
    return redirectWithToast(
      href("/admin/emails/:messageId", { messageId: params.messageId }),
      { kind: "success", message: "The e-mail will be sent again shortly" },
      context,
    );
  } catch (error) {
    return formFailure(error, values);
  }
}

export const headers: Route.HeadersFunction = privatePageHeaders;

/** The text part with its web addresses as links, so staff can open or copy a reset link. */
function TextWithLinks({ text }: { text: string }) {
  const parts = text.split(/(https?:\/\/[^\s<>"]+)/g);
  return (
    <>
      {parts.map((part, index) =>
        index % 2 === 1 ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts never move; the index is their place.
          <a key={index} href={part} className="break-all text-brand-800 underline" rel="noreferrer">
            {part}
          </a>
        ) : (
          part
        ),
      )}
    </>
  );
}

export default function EmailPage({ loaderData, actionData }: Route.ComponentProps) {
  const { message } = loaderData;
  const busy = useNavigation().state !== "idle";
  const retryable = message.status !== "sent";
  return (
    <AdminShell title={message.subject} actions={<BackLink to="/admin/emails">All e-mails</BackLink>}>
      <div className="space-y-6">
        <Panel id="delivery-heading" title="Delivery" aside={<OutboxStatusBadge status={message.status} />}>
          <dl className="mt-4 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_minmax(0,1fr)]">
            {message.facts.map(([label, value]) => (
              <div key={label} className="contents">
                <dt className="text-muted">{label}</dt>
                <dd className="break-all">{value}</dd>
              </div>
            ))}
            {message.lastError ? (
              <>
                <dt className="text-muted">Last error</dt>
                <dd className="wrap-anywhere text-red-800">{message.lastError}</dd>
              </>
            ) : null}
          </dl>
          {retryable ? (
            <Form method="post" className="mt-4 space-y-3">
              <FormAlert message={actionData?.error} />
              <input type="hidden" name="intent" value="retry" />
              <PrimaryButton disabled={busy} className="px-5 py-2 text-sm">
                Send again now
              </PrimaryButton>
            </Form>
          ) : null}
        </Panel>

        <Panel id="text-heading" title="Text">
          <pre className="mt-3 whitespace-pre-wrap wrap-anywhere rounded-lg bg-surface p-4 font-mono text-ink text-sm">
            <TextWithLinks text={message.text} />
          </pre>
        </Panel>

        {message.hasHtml ? (
          <Panel id="html-heading" title="HTML">
            <p className="mt-1 text-muted text-sm">
              As a mail client shows it, with scripts and remote content blocked.
            </p>
            <iframe
              src={href("/admin/emails/:messageId/html", { messageId: message.id })}
              sandbox=""
              title={`HTML part of “${message.subject}”`}
              className="mt-3 h-[32rem] w-full rounded-lg border border-gray-200"
            />
          </Panel>
        ) : null}
      </div>
    </AdminShell>
  );
}
