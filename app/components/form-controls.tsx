import { useId } from "react";

const inputClass =
  "mt-1.5 block w-full rounded-lg border border-gray-300 bg-white px-3.5 py-2.5 text-ink shadow-sm placeholder:text-gray-500 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-200 aria-[invalid=true]:border-red-600";

export interface TextFieldProps extends React.InputHTMLAttributes<HTMLInputElement> {
  label: string;
  name: string;
  error?: string;
  hint?: string;
}

/** A labelled input whose error is announced and linked to it. */
export function TextField({ label, name, error, hint, id, className, ...input }: TextFieldProps) {
  const generatedId = useId();
  const inputId = id ?? `${generatedId}-${name}`;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  return (
    <div className={className}>
      <label htmlFor={inputId} className="block font-medium text-ink text-sm">
        {label}
      </label>
      {hint ? (
        <p id={hintId} className="mt-1 text-muted text-sm">
          {hint}
        </p>
      ) : null}
      <input
        id={inputId}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, errorId].filter(Boolean).join(" ") || undefined}
        className={inputClass}
        {...input}
      />
      <FieldError id={errorId} message={error} />
    </div>
  );
}

export interface SelectFieldProps extends React.SelectHTMLAttributes<HTMLSelectElement> {
  label: string;
  name: string;
  options: readonly string[];
  error?: string;
}

export function SelectField({ label, name, options, error, id, className, ...select }: SelectFieldProps) {
  const generatedId = useId();
  const selectId = id ?? `${generatedId}-${name}`;
  const errorId = error ? `${selectId}-error` : undefined;
  return (
    <div className={className}>
      <label htmlFor={selectId} className="block font-medium text-ink text-sm">
        {label}
      </label>
      <select
        id={selectId}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={errorId}
        className={inputClass}
        {...select}
      >
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
      <FieldError id={errorId} message={error} />
    </div>
  );
}

export function FieldError({ id, message }: { id?: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1.5 text-red-700 text-sm">
      {message}
    </p>
  );
}

/** A problem with the whole form, announced when it appears. */
export function FormAlert({ message }: { message?: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-red-800 text-sm">
      {message}
    </p>
  );
}

export function PrimaryButton({
  children,
  className = "",
  ...button
}: React.ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button
      type="submit"
      className={`inline-flex items-center justify-center rounded-full bg-brand-700 px-6 py-3 font-semibold text-white shadow-sm hover:bg-brand-800 disabled:cursor-not-allowed disabled:opacity-60 ${className}`}
      {...button}
    >
      {children}
    </button>
  );
}

export function SecondaryButton({
  children,
  className = "",
  ...button
}: React.ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button
      type="button"
      className={`inline-flex items-center justify-center rounded-full border border-gray-300 px-6 py-3 font-semibold text-ink hover:border-brand-700 ${className}`}
      {...button}
    >
      {children}
    </button>
  );
}
