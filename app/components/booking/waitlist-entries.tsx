import { Form, Link, useNavigation } from "react-router";
import { IdempotencyKeyField } from "~/lib/idempotency-key-field";

export interface WaitlistEntryView {
  id: string;
  consultantId: string;
  consultantName: string;
  /** The day waited for, as the customer reads it ("Tuesday, May 4"). */
  day: string;
  /** What became of the entry, in words. */
  statusLabel: string;
  open: boolean;
  /** The time held for the customer, told in their zone; null when none is. */
  offer: { startsAt: string; day: string; time: string; agencyTime: string | null; until: string } | null;
}

/**
 * My Appointments' waitlist: each day waited for, a held time's Claim (booked once however often
 * its form is sent: `idempotencyKey` is the page's, see IdempotencyKeyField), and a way off the list.
 */
export function WaitlistEntries({
  entries,
  idempotencyKey,
}: {
  entries: WaitlistEntryView[];
  idempotencyKey: string | null;
}) {
  const busy = useNavigation().state !== "idle";
  return (
    <section aria-labelledby="waitlist" className="mt-12">
      <h2 id="waitlist" className="scroll-mt-24 font-semibold text-ink text-xl">
        Waitlist
      </h2>
      {entries.length === 0 ? (
        <p className="mt-2 text-muted text-sm">
          You are not waiting for any day. On a consultant's page, choose a day under "No time that suits?"
          and we will e-mail you if a time frees up.
        </p>
      ) : (
        <ul className="mt-4 divide-y divide-gray-200 border-gray-200 border-y">
          {entries.map((entry) => {
            const about = ` for ${entry.consultantName} on ${entry.day}`;
            return (
              <li key={entry.id} className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center">
                <div className="flex-1 text-sm">
                  <p className="font-semibold text-ink">
                    <Link
                      to={`/appointment/${entry.consultantId}`}
                      className="underline-offset-4 hover:underline"
                    >
                      {entry.consultantName}
                    </Link>
                    , {entry.day}
                  </p>
                  {entry.offer ? (
                    <p className="mt-1 rounded-lg bg-brand-50 px-3 py-2 text-brand-900">
                      Held for you: <strong>{entry.offer.time}</strong>
                      {entry.offer.agencyTime ? ` (${entry.offer.agencyTime})` : null}, until{" "}
                      {entry.offer.until}.
                    </p>
                  ) : (
                    <p className="mt-1 text-muted">{entry.statusLabel}</p>
                  )}
                </div>
                {entry.open ? (
                  <div className="flex flex-col gap-2 sm:w-48">
                    {entry.offer ? (
                      <Form method="post">
                        <input type="hidden" name="entryId" value={entry.id} />
                        <input type="hidden" name="startsAt" value={entry.offer.startsAt} />
                        <IdempotencyKeyField pageKey={idempotencyKey} scope={`claim-${entry.id}`} />
                        <button
                          type="submit"
                          name="intent"
                          value="claim-waitlist"
                          disabled={busy}
                          className="w-full rounded-lg bg-brand-700 px-4 py-2 font-semibold text-sm text-white hover:bg-brand-800 disabled:opacity-60"
                        >
                          Claim this time<span className="sr-only">{about}</span>
                        </button>
                      </Form>
                    ) : null}
                    <Form method="post">
                      <input type="hidden" name="entryId" value={entry.id} />
                      <button
                        type="submit"
                        name="intent"
                        value="leave-waitlist"
                        disabled={busy}
                        className="w-full rounded-lg border border-gray-300 px-4 py-2 text-ink text-sm hover:border-red-600 disabled:opacity-60"
                      >
                        {entry.offer ? "No thanks, remove" : "Remove"}
                        <span className="sr-only"> the waitlist entry{about}</span>
                      </button>
                    </Form>
                  </div>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
