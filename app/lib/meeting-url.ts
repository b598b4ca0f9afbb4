/**
 * The online meeting room of an appointment (DESIGN.md §5 "Meeting"), made from the setting
 * MEETING_URL_TEMPLATE: `{room}` becomes an id nobody can guess, so only the people told the link
 * can join. Settings (infra) check the template at start; booking builds one link per appointment.
 */

const ROOM_PLACEHOLDER = "{room}";

/** A Jitsi Meet room of its own per appointment: free, and nothing to set up. */
export const DEFAULT_MEETING_URL_TEMPLATE = `https://meet.jit.si/VAHub-${ROOM_PLACEHOLDER}`;

/**
 * Why a template cannot make meeting links, or undefined when it can: it must be an absolute
 * https address (http only outside production, for a local meeting server) holding `{room}`.
 */
export function meetingUrlTemplateProblem(
  template: string,
  options: { allowHttp: boolean },
): string | undefined {
  if (!template.includes(ROOM_PLACEHOLDER)) {
    return `must contain ${ROOM_PLACEHOLDER}, which each appointment replaces with its own room id`;
  }
  let url: URL;
  try {
    url = new URL(template.replaceAll(ROOM_PLACEHOLDER, "room"));
  } catch {
    return "must be an absolute address such as https://meet.jit.si/VAHub-{room}";
  }
  if (url.protocol === "https:") return undefined;
  if (url.protocol === "http:" && options.allowHttp) return undefined;
  return options.allowHttp ? "must start with https:// or http://" : "must start with https:// in production";
}

/** 32 random hex digits: 122 random bits, so a room cannot be guessed or collide. */
export function newRoomId(): string {
  return crypto.randomUUID().replaceAll("-", "");
}

/** A fresh meeting link from the template, every `{room}` replaced by one new room id. */
export function newMeetingUrl(template: string, roomId: string = newRoomId()): string {
  return template.replaceAll(ROOM_PLACEHOLDER, roomId);
}
