import { z } from "zod";
import { FeatureError, parseInput } from "~/lib/errors";

const calendarAddress = (what: string) =>
  z
    .string({ error: `Please enter the ${what}.` })
    .trim()
    .min(1, `Please enter the ${what}.`)
    .max(2000, `The ${what} is too long.`)
    .pipe(
      z.url({
        protocol: /^https?$/,
        error: `Please enter the ${what} as a web address starting with https://.`,
      }),
    );

const webcalToHttps = (value: unknown) =>
  typeof value === "string" ? value.trim().replace(/^webcals?:\/\//i, "https://") : value;

/** Connect a CalDAV calendar: its address (the server's root or the calendar's own), user name, app password. */
const calDavConnectionSchema = z.object({
  // The address is shown back and audited; a password typed into it would be shown with it.
  caldavUrl: calendarAddress("CalDAV address").refine((address) => {
    const { username, password } = new URL(address);
    return !username && !password;
  }, "Please enter the address without a user name or password in it; they have their own fields."),
  username: z
    .string({ error: "Please enter the user name." })
    .trim()
    .min(1, "Please enter the user name.")
    .max(320, "The user name is too long."),
  password: z
    .string({ error: "Please enter the password." })
    .min(1, "Please enter the password.")
    .max(1000, "The password is too long."),
});

/** Subscribe to a read-only calendar address (.ics; webcal:// is read as https://). */
const icsConnectionSchema = z.object({
  icsUrl: z.preprocess(webcalToHttps, calendarAddress("calendar (.ics) address")),
});

const rotateFeedSchema = z.object({ rotateFeed: z.literal(true) });

const NO_CALENDAR_GIVEN =
  "Please give a CalDAV address with user name and password, or a calendar (.ics) address.";

/** PUT /calendar takes one of three shapes, told apart by the field that names it. */
export function parseCalendarSettings(input: unknown): CalendarSettings {
  const given = typeof input === "object" && input !== null ? input : {};
  if ("caldavUrl" in given) return parseInput(calDavConnectionSchema, input);
  if ("icsUrl" in given) return parseInput(icsConnectionSchema, input);
  if ("rotateFeed" in given) return parseInput(rotateFeedSchema, input);
  throw new FeatureError("invalid", NO_CALENDAR_GIVEN);
}

export type CalendarConnection =
  | z.output<typeof calDavConnectionSchema>
  | z.output<typeof icsConnectionSchema>;
type CalendarSettings = CalendarConnection | z.output<typeof rotateFeedSchema>;
