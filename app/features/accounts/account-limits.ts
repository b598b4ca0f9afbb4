/** Limits the forms show and the server enforces (no validation library, so pages can import it). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 256;
/**
 * The largest picture accepted: a phone's full-size photo fits. The server shrinks every picture
 * to the size it is shown at, so what is stored stays small.
 */
export const PICTURE_MAX_BYTES = 15 * 1024 * 1024;
/** The limit as forms and messages say it: "15 MB". */
export const PICTURE_MAX_LABEL = `${PICTURE_MAX_BYTES / (1024 * 1024)} MB`;
/** What a person is told when the picture is larger. */
export const PICTURE_TOO_LARGE = `Please choose a picture of at most ${PICTURE_MAX_LABEL}.`;
