import { Form, href, Link, useNavigation } from "react-router";
import { FormAlert, PrimaryButton } from "~/components/forms/form-controls";
import { AdminShell } from "~/components/staff/admin-shell";
import { Badge } from "~/components/staff/badge";
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

const statusLabels = { pending: "Waiting", sent: "Sent", failed: "Failed" } as const;
const statusTones = { pending: "amber", sent: "green", failed: "red" } as const;
const panel = "rounded-2xl border border-gray-200 bg-white p-5 sm:p-6";

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
    <AdminShell
      title={message.subject}
      actions={
        <Link
          to="/admin/emails"
          className="rounded-full border border-gray-300 px-5 py-2.5 font-semibold text-ink text-sm hover:border-brand-700"
        >
          All e-mails
        </Link>
      }
    >
      <div className="space-y-6">
        <section aria-labelledby="delivery-heading" className={panel}>
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id="delivery-heading" className="font-semibold text-ink text-lg">
              Delivery
            </h2>
            <Badge tone={statusTones[message.status]}>{statusLabels[message.status]}</Badge>
          </div>
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
        </section>

        <section aria-labelledby="text-heading" className={panel}>
          <h2 id="text-heading" className="font-semibold text-ink text-lg">
            Text
          </h2>
          <pre className="mt-3 whitespace-pre-wrap wrap-anywhere rounded-lg bg-surface p-4 font-mono text-ink text-sm">
            <TextWithLinks text={message.text} />
          </pre>
        </section>

        {message.hasHtml ? (
          <section aria-labelledby="html-heading" className={panel}>
            <h2 id="html-heading" className="font-semibold text-ink text-lg">
              HTML
            </h2>
            <p className="mt-1 text-muted text-sm">
              As a mail client shows it, with scripts and remote content blocked.
            </p>
            <iframe
              src={href("/admin/emails/:messageId/html", { messageId: message.id })}
              sandbox=""
              title={`HTML part of “${message.subject}”`}
              className="mt-3 h-[32rem] w-full rounded-lg border border-gray-200"
            />
          </section>
        ) : null}
      </div>
    </AdminShell>
  );
}
