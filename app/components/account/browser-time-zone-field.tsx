import { attachBrowserTimeZone } from "~/lib/behaviours/browser-time-zone";
import { useBehaviour } from "~/lib/behaviours/use-behaviour";

/**
 * A hidden `timeZone` field the browser fills with its own zone (a behaviour, so static pages fill
 * it too). Empty without JavaScript: the server then keeps the agency's zone.
 */
export function BrowserTimeZoneField() {
  const ref = useBehaviour<HTMLInputElement>(attachBrowserTimeZone);
  return <input ref={ref} type="hidden" name="timeZone" defaultValue="" data-browser-time-zone="" />;
}
