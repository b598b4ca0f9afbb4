import { Form, href, Link, useNavigation, useSearchParams } from "react-router";
import { Stars } from "~/components/booking/star-rating";
import { FormAlert } from "~/components/forms/form-controls";
import { PageLinks } from "~/components/site/page-links";
import { AdminShell } from "~/components/staff/admin-shell";
import { Badge } from "~/components/staff/badge";
import { EmptyList } from "~/components/staff/empty-list";
import { StatusTabs } from "~/components/staff/status-tabs";
import { listStaffReviews, setReviewHidden } from "~/features/reviews/staff-reviews.server";
import { requireRole } from "~/infra/auth-guard.server";
import { redirectWithToast } from "~/infra/flash.server";
import { readForm } from "~/infra/form-body.server";
import { formFailure, textValues } from "~/infra/form-failure.server";
import { describeTime } from "~/lib/dates";
import { privatePageHeaders } from "~/lib/page-headers";
import { pageNumberFrom } from "~/lib/page-number";
import { isUuid } from "~/lib/record-id";
import type { Route } from "./+types/reviews";

export const meta: Route.MetaFunction = () => [{ title: "Reviews · Staff area" }];

const visibilityTabs = { all: undefined, shown: false, hidden: true } as const;
type VisibilityTab = keyof typeof visibilityTabs;

export async function loader({ request, context }: Route.LoaderArgs) {
  requireRole(request, context, "admin");
  const url = new URL(request.url);
  const show = (url.searchParams.get("show") ?? "all") as VisibilityTab;
  const tab: VisibilityTab = show in visibilityTabs ? show : "all";
  const requestedConsultant = url.searchParams.get("consultantId");
  const consultantId = requestedConsultant && isUuid(requestedConsultant) ? requestedConsultant : undefined;
  const page = pageNumberFrom(url.searchParams.get("page"));
  const { reviews, hasMore } = await listStaffReviews(context.db, {
    consultantId,
    hidden: visibilityTabs[tab],
    page,
  });
  const zone = context.env.AGENCY_TZ;
  return {
    tab,
    consultantId: consultantId ?? null,
    page,
    hasMore,
    reviews: reviews.map((review) => ({
      id: review.id,
      appointmentId: review.appointmentId,
      consultantId: review.consultantId,
      consultantName: review.consultantName,
      customerName: review.customerName,
      customerEmail: review.customerEmail,
      rating: review.rating,
      comment: review.comment,
      hidden: review.hiddenAt !== null,
      hiddenReason: review.hiddenReason,
      written: describeTime(review.createdAt, zone),
    })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const staff = requireRole(request, context, "admin");
  const values = textValues(await readForm(request));
  try {
    const hide = values.intent === "hide";
    await setReviewHidden(context.db, values.reviewId, hide, { reason: values.reason }, staff, {
      now: context.clock(),
      publicUrl: context.env.publicUrl,
    });
    const message = hide
      ? "Review hidden; the customer was e-mailed"
      : "Review shown; the customer was e-mailed";
    return redirectWithToast(
      new URL(request.url).pathname + new URL(request.url).search,
      { kind: "success", message },
      context,
    );
  } catch (error) {
    return formFailure(error, values);
  }
}

export const headers: Route.HeadersFunction = privatePageHeaders;

const tabLabels: Record<VisibilityTab, string> = { all: "All", shown: "Shown", hidden: "Hidden" };

export default function StaffReviews({ loaderData, actionData }: Route.ComponentProps) {
  const { tab, consultantId, page, hasMore, reviews } = loaderData;
  const [query] = useSearchParams();
  const failedFor = actionData?.values.reviewId;
  const keep = consultantId ? `&consultantId=${consultantId}` : "";
  const filteredName = consultantId
    ? reviews.find((review) => review.consultantId === consultantId)?.consultantName
    : null;
  return (
    <AdminShell
      title="Reviews"
      description="Every review customers wrote of a completed appointment. Hide one with a reason the customer reads; hidden reviews leave the consultant's page and average."
    >
      <StatusTabs
        label="Review visibility"
        current={tab}
        tabs={(Object.keys(tabLabels) as VisibilityTab[]).map((value) => ({
          value,
          label: tabLabels[value],
          to: `?show=${value}${keep}`,
        }))}
      />
      {consultantId ? (
        <p className="mb-4 text-muted text-sm">
          Reviews of {filteredName ?? "one consultant"}.{" "}
          <Link to={`?show=${tab}`} className="font-semibold text-brand-800 hover:underline">
            Show every consultant
          </Link>
        </p>
      ) : null}
      {actionData && !reviews.some((review) => review.id === failedFor) ? (
        <FormAlert message={actionData.error} />
      ) : null}
      {reviews.length === 0 ? (
        <EmptyList>{tab === "hidden" ? "No hidden reviews." : "No reviews yet."}</EmptyList>
      ) : (
        <ul className="grid gap-4 lg:grid-cols-2">
          {reviews.map((review) => (
            <ReviewCard
              key={review.id}
              review={review}
              failure={failedFor === review.id ? actionData : undefined}
            />
          ))}
        </ul>
      )}
      <PageLinks page={page} hasMore={hasMore} search={query} label="Review pages" />
    </AdminShell>
  );
}

type ReviewRow = Route.ComponentProps["loaderData"]["reviews"][number];

function ReviewCard({
  review,
  failure,
}: {
  review: ReviewRow;
  failure?: { error: string; fieldErrors: Record<string, string>; values: Record<string, string> };
}) {
  const busy = useNavigation().state !== "idle";
  const reasonId = `reason-${review.id}`;
  const errorId = `${reasonId}-error`;
  const action = review.hidden ? "show" : "hide";
  return (
    <li className="rounded-2xl border border-gray-200 bg-white p-5">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="font-semibold text-ink">
            <Link to={`?consultantId=${review.consultantId}`} className="hover:underline">
              {review.consultantName}
            </Link>
          </h2>
          <p className="text-muted text-sm">
            by {review.customerName} (<span className="break-all">{review.customerEmail}</span>),{" "}
            {review.written}
          </p>
        </div>
        <Badge tone={review.hidden ? "grey" : "green"}>{review.hidden ? "Hidden" : "Shown"}</Badge>
      </div>
      <Stars rating={review.rating} className="mt-2 text-lg" />
      {review.comment ? (
        <p className="mt-1 wrap-anywhere whitespace-pre-line text-ink text-sm">{review.comment}</p>
      ) : (
        <p className="mt-1 text-muted text-sm">No comment.</p>
      )}
      {review.hidden && review.hiddenReason ? (
        <p className="mt-2 text-muted text-sm">Hidden because: {review.hiddenReason}</p>
      ) : null}
      <p className="mt-2 text-sm">
        <Link
          to={href("/admin/appointments/:appointmentId", { appointmentId: review.appointmentId })}
          className="font-semibold text-brand-800 hover:underline"
        >
          Open the appointment
        </Link>
      </p>
      <Form method="post" className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-end">
        <input type="hidden" name="reviewId" value={review.id} />
        <div className="flex-1">
          <label htmlFor={reasonId} className="block font-medium text-ink text-sm">
            {review.hidden ? "Reason to show it again" : "Reason to hide it"} (the customer reads it)
          </label>
          <input
            id={reasonId}
            name="reason"
            required
            minLength={3}
            maxLength={500}
            defaultValue={failure?.values.reason ?? ""}
            aria-invalid={failure?.fieldErrors.reason ? true : undefined}
            aria-describedby={failure ? errorId : undefined}
            className="mt-1 block w-full rounded-lg border border-gray-300 px-3 py-2 text-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-200"
          />
        </div>
        <button
          type="submit"
          name="intent"
          value={action}
          disabled={busy}
          className="rounded-lg border border-gray-300 px-4 py-2 font-semibold text-ink text-sm hover:border-brand-700"
        >
          {review.hidden ? "Show review" : "Hide review"}
        </button>
      </Form>
      {failure ? (
        <p id={errorId} role="alert" className="mt-1.5 text-red-700 text-sm">
          {failure.error}
        </p>
      ) : null}
    </li>
  );
}
