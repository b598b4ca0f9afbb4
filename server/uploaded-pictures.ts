// GET /uploads/{name}: the pictures people uploaded, from the database every host shares
// (app/features/pictures/picture-store.server.ts).
import type { MiddlewareHandler } from "hono";
import { findStoredPicture } from "~/features/pictures/picture-store.server";
import type { Database } from "~/infra/db.server";
import { matchesEtag } from "~/kept/encoded-body.server";

/** A stored picture never changes (a new one gets a new name), so browsers and proxies keep it. */
const CACHE_CONTROL = "public, max-age=31536000, immutable";

/** Serves the picture stored under the name, with its ETag; 404 when there is none. */
export function uploadedPictures(db: Database): MiddlewareHandler {
  return async (context) => {
    const picture = await findStoredPicture(db, context.req.param("name") ?? "");
    if (!picture) return context.text("There is no picture at this address.", 404);
    const etag = `"${picture.contentHash}"`;
    const headers = { ETag: etag, "Cache-Control": CACHE_CONTROL };
    if (matchesEtag(context.req.header("If-None-Match") ?? "", etag)) {
      return context.body(null, 304, headers);
    }
    return context.body(new Uint8Array(picture.bytes), 200, {
      ...headers,
      "Content-Type": picture.contentType,
      "Content-Length": String(picture.bytes.byteLength),
    });
  };
}
