import { Badge } from "~/components/staff/badge";
import type { PaymentFacts } from "./appointment-view";
import { Fact, Section } from "./section";

const paymentTones: Record<string, "red" | "green" | "amber" | "grey"> = {
  created: "amber",
  paid: "green",
  failed: "red",
  expired: "grey",
  refunded: "grey",
};

/** Every checkout attempt for the appointment, oldest first, each with the provider's events. */
export function PaymentHistory({ payments }: { payments: PaymentFacts[] }) {
  return (
    <Section title="Payment history" id="payments-heading" className="mt-6">
      {payments.length === 0 ? (
        <p className="text-muted text-sm">No payment was started for this appointment.</p>
      ) : (
        <ol className="space-y-4">
          {payments.map((payment) => (
            <PaymentCard key={payment.id} payment={payment} />
          ))}
        </ol>
      )}
    </Section>
  );
}

function PaymentCard({ payment }: { payment: PaymentFacts }) {
  return (
    <li className="rounded-xl border border-gray-200 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-semibold text-ink">
          {payment.provider}{" "}
          {payment.sandbox ? <span className="font-normal text-muted text-sm">(sandbox)</span> : null}
        </p>
        <p className="flex items-center gap-2">
          <span className="tabular-nums">{payment.amount}</span>
          <Badge tone={paymentTones[payment.status] ?? "grey"}>{payment.status}</Badge>
        </p>
      </div>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <Fact term="Started" value={payment.createdAt} />
        <dt className="text-muted">Reference</dt>
        <dd className="min-w-0 break-all font-mono text-xs leading-5">{payment.reference}</dd>
        {payment.providerPaymentId ? (
          <>
            <dt className="text-muted">Payment id</dt>
            <dd className="min-w-0 break-all font-mono text-xs leading-5">{payment.providerPaymentId}</dd>
          </>
        ) : null}
        {payment.paidAt ? <Fact term="Paid" value={payment.paidAt} /> : null}
        {payment.refundedAt ? <Fact term="Refunded" value={payment.refundedAt} /> : null}
        {payment.refundReference ? (
          <>
            <dt className="text-muted">Refund id</dt>
            <dd className="min-w-0 break-all font-mono text-xs leading-5">{payment.refundReference}</dd>
          </>
        ) : null}
      </dl>
      <h3 className="mt-4 font-medium text-ink text-sm">Provider events</h3>
      {payment.events.length === 0 ? (
        <p className="mt-1 text-muted text-sm">None received.</p>
      ) : (
        <ul className="mt-1 space-y-1 text-sm">
          {payment.events.map((event) => (
            <li key={event.id} className="min-w-0 wrap-anywhere">
              <span className="font-mono text-xs">{event.type}</span> — {event.receivedAt}
              <span className="block break-all text-muted text-xs">{event.key}</span>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}
