import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { FeatureError, statusForFailure } from "~/lib/errors";
import { parseJsonField, readFormBody, readJsonObject } from "./request-body";

/** The reading layer behind a route, answering failures as the API does. */
function app() {
  const api = new Hono();
  api.post("/json", async (context) => context.json(await readJsonObject(context)));
  api.post("/form", async (context) => context.json(Object.keys(await readFormBody(context))));
  api.onError((error, context) => {
    if (!(error instanceof FeatureError)) throw error;
    return context.json({ message: error.message, fields: error.fieldErrors }, statusForFailure[error.kind]);
  });
  return api;
}

function postJson(body: string) {
  return app().request("/json", { method: "POST", headers: { "Content-Type": "application/json" }, body });
}

describe("readJsonObject", () => {
  it("refuses a body nested past any request of ours with a 400, however deep (no stack overflow)", async () => {
    for (const depth of [17, 50_000]) {
      const response = await postJson(`{"workingHours":${"[".repeat(depth)}${"]".repeat(depth)}}`);
      expect(response.status, `depth ${depth}`).toBe(400);
      expect(await response.json()).toEqual({
        message: "This field is nested too deeply.",
        fields: { workingHours: "This field is nested too deeply." },
      });
    }
  });

  it("takes the nesting real requests have", async () => {
    const body = { workingHours: { "1": { start: "10:00", end: "12:00" } }, address: { line1: "1 Main St" } };
    const response = await postJson(JSON.stringify(body));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(body);
  });

  it("names the field holding a NUL character anywhere inside, in a value or a key", async () => {
    for (const body of [
      '{"name":"ok","address":{"line1":["a\\u0000"]}}',
      '{"name":"ok","address":{"a\\u0000":1}}',
    ]) {
      const response = await postJson(body);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { fields: object }).fields).toEqual({
        address: "This field holds a control character we cannot accept.",
      });
    }
  });
});

describe("parseJsonField", () => {
  const notJson = new FeatureError("invalid", "The address must be JSON.");

  it("checks JSON text sent in a form field as a JSON body is checked", () => {
    expect(parseJsonField('{"line1":"1 Main St"}', "address", notJson)).toEqual({ line1: "1 Main St" });
    expect(() => parseJsonField('{"line1":"a\\u0000b"}', "address", notJson)).toThrow(
      expect.objectContaining({
        kind: "invalid",
        fieldErrors: { address: "This field holds a control character we cannot accept." },
      }),
    );
    expect(() => parseJsonField(`${"[".repeat(40_000)}${"]".repeat(40_000)}`, "address", notJson)).toThrow(
      "This field is nested too deeply.",
    );
    expect(() => parseJsonField("{line1:", "address", notJson)).toThrow(notJson);
  });
});

describe("readFormBody", () => {
  it("names a form field holding a NUL character", async () => {
    const form = new FormData();
    form.append("name", "a\u0000b");
    const response = await app().request("/form", { method: "POST", body: form });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { fields: object }).fields).toEqual({
      name: "This field holds a control character we cannot accept.",
    });
  });
});
