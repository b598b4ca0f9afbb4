import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createLogger } from "./logger.server";

function memory() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split("\n").filter(Boolean));
      done();
    },
  });
  return { lines, stream };
}

/** The lines one access-log entry becomes. */
function logRequest(pretty: boolean): string[] {
  const { lines, stream } = memory();
  createLogger("info", { pretty, destination: stream }).info({ msg: "request", path: "/about", status: 200 });
  return lines;
}

describe("the logger", () => {
  it("writes one JSON object a line for log collectors", () => {
    const lines = logRequest(false);
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ level: 30, msg: "request", path: "/about", status: 200 });
  });

  it("writes a readable line for a person at a terminal", () => {
    const lines = logRequest(true);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^\[\d\d:\d\d:\d\d\.\d{3}\] INFO: request /);
    expect(lines[0]).toContain('"path":"/about"');
    expect(() => JSON.parse(lines[0]!)).toThrow();
  });

  it("never writes credentials, in either form", () => {
    for (const pretty of [false, true]) {
      const { lines, stream } = memory();
      createLogger("info", { pretty, destination: stream }).info({
        msg: "login",
        password: "hunter2-secret",
        headers: { cookie: "session=abc-secret" },
      });
      expect(lines.join("\n")).not.toContain("secret");
      expect(lines.join("\n")).toContain("[redacted]");
    }
  });

  it("writes nothing when silent", () => {
    const { lines, stream } = memory();
    createLogger("silent", { pretty: true, destination: stream }).error({ msg: "boom" });
    expect(lines).toEqual([]);
  });
});
