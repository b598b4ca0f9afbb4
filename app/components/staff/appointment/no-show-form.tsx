import { Form, Link } from "react-router";
import { buttonClass } from "./section";

/** A no-show cannot be taken back, so staff confirm it before it is recorded. */
export function NoShowForm({
  customerName,
  busy,
  back,
}: {
  customerName: string;
  busy: boolean;
  /** The page without the step, for "Go back". */
  back: string;
}) {
  return (
    <Form method="post" className="space-y-4 rounded-xl border border-red-200 bg-red-50 p-4">
      <h3 className="font-semibold text-red-900">Mark this appointment as a no-show?</h3>
      <p className="text-red-900 text-sm">
        Record that {customerName} did not come. This cannot be undone, and the appointment can then no longer
        be marked completed.
      </p>
      <input type="hidden" name="intent" value="no-show" />
      <div className="flex flex-wrap gap-3">
        <button
          type="submit"
          disabled={busy}
          className="rounded-full bg-red-700 px-5 py-2.5 font-semibold text-sm text-white hover:bg-red-800 disabled:opacity-60"
        >
          Yes, mark no-show
        </button>
        <Link to={back} preventScrollReset className={buttonClass}>
          Go back
        </Link>
      </div>
    </Form>
  );
}
