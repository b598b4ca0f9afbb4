import { Form, useNavigation } from "react-router";
import { FormAlert, PrimaryButton, SecondaryButton, TextField } from "~/components/forms/form-controls";
import { type Failure, sentBack } from "~/components/staff/refused-form";
import type { CalendarPanelData } from "~/features/calendars/calendar-panel-data";

/**
 * A consultant's calendar: connect CalDAV or an ICS address, see the last sync and its error,
 * "Sync now", disconnect, and the private feed of their appointments. The same panel on
 * /my-schedule and on the consultant's staff page; `who` words it for each.
 */
export function CalendarPanel({
  calendar,
  failure,
  who,
}: {
  calendar: CalendarPanelData;
  failure?: Failure;
  who: "consultant" | "staff";
}) {
  const busy = useNavigation().state !== "idle";
  const connected = calendar.kind !== null;
  const your = who === "consultant" ? "your" : "the consultant's";
  return (
    <section aria-labelledby="calendar-heading" className="rounded-2xl border border-gray-200 bg-white p-5">
      <h2 id="calendar-heading" className="font-semibold text-ink text-xl">
        Calendar
      </h2>
      <p className="mt-1 text-muted text-sm">
        Busy times in {your} own calendar hide those slots from customers
        {calendar.kind === "ics" ? "." : "; with CalDAV, every booking is also written to it."}
      </p>
      <FormAlert message={failure?.error} />
      {connected ? <ConnectionStatus calendar={calendar} busy={busy} /> : null}
      {connected ? (
        <details className="mt-4 text-sm">
          <summary className="cursor-pointer font-medium text-brand-800">
            Connect a different calendar
          </summary>
          <ConnectForms failure={failure} busy={busy} />
        </details>
      ) : (
        <ConnectForms failure={failure} busy={busy} />
      )}
      <h3 className="mt-6 font-semibold text-ink">Private feed</h3>
      <p className="mt-1 text-muted text-sm">
        Subscribe to this address in any calendar app to see {your} appointments there. Keep it private.
      </p>
      <label htmlFor="calendar-feed-url" className="mt-2 block font-medium text-ink text-sm">
        Feed address
      </label>
      <input
        id="calendar-feed-url"
        readOnly
        value={calendar.feedUrl}
        className="mt-1 w-full rounded-lg border border-gray-300 bg-surface px-3 py-2 text-sm"
      />
      <Form method="post" className="mt-2">
        <SecondaryButton
          type="submit"
          name="intent"
          value="calendar-rotate-feed"
          disabled={busy}
          className="px-4 py-2 text-sm disabled:opacity-60"
        >
          Make a new feed address
        </SecondaryButton>
        <p className="mt-1 text-muted text-xs">The old address stops working at once.</p>
      </Form>
    </section>
  );
}

function ConnectionStatus({ calendar, busy }: { calendar: CalendarPanelData; busy: boolean }) {
  return (
    <div className="mt-4 space-y-3">
      {calendar.withheld ? (
        <p className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-amber-900 text-sm">
          Slots are withheld: the calendar has not been read successfully for a while, so customers see this
          consultant as temporarily unavailable until a sync succeeds.
        </p>
      ) : null}
      {calendar.lastError ? (
        <p className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-red-800 text-sm">
          Last sync failed: {calendar.lastError}
        </p>
      ) : null}
      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_minmax(0,1fr)]">
        <dt className="font-medium text-ink">{calendar.kind === "caldav" ? "CalDAV" : "Calendar address"}</dt>
        <dd className="wrap-anywhere text-muted">{calendar.url}</dd>
        {calendar.username ? (
          <>
            <dt className="font-medium text-ink">User name</dt>
            <dd className="wrap-anywhere text-muted">{calendar.username}</dd>
          </>
        ) : null}
        <dt className="font-medium text-ink">Last sync</dt>
        <dd className="text-muted">{calendar.lastSynced ?? "Not yet"}</dd>
        <dt className="font-medium text-ink">Busy times read</dt>
        <dd className="text-muted">{calendar.busyCount}</dd>
        {calendar.kind === "caldav" ? (
          <>
            <dt className="font-medium text-ink">Bookings to write</dt>
            <dd className="text-muted">
              {calendar.pendingWrites === 0
                ? "None waiting"
                : `${calendar.pendingWrites} waiting${calendar.failedWrites > 0 ? `, ${calendar.failedWrites} failed so far (tried again automatically)` : ""}`}
              {calendar.lastWriteError ? <span className="block">{calendar.lastWriteError}</span> : null}
            </dd>
          </>
        ) : null}
      </dl>
      <Form method="post" className="flex flex-wrap gap-3">
        <PrimaryButton name="intent" value="calendar-sync" disabled={busy} className="px-4 py-2 text-sm">
          Sync now
        </PrimaryButton>
        <SecondaryButton
          type="submit"
          name="intent"
          value="calendar-disconnect"
          disabled={busy}
          className="px-4 py-2 text-sm disabled:opacity-60"
        >
          Disconnect calendar
        </SecondaryButton>
      </Form>
    </div>
  );
}

function ConnectForms({ failure, busy }: { failure?: Failure; busy: boolean }) {
  const failed = (intent: string) => (failure?.values.intent === intent ? failure : undefined);
  const caldav = failed("calendar-caldav");
  const ics = failed("calendar-ics");
  return (
    <div className="mt-4 grid gap-6">
      <Form method="post" className="grid gap-3" aria-labelledby="caldav-heading">
        <h3 id="caldav-heading" className="font-semibold text-ink">
          CalDAV calendar (Google, iCloud, Fastmail, Nextcloud…)
        </h3>
        <TextField
          label="CalDAV address"
          name="caldavUrl"
          type="url"
          inputMode="url"
          required
          placeholder="https://caldav.example.com/"
          hint="The server's address or the calendar's own; your provider's help pages list it."
          {...sentBack(caldav, "caldavUrl")}
        />
        <TextField
          label="User name"
          name="username"
          required
          autoComplete="username"
          {...sentBack(caldav, "username")}
        />
        <TextField
          label="App password"
          name="password"
          type="password"
          required
          autoComplete="current-password"
          hint="Many providers want an app password made for this, not your own password."
          error={caldav?.fieldErrors.password}
        />
        <div>
          <PrimaryButton
            name="intent"
            value="calendar-caldav"
            disabled={busy}
            className="px-4 py-2 text-sm disabled:opacity-60"
          >
            Connect calendar
          </PrimaryButton>
        </div>
      </Form>
      <Form method="post" className="grid gap-3" aria-labelledby="ics-heading">
        <h3 id="ics-heading" className="font-semibold text-ink">
          Or a read-only calendar address (.ics)
        </h3>
        <TextField
          label="Calendar address (.ics)"
          name="icsUrl"
          type="url"
          inputMode="url"
          required
          placeholder="https://calendar.example.com/private/basic.ics"
          {...sentBack(ics, "icsUrl")}
        />
        <div>
          <SecondaryButton
            type="submit"
            name="intent"
            value="calendar-ics"
            disabled={busy}
            className="px-4 py-2 text-sm disabled:opacity-60"
          >
            Subscribe to calendar
          </SecondaryButton>
        </div>
      </Form>
    </div>
  );
}
