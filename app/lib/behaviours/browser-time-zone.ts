/**
 * Fills a hidden field with the zone the browser runs in ("Asia/Kolkata"), so the server can show
 * this person every time in their own zone. A field the script never reaches stays empty and the
 * server keeps the agency's zone.
 */
export function attachBrowserTimeZone(field: HTMLInputElement): () => void {
  field.value = Intl.DateTimeFormat().resolvedOptions().timeZone ?? "";
  return () => {};
}
