import type { ReactNode } from "react";
import { Form } from "react-router";

/**
 * A button that opens a choice on the same page (the payment options, a confirmation, a
 * reschedule picker) by adding one query parameter. It is a button because it acts on the page
 * rather than going somewhere, and a GET form so it still works before JavaScript has loaded.
 */
export function RevealButton({
  parameter,
  value,
  className,
  children,
}: {
  parameter: string;
  value: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <Form method="get" preventScrollReset className="contents">
      <input type="hidden" name={parameter} value={value} />
      <button type="submit" className={className}>
        {children}
      </button>
    </Form>
  );
}
