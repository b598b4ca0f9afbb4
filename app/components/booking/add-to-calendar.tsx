import type { CalendarLinks } from "~/features/booking/calendar-links";

/**
 * Google Calendar, Outlook or a calendar file. A native disclosure, so it opens with the keyboard
 * and without JavaScript; each link says where it goes.
 */
export function AddToCalendar({ links, about }: { links: CalendarLinks; about: string }) {
  const linkClass =
    "inline-block py-1 font-medium text-brand-700 underline underline-offset-4 hover:text-brand-900";
  return (
    <details className="mt-2">
      <summary className="w-fit cursor-pointer rounded font-semibold text-brand-700 underline-offset-4 hover:underline">
        Add to calendar<span className="sr-only">:{about}</span>
      </summary>
      <ul className="mt-1 space-y-1 border-brand-100 border-l-2 pl-3">
        <li>
          <a href={links.google} target="_blank" rel="noopener noreferrer" className={linkClass}>
            Google Calendar
          </a>{" "}
          (opens in a new tab)
        </li>
        <li>
          <a href={links.outlook} target="_blank" rel="noopener noreferrer" className={linkClass}>
            Outlook
          </a>{" "}
          (opens in a new tab)
        </li>
        <li>
          <a href={links.file} download="va-hub-appointment.ics" className={linkClass}>
            Download an .ics file
          </a>{" "}
          (Apple Calendar and others)
        </li>
      </ul>
    </details>
  );
}
