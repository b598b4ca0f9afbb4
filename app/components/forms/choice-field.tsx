import { useId } from "react";
import { selectClass } from "./form-controls";

/** A labelled select whose choices have a value and a label of their own. */
export function ChoiceField({
  label,
  name,
  choices,
  empty,
  defaultValue,
  error,
  hint,
  required,
}: {
  label: string;
  name: string;
  choices: readonly { value: string; label: string }[];
  /** A first choice meaning "none" or "any". */
  empty?: string;
  defaultValue?: string | null;
  error?: string;
  hint?: string;
  required?: boolean;
}) {
  // Unique per use: a page may hold the same field name in two forms (a filter and an editor).
  const id = `${useId()}-${name}`;
  const described = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ");
  return (
    <div>
      <label htmlFor={id} className="block font-medium text-ink text-sm">
        {label}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="mt-1 text-muted text-sm">
          {hint}
        </p>
      ) : null}
      <select
        id={id}
        name={name}
        defaultValue={defaultValue ?? ""}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        className={selectClass}
      >
        {empty === undefined ? null : <option value="">{empty}</option>}
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
      {error ? (
        <p id={`${id}-error`} className="mt-1.5 text-red-700 text-sm">
          {error}
        </p>
      ) : null}
    </div>
  );
}
