/**
 * The few pieces of iCalendar (RFC 5545) our invitations need. The shape of an invitation is
 * fixed by calendar-invite.ts, so nothing here validates: it only writes. (The `ics` package it
 * replaces checked every event against a yup schema, a cost paid on every booking, and wrote a
 * quote in a name as `\"`, which no parser accepts in a parameter.)
 */

/** A property's name, its parameters (already formatted) and its value. */
export type ContentLine =
  | readonly [name: string, value: string]
  | readonly [name: string, value: string, parameters: string];

const MAX_LINE_OCTETS = 75;

/** A TEXT value: backslash, semicolon, comma and line breaks escaped (RFC 5545 §3.3.11). */
export function textValue(text: string): string {
  return text.replace(/[\\;,]/g, (character) => `\\${character}`).replace(/\r\n|\r|\n/g, "\\n");
}

/**
 * A parameter value, always quoted (a name may hold `:` `;` `,`). A quote or line break cannot
 * appear inside one; RFC 6868's caret encoding writes them (`^'`, `^n`, `^^`).
 */
export function parameterValue(value: string): string {
  const encoded = value
    .replace(/\^/g, "^^")
    .replace(/"/g, "^'")
    .replace(/\r\n|\r|\n/g, "^n");
  return `"${encoded}"`;
}

/** A UTC DATE-TIME, e.g. `20270305T183000Z`. */
export function utcDateTime(moment: Date): string {
  return `${moment.toISOString().slice(0, 19).replace(/[-:]/g, "")}Z`;
}

/**
 * Splits a content line into lines of at most 75 octets, each continuation starting with a space
 * (RFC 5545 §3.1), never inside a character's UTF-8 bytes.
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let part = "";
  let octets = 0;
  // The first line has 75 octets; each continuation gives one of them to its leading space.
  let room = MAX_LINE_OCTETS;
  for (const character of line) {
    const size = utf8Octets(character.codePointAt(0)!);
    if (octets + size > room) {
      parts.push(part);
      part = "";
      octets = 0;
      room = MAX_LINE_OCTETS - 1;
    }
    part += character;
    octets += size;
  }
  parts.push(part);
  return parts.join("\r\n ");
}

function utf8Octets(codePoint: number): number {
  return codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4;
}

/** A whole iCalendar object: every line folded, each ending with CRLF. */
export function icalendarText(lines: readonly ContentLine[]): string {
  return lines
    .map(
      ([name, value, parameters]) =>
        `${foldLine(`${name}${parameters ? `;${parameters}` : ""}:${value}`)}\r\n`,
    )
    .join("");
}
