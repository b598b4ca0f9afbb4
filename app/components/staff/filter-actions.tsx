import { Link } from "react-router";
import { PrimaryButton } from "~/components/forms/form-controls";

/**
 * The end of a staff list's filter form: "Show" applies the filters, "Clear filters" goes back to
 * the whole list. `className` places the pair in the form's grid.
 */
export function FilterActions({ clearTo, className }: { clearTo: string; className?: string }) {
  return (
    <div className={`flex flex-wrap items-center gap-3 ${className ?? ""}`}>
      <PrimaryButton className="px-5 py-2">Show</PrimaryButton>
      <Link to={clearTo} className="font-medium text-brand-700 text-sm hover:underline">
        Clear filters
      </Link>
    </div>
  );
}
