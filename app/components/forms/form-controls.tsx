import { useId } from "react";
import type { FieldConstraints } from "~/lib/form-constraints";

/** The look of every text input and select. */
export const inputClass =
  "mt-1.5 block w-full rounded-lg border border-gray-300 bg-white px-3.5 py-2.5 text-ink shadow-sm placeholder:text-gray-500 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-200 aria-[invalid=true]:border-red-600";

/**
 * The look of every select, at a text input's height: Chromium sizes a select from its font, not
 * its line height, so with inputClass alone it stood shorter than the inputs beside it (and the
 * page moved when the country picker's combobox, a text input, took the select's place).
 */
export const selectClass = `${inputClass} h-[calc(1lh+1.25rem+2px)]`;

/** The attributes a field's control needs to be labelled and to announce its hint and error. */
interface ControlProps {
  id: string;
  name: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
  className: string;
}

interface FieldFrameProps {
  label: string;
  name: string;
  id?: string;
  error?: string;
  hint?: string;
  className?: string;
}

/** Label, hint, control and error, linked together; `control` draws the input itself. */
function FieldFrame({
  label,
  name,
  id,
  error,
  hint,
  className,
  control,
}: FieldFrameProps & { control: (props: ControlProps) => React.ReactNode }) {
  const generatedId = useId();
  const controlId = id ?? `${generatedId}-${name}`;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  return (
    <div className={className}>
      <label htmlFor={controlId} className="block font-medium text-ink text-sm">
        {label}
      </label>
      {hint ? (
        <p id={hintId} className="mt-1 text-muted text-sm">
          {hint}
        </p>
      ) : null}
      {control({
        id: controlId,
        name,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": [hintId, errorId].filter(Boolean).join(" ") || undefined,
        className: inputClass,
      })}
      <FieldError id={errorId} message={error} />
    </div>
  );
}

export type TextFieldProps = FieldFrameProps & Omit<React.InputHTMLAttributes<HTMLInputElement>, "className">;

/** A labelled input whose error is announced and linked to it. */
export function TextField({ label, name, error, hint, id, className, ...input }: TextFieldProps) {
  return (
    <FieldFrame
      {...{ label, name, error, hint, id, className }}
      control={(props) => <input {...props} {...input} />}
    />
  );
}

export type SelectFieldProps = FieldFrameProps &
  Omit<React.SelectHTMLAttributes<HTMLSelectElement>, "className"> & {
    options: readonly string[];
    /** A first, empty choice such as "Select…", for a choice that has no default. */
    placeholder?: string;
  };

export function SelectField({
  label,
  name,
  options,
  error,
  placeholder,
  hint,
  id,
  className,
  ...select
}: SelectFieldProps) {
  return (
    <FieldFrame
      {...{ label, name, error, hint, id, className }}
      control={(props) => (
        <select {...props} className={selectClass} {...select}>
          {placeholder === undefined ? null : <option value="">{placeholder}</option>}
          {options.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      )}
    />
  );
}

export type TextAreaFieldProps = FieldFrameProps &
  Omit<React.TextareaHTMLAttributes<HTMLTextAreaElement>, "className"> &
  Partial<Pick<FieldConstraints, "pattern" | "type">>;

/** A labelled multi-line input, with its hint and error linked like TextField's. */
export function TextAreaField({
  label,
  name,
  error,
  hint,
  id,
  className,
  // A schema's pattern or input type (from formConstraints) means nothing to a textarea.
  pattern: _pattern,
  type: _type,
  ...textarea
}: TextAreaFieldProps) {
  return (
    <FieldFrame
      {...{ label, name, error, hint, id, className }}
      control={(props) => <textarea {...props} {...textarea} />}
    />
  );
}

export interface CheckboxGroupProps {
  legend: string;
  name: string;
  options: readonly string[];
  defaultValues?: readonly string[];
  error?: string;
  /** A line under the legend, e.g. "Choose one or more." */
  hint?: string;
  className?: string;
}

/** Several choices under one legend; the error is linked to the group and marks each box. */
export function CheckboxGroup({
  legend,
  name,
  options,
  defaultValues = [],
  error,
  hint,
  className,
}: CheckboxGroupProps) {
  const groupId = useId();
  const hintId = hint ? `${groupId}-hint` : undefined;
  const errorId = error ? `${groupId}-error` : undefined;
  return (
    <fieldset
      className={className}
      aria-describedby={[hintId, errorId].filter(Boolean).join(" ") || undefined}
    >
      <legend className="font-medium text-ink text-sm">{legend}</legend>
      {hint ? (
        <p id={hintId} className="mt-1 text-muted text-sm">
          {hint}
        </p>
      ) : null}
      <div className="mt-2 grid gap-x-6 gap-y-2 sm:grid-cols-2">
        {options.map((option) => (
          <label
            key={option}
            className="flex cursor-pointer items-center gap-3 rounded-lg border border-gray-300 px-3.5 py-2.5 text-ink has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
          >
            <input
              type="checkbox"
              name={name}
              value={option}
              defaultChecked={defaultValues.includes(option)}
              aria-invalid={error ? true : undefined}
              className="size-4 shrink-0 accent-brand-700"
            />
            {option}
          </label>
        ))}
      </div>
      <FieldError id={errorId} message={error} />
    </fieldset>
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

type ButtonProps = React.ButtonHTMLAttributes<HTMLButtonElement>;

const primaryLook =
  "inline-flex items-center justify-center rounded-full bg-brand-700 px-6 py-3 font-semibold text-white shadow-sm hover:bg-brand-800 disabled:cursor-not-allowed disabled:opacity-60";
const secondaryLook =
  "inline-flex items-center justify-center rounded-full border border-gray-300 px-6 py-3 font-semibold text-ink hover:border-brand-700";

/** A button in one of the site's looks; `className` adds to the look (e.g. a smaller padding). */
function LookButton({ look, children, className = "", ...button }: ButtonProps & { look: string }) {
  return (
    <button className={`${look} ${className}`} {...button}>
      {children}
    </button>
  );
}

/** The form's main action: submits unless told otherwise. */
export function PrimaryButton(props: ButtonProps) {
  return <LookButton type="submit" look={primaryLook} {...props} />;
}

/** A quieter action beside it: a plain button unless given type="submit". */
export function SecondaryButton(props: ButtonProps) {
  return <LookButton type="button" look={secondaryLook} {...props} />;
}
