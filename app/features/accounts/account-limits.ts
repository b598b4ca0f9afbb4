/** Limits the forms show and the server enforces (no validation library, so pages can import it). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 256;
