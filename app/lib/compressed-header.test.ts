import { gunzipSync, gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { decodeCompressedHeader, encodeCompressedHeader } from "./compressed-header";

describe("Lex's compressed headers (base64 of gzip of JSON)", () => {
  it("encodes a value as Lex reads it", async () => {
    const header = await encodeCompressedHeader({ sessionAttributes: { signedIn: "false" } });
    expect(header).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(JSON.parse(gunzipSync(Buffer.from(header, "base64")).toString("utf8"))).toEqual({
      sessionAttributes: { signedIn: "false" },
    });
  });

  it("decodes what Lex sends: a transcript is a JSON string, messages a JSON array", async () => {
    const encode = (value: unknown) => gzipSync(JSON.stringify(value)).toString("base64");
    expect(await decodeCompressedHeader(encode("How much does a consultation cost?"))).toBe(
      "How much does a consultation cost?",
    );
    const messages = [{ contentType: "PlainText", content: "A consultation is $40 — café ☕" }];
    expect(await decodeCompressedHeader(encode(messages))).toEqual(messages);
  });

  it("round-trips a header larger than one slice of characters", async () => {
    // Letters in a pseudo-random order, so gzip cannot shrink them below the 32 KiB slice.
    let seed = 7;
    const long = Array.from({ length: 100_000 }, () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return String.fromCharCode(97 + (seed % 26));
    }).join("");
    expect(await decodeCompressedHeader(await encodeCompressedHeader(long))).toBe(long);
  });

  it("reads an absent or malformed header as nothing", async () => {
    expect(await decodeCompressedHeader(null)).toBeUndefined();
    expect(await decodeCompressedHeader("")).toBeUndefined();
    expect(await decodeCompressedHeader("not base64 gzip!")).toBeUndefined();
    expect(await decodeCompressedHeader(Buffer.from("plain").toString("base64"))).toBeUndefined();
  });
});
