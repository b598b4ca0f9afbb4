/** One line of text: no control characters (NUL above all, which PostgreSQL cannot store). */
export const singleLineText = /^\P{Cc}*$/u;
/** Several lines: tabs and line breaks allowed, other control characters not. */
export const multiLineText = /^(?:\P{Cc}|[\t\n\r])*$/u;
