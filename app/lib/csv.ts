/**
 * A CSV field: quoted when it holds a separator, quote or line break; a leading = + - @ (which a
 * spreadsheet would run as a formula, and a customer can type into their name) is defused with ',
 * unless the field is a plain number such as -50.00, which no spreadsheet runs.
 */
function csvField(value: string): string {
  const formulaLike = /^[=+\-@\t\r]/.test(value) && !/^-?\d+(\.\d+)?$/.test(value);
  const safe = formulaLike ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One CSV record with its CRLF line end (RFC 4180). */
export function csvLine(fields: readonly string[]): string {
  return `${fields.map(csvField).join(",")}\r\n`;
}
