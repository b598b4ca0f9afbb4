import { type ButtonHTMLAttributes, type ReactNode, useId } from "react";
import { Form, Link, type LinkProps } from "react-router";

// A destructive action takes two steps: a red-outlined link asks for it, a red button in the
// confirmation carries it out. `compact` matches the smaller buttons some pages put beside them.
const padding = (compact: boolean) => (compact ? "px-5 py-2" : "px-5 py-2.5");

/** The confirmation's red button ("Yes, archive it"): submits unless told otherwise. */
export function DangerButton({
  compact = false,
  className = "",
  ...button
}: ButtonHTMLAttributes<HTMLButtonElement> & { compact?: boolean }) {
  return (
    <button
      type="submit"
      className={`rounded-full bg-red-700 ${padding(compact)} font-semibold text-sm text-white hover:bg-red-800 disabled:opacity-60 ${className}`}
      {...button}
    />
  );
}

/** The link that opens the confirmation ("Archive the project…"); nothing happens until it is answered. */
export function DangerLink({ compact = false, className = "", ...link }: LinkProps & { compact?: boolean }) {
  return (
    <Link
      className={`rounded-full border border-red-300 ${padding(compact)} font-semibold text-red-800 text-sm hover:border-red-700 ${className}`}
      {...link}
    />
  );
}

/**
 * The confirmation of a destructive change to a versioned record: a POST form saying what will
 * happen, the red button that does it, and the way back to the page without the question.
 */
export function DangerConfirmation({
  intent,
  version,
  question,
  confirm,
  keep,
  busy,
  className = "",
}: {
  /** The action's `intent`, posted with the record's `version`. */
  intent: string;
  version: number | string;
  question: ReactNode;
  confirm: string;
  keep: string;
  busy: boolean;
  className?: string;
}) {
  const questionId = useId();
  return (
    <Form
      method="post"
      className={`rounded-xl border border-red-200 bg-red-50 p-4 ${className}`}
      aria-labelledby={questionId}
    >
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="version" value={version} />
      <p id={questionId} className="font-medium text-red-900">
        {question}
      </p>
      <DangerAnswers confirm={confirm} keep={keep} busy={busy} className="mt-4" />
    </Form>
  );
}

/** A confirmation's two answers: the red button that goes ahead, and the link that changes nothing. */
export function DangerAnswers({
  confirm,
  keep,
  keepTo = "?",
  busy,
  className = "",
}: {
  /** The button's words ("Yes, archive it"). */
  confirm: ReactNode;
  /** The link's words ("Keep it visible"). */
  keep: string;
  /** Where the link leads: the page without the question. */
  keepTo?: string;
  busy: boolean;
  className?: string;
}) {
  return (
    <div className={`flex flex-wrap items-center gap-4 ${className}`}>
      <DangerButton compact disabled={busy}>
        {confirm}
      </DangerButton>
      <Link to={keepTo} className="font-medium text-ink text-sm underline-offset-4 hover:underline">
        {keep}
      </Link>
    </div>
  );
}
