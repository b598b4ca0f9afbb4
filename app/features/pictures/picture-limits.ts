/**
 * Limits on uploaded pictures (profile, consultant and project pictures alike) that the forms show
 * and the server enforces; this module imports nothing, so pages and components can import it.
 */

/**
 * The largest picture accepted: a phone's full-size photo fits. The server shrinks every picture
 * to the size it is shown at, so what is stored stays small.
 */
export const PICTURE_MAX_BYTES = 15 * 1024 * 1024;
/** The limit as forms and messages say it: "15 MB". */
export const PICTURE_MAX_LABEL = `${PICTURE_MAX_BYTES / (1024 * 1024)} MB`;
/** What a person is told when the picture is larger. */
export const PICTURE_TOO_LARGE = `Please choose a picture of at most ${PICTURE_MAX_LABEL}.`;
/**
 * The most pixels a JPEG may have: a phone's full-resolution photo fits (12 MP is 4032 × 3024;
 * 48 and 50 MP sensors give 8064 × 6048 and 8160 × 6120). A JPEG is decoded already shrunk to an
 * eighth, so even this size takes a fraction of a second; larger photos (108 MP and up) are over
 * PICTURE_MAX_BYTES anyway.
 */
export const JPEG_MAX_PIXELS = 8192 * 6144;
/**
 * The most pixels a PNG or WebP picture may have: a 12 MP photo or any screenshot fits, and a
 * portrait needs far less (it is stored at 256 px). These are decoded whole before shrinking (an
 * interlaced PNG is even held whole in memory), and a tiny file can claim a huge size, so the
 * limit is lower than for JPEG.
 */
export const PNG_WEBP_MAX_PIXELS = 4096 * 4096;
