import { useEffect, useState } from "react";

/**
 * A hidden `timeZone` field holding the zone the browser runs in ("Asia/Kolkata"), so the server
 * can show this person every time in their own zone. Empty until the page's script runs: without
 * it the server simply keeps the agency's zone.
 */
export function BrowserTimeZoneField() {
  const [zone, setZone] = useState("");
  useEffect(() => {
    setZone(Intl.DateTimeFormat().resolvedOptions().timeZone ?? "");
  }, []);
  return <input type="hidden" name="timeZone" value={zone} />;
}
