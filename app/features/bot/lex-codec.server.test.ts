import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { FeatureError } from "~/lib/errors";
import { decodeLexHeader, encodeLexHeader } from "./lex-codec.server";

describe("Lex header encoding", () => {
  it("round-trips JSON through gzip and base64, as Lex's x-amz-lex-* headers carry it", () => {
    const state = { dialogAction: { type: "Close" }, sessionAttributes: { note: "café ☕" } };
    const header = encodeLexHeader(state);
    expect(header).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(decodeLexHeader("x-amz-lex-session-state", header)).toEqual(state);
  });

  it.each([
    ["not base64", "not base64 at all!"],
    ["base64 but not gzip", Buffer.from("{}").toString("base64")],
    ["gzip but not JSON", gzipSync(Buffer.from("{oops")).toString("base64")],
    ["gzip of bytes that are not UTF-8", gzipSync(Buffer.from([0xff, 0xfe])).toString("base64")],
    ["empty", ""],
  ])("refuses a header that is %s, naming it", (_label, value) => {
    expect(() => decodeLexHeader("x-amz-lex-session-state", value)).toThrow(FeatureError);
    expect(() => decodeLexHeader("x-amz-lex-session-state", value)).toThrow(/x-amz-lex-session-state/);
  });

  it("refuses a header that would inflate past 64 KB", () => {
    const bomb = gzipSync(Buffer.from(JSON.stringify({ a: "x".repeat(200_000) }))).toString("base64");
    expect(() => decodeLexHeader("x-amz-lex-session-state", bomb)).toThrow(FeatureError);
  });
});
