import { randomBytes } from "node:crypto";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { brotliWindowBits, encodeOnce } from "./encoded-body.server";

describe("encodeOnce", () => {
  it("gives brotli a window that just holds the body, within brotli's bounds", () => {
    expect(brotliWindowBits(0)).toBe(10);
    expect(brotliWindowBits(12_000)).toBe(14);
    expect(brotliWindowBits(16_384)).toBe(15);
    expect(brotliWindowBits(200_000)).toBe(18);
    expect(brotliWindowBits(100_000_000)).toBe(24);
  });

  it("encodes bodies of every size, at either effort, so that they decode to the same bytes", async () => {
    for (const size of [0, 1, 1_023, 12_000, 16_384, 300_000]) {
      // Half random, half repeated: the repeats reach back across the whole body.
      const half = randomBytes(Math.floor(size / 2))
        .toString("base64")
        .slice(0, Math.floor(size / 2));
      const identity = Buffer.from((half + half).padEnd(size, "x"));
      for (const effort of ["strongest", "quick"] as const) {
        const body = await encodeOnce(identity, { effort });
        expect(brotliDecompressSync(body.brotli).equals(identity), `${size} B, ${effort}`).toBe(true);
        expect(gunzipSync(body.gzip).equals(identity), `${size} B, ${effort}`).toBe(true);
      }
    }
  });
});
