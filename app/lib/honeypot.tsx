import { FeatureError } from "./errors";

/** A field people never see or fill; form-filling bots usually do. */
export const HONEYPOT_FIELD = "company_website";

/** What a filled honeypot gets: a sentence that gives a bot nothing to learn from. */
export const HONEYPOT_MESSAGE = "Your submission could not be accepted. Please try again.";

export function HoneypotField() {
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
      <label>
        Leave this field empty
        <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}

/** Whether a submitted form or a JSON body has something in the honeypot field. */
function isHoneypotFilled(input: FormData | unknown): boolean {
  const value =
    input instanceof FormData
      ? input.get(HONEYPOT_FIELD)
      : typeof input === "object" && input !== null
        ? (input as Record<string, unknown>)[HONEYPOT_FIELD]
        : undefined;
  return value !== undefined && value !== null && String(value).trim() !== "";
}

/**
 * The one honeypot check of every form and of the JSON contact API: throws the FeatureError a
 * filled honeypot gets, which the route answers like any other (a 400 with HONEYPOT_MESSAGE).
 */
export function rejectFilledHoneypot(input: FormData | unknown): void {
  if (isHoneypotFilled(input)) throw new FeatureError("invalid", HONEYPOT_MESSAGE);
}
