import { Link } from "react-router";
import { Badge } from "~/components/staff/badge";

export interface KycStatusView {
  status: "pending" | "approved" | "rejected";
  idNumberLast4: string;
  rejectionReason: string | null;
}

const linkClass = "font-medium text-brand-700 underline-offset-4 hover:underline";

/**
 * The customer's identity check on My Profile: Pending, Approved, or Rejected with staff's reason
 * and the way to send the details again.
 */
export function KycStatusPanel({ kyc }: { kyc: KycStatusView | null }) {
  return (
    <section aria-labelledby="kyc-heading" className="mt-10 rounded-2xl bg-surface p-5">
      <h2 id="kyc-heading" className="font-semibold text-ink text-lg">
        Identity verification
      </h2>
      {kyc === null ? (
        <p className="mt-1 text-muted">
          Not submitted yet.{" "}
          <Link to="/onboarding" className={linkClass}>
            Complete onboarding
          </Link>
        </p>
      ) : (
        <>
          <p className="mt-2 flex flex-wrap items-center gap-2 text-muted">
            Status: {kyc.status === "approved" ? <Badge tone="green">Approved</Badge> : null}
            {kyc.status === "pending" ? <Badge tone="amber">Pending</Badge> : null}
            {kyc.status === "rejected" ? <Badge tone="red">Rejected</Badge> : null}
            <span>
              · ID ending in <span className="font-mono">{kyc.idNumberLast4}</span>
            </span>
          </p>
          {kyc.status === "pending" ? (
            <p className="mt-2 text-muted text-sm">
              We are checking your details and will e-mail you when it is done.{" "}
              <Link to="/onboarding" className={linkClass}>
                Update details
              </Link>
            </p>
          ) : null}
          {kyc.status === "approved" ? (
            <p className="mt-2 text-muted text-sm">Your identity is verified. There is nothing more to do.</p>
          ) : null}
          {kyc.status === "rejected" ? (
            <div className="mt-3 rounded-lg border border-red-200 bg-red-50 p-4 text-sm">
              <p className="font-medium text-red-900">We could not verify your identity:</p>
              <p className="mt-1 whitespace-pre-wrap wrap-anywhere text-red-900">{kyc.rejectionReason}</p>
              <Link
                to="/onboarding"
                className="mt-3 inline-flex rounded-full bg-brand-700 px-5 py-2 font-semibold text-white hover:bg-brand-800"
              >
                Send your details again
              </Link>
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}
