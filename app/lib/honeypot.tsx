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

export function isHoneypotFilled(form: FormData): boolean {
  const value = form.get(HONEYPOT_FIELD);
  return typeof value === "string" && value.trim() !== "";
}
