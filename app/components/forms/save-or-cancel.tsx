import { Link } from "react-router";
import { PrimaryButton } from "./form-controls";

/** A form's save button ("Saving..." while it is sent) and the way back without saving. */
export function SaveOrCancel({ busy, label, cancelTo }: { busy: boolean; label: string; cancelTo: string }) {
  return (
    <div className="flex flex-wrap gap-3 pt-2">
      <PrimaryButton disabled={busy}>{busy ? "Saving..." : label}</PrimaryButton>
      <Link
        to={cancelTo}
        className="inline-flex items-center rounded-full border border-gray-300 px-6 py-3 font-semibold text-ink hover:border-brand-700"
      >
        Cancel
      </Link>
    </div>
  );
}
