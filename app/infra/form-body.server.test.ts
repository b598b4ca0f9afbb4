import { describe, expect, it } from "vitest";
import { readForm } from "./form-body.server";

function post(body: BodyInit, contentType?: string): Request {
  return new Request("http://localhost/contact", {
    method: "POST",
    body,
    headers: contentType ? { "Content-Type": contentType } : {},
  });
}

async function statusOf(request: Request): Promise<number> {
  try {
    await readForm(request);
    return 200;
  } catch (error) {
    // What `data(message, { status })` throws: React Router answers with that status.
    if (error && typeof error === "object" && "init" in error) {
      return (error as { init: { status: number } }).init.status;
    }
    throw error;
  }
}

describe("readForm", () => {
  it("reads a url-encoded or multipart form", async () => {
    const form = await readForm(post(new URLSearchParams({ name: "Ada" })));
    expect(form.get("name")).toBe("Ada");
    const multipart = new FormData();
    multipart.set("name", "Grace");
    expect((await readForm(post(multipart))).get("name")).toBe("Grace");
  });

  it("answers a body that is not a form with 415, and a broken one with 400, never a 500", async () => {
    expect(await statusOf(post('{"name":"Ada"}', "application/json"))).toBe(415);
    expect(await statusOf(post("name=Ada", "text/plain"))).toBe(415);
    expect(await statusOf(post("name=Ada"))).toBe(415);
    expect(await statusOf(post("--x\r\nbroken", "multipart/form-data; boundary=x"))).toBe(400);
    expect(await statusOf(post("no boundary here", "multipart/form-data"))).toBe(400);
  });

  it("refuses a field holding a NUL character with 400", async () => {
    expect(await statusOf(post(new URLSearchParams({ name: "Ada\0" })))).toBe(400);
  });
});
