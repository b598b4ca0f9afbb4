import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { brotliCompress, gzip, constants as zlibConstants } from "node:zlib";

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/** One answer's bytes in each encoding a browser may ask for, made once and served many times. */
export interface EncodedBody {
  identity: Buffer;
  gzip: Buffer;
  brotli: Buffer;
  /** Weak: the encodings differ in bytes, not in meaning. */
  etag: string;
}

/**
 * How hard to compress: "strongest" for answers kept until they expire, "quick" for answers a
 * booking may replace at any moment (the directory's pages). On the directory page brotli's
 * strongest level took many times longer than a quick one for barely smaller bytes; under mixed
 * traffic with bookings it cost more than the renders it saved (decision 25).
 */
export type CompressionEffort = "strongest" | "quick";

const LEVELS: Record<CompressionEffort, { gzip: number; brotli: number }> = {
  strongest: { gzip: 9, brotli: 9 },
  quick: { gzip: 6, brotli: 5 },
};

/** Compresses off the event loop (zlib's thread pool), at the levels `effort` says. */
export async function encodeOnce(
  identity: Buffer,
  { kind = "text", effort = "strongest" }: { kind?: "text" | "generic"; effort?: CompressionEffort } = {},
): Promise<EncodedBody> {
  const levels = LEVELS[effort];
  const [gzipped, brotli] = await Promise.all([
    compressGzip(identity, levels.gzip),
    compressBrotli(identity, levels.brotli, kind),
  ]);
  return { identity, gzip: gzipped, brotli, etag: etagOf(identity) };
}

/**
 * The smallest brotli window that holds the whole body. With the default (4 MB), quality 9 spent
 * most of its time preparing tables a small answer never fills, for the same size within a byte
 * (decision 30).
 */
export function brotliWindowBits(bytes: number): number {
  return Math.min(
    zlibConstants.BROTLI_MAX_WINDOW_BITS,
    Math.max(zlibConstants.BROTLI_MIN_WINDOW_BITS, Math.ceil(Math.log2(bytes + 1))),
  );
}

/** Gzip off the event loop (zlib's thread pool). */
export function compressGzip(identity: Buffer, level?: number) {
  return gzipAsync(identity, { level });
}

/** Brotli off the event loop, at `quality`, with a window that just holds the body. */
export function compressBrotli(identity: Buffer, quality: number, kind: "text" | "generic" = "text") {
  return brotliAsync(identity, {
    params: {
      [zlibConstants.BROTLI_PARAM_QUALITY]: quality,
      [zlibConstants.BROTLI_PARAM_MODE]:
        kind === "text" ? zlibConstants.BROTLI_MODE_TEXT : zlibConstants.BROTLI_MODE_GENERIC,
      [zlibConstants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      [zlibConstants.BROTLI_PARAM_LGWIN]: brotliWindowBits(identity.length),
    },
  });
}

export function etagOf(identity: Buffer): string {
  return `W/"${createHash("sha256").update(identity).digest("base64url").slice(0, 27)}"`;
}

/**
 * The bytes to send and the headers that describe them, as the client's `Accept-Encoding` allows;
 * a 304 when its `If-None-Match` already names this body.
 */
export function encodedAnswer(
  body: EncodedBody,
  request: { acceptEncoding?: string; ifNoneMatch?: string },
): { status: 200 | 304; bytes: Uint8Array<ArrayBuffer> | null; headers: [string, string][] } {
  const headers: [string, string][] = [
    ["ETag", body.etag],
    ["Vary", "Accept-Encoding"],
  ];
  if (request.ifNoneMatch && matchesEtag(request.ifNoneMatch, body.etag)) {
    return { status: 304, bytes: null, headers };
  }
  const encoding = preferredEncoding(request.acceptEncoding);
  const bytes = encoding === "br" ? body.brotli : encoding === "gzip" ? body.gzip : body.identity;
  headers.push(["Content-Length", String(bytes.length)]);
  if (encoding) headers.push(["Content-Encoding", encoding]);
  return { status: 200, bytes: bytes as Uint8Array<ArrayBuffer>, headers };
}

/** `If-None-Match` compares weakly: any listed tag with the same opaque value, or `*`. */
export function matchesEtag(header: string, etag: string): boolean {
  const opaque = etag.replace(/^W\//, "");
  return header.split(",").some((tag) => {
    const candidate = tag.trim();
    return candidate === "*" || candidate.replace(/^W\//, "") === opaque;
  });
}

/** Brotli, else gzip, else none, as the client's `Accept-Encoding` allows (q=0 refuses). */
export function preferredEncoding(acceptEncoding: string | undefined): "br" | "gzip" | undefined {
  if (!acceptEncoding) return undefined;
  const accepted = new Set<string>();
  for (const part of acceptEncoding.split(",")) {
    const [name = "", ...parameters] = part.trim().toLowerCase().split(";");
    const quality = parameters.map((parameter) => /^\s*q=([\d.]+)/.exec(parameter)?.[1]).find(Boolean);
    if (quality === undefined || Number(quality) > 0) accepted.add(name.trim());
  }
  if (accepted.has("br")) return "br";
  if (accepted.has("gzip") || accepted.has("*")) return "gzip";
  return undefined;
}
