import { Badge } from "./badge";

// A record's state reads the same on its list and on its own page: one set of words and colours each.

/** An outbox e-mail's delivery state, in staff's words. */
export const outboxStatusLabels = { pending: "Waiting", sent: "Sent", failed: "Failed" } as const;
const outboxStatusTones = { pending: "amber", sent: "green", failed: "red" } as const;

export function OutboxStatusBadge({ status }: { status: keyof typeof outboxStatusLabels }) {
  return <Badge tone={outboxStatusTones[status]}>{outboxStatusLabels[status]}</Badge>;
}

/** Where staff are with a contact inquiry. */
export const inquiryStatusLabels = { new: "New", contacted: "Contacted", closed: "Closed" } as const;
const inquiryStatusTones = { new: "amber", contacted: "green", closed: "grey" } as const;

export function InquiryStatusBadge({ status }: { status: keyof typeof inquiryStatusLabels }) {
  return <Badge tone={inquiryStatusTones[status]}>{inquiryStatusLabels[status]}</Badge>;
}
