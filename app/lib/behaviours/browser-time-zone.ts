/**
 * Fills a hidden field with the zone the browser runs in ("Asia/Kolkata") as its form is sent, so
 * the server can show this person every time in their own zone. Not earlier: the browser's first
 * date-time formatter loads its time-zone data, a long task on a slow phone that would land just
 * as the page appears. A field the script never reaches stays empty and the server keeps the
 * agency's zone.
 */
export function attachBrowserTimeZone(field: HTMLInputElement): () => void {
  const fill = () => {
    field.value = Intl.DateTimeFormat().resolvedOptions().timeZone ?? "";
  };
  const form = field.form;
  if (!form) {
    fill();
    return () => {};
  }
  const controller = new AbortController();
  // Listening on the form itself, this runs before React Router's handler (delegated to the root)
  // reads the form's data, and before the browser builds the data of a post it sends itself.
  form.addEventListener("submit", fill, { signal: controller.signal });
  return () => controller.abort();
}
