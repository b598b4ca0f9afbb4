/**
 * The lane in front of the app answers kept pages and consultant answers straight from memory. A
 * client must not be able to tell: the same status, headers and bytes as the app's own answer,
 * and every request it is not sure about left to the app.
 */
import { once } from "node:events";
import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Writable } from "node:stream";
import { consultants } from "@db/schema";
import { getRequestListener } from "@hono/node-server";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clockFrom } from "~/infra/clock.server";
import type { DatabaseHandle } from "~/infra/db.server";
import { createLogger } from "~/infra/logger.server";
import { createKeptCatalogue, hearCatalogueChanges } from "~/kept/catalogue.server";
import { directoryMomentFor } from "~/kept/directory.server";
import { PageStore, SHARED_PAGES } from "~/kept/shared-pages.server";
import { createConsultant, createUserWithSession } from "../tests/setup/factories";
import { createTestApp } from "../tests/setup/test-app";
import { createTestDatabase } from "../tests/setup/test-database";
import { createMemoryAnswerer } from "./memory-answers";

let database: DatabaseHandle;
let stopHearing: () => Promise<void>;
let server: Server;
let baseUrl: string;
let consultantId: string;
const { answers: catalogueAnswers, pages: cataloguePages } = createKeptCatalogue();
const pageStore = new PageStore(SHARED_PAGES);
const logLines: Array<Record<string, unknown>> = [];
/** Requests that reached the app, past the lane. */
let reachedApp = 0;

beforeAll(async () => {
  database = await createTestDatabase();
  stopHearing = await hearCatalogueChanges(database, { answers: catalogueAnswers, pages: cataloguePages });
  consultantId = (await createConsultant(database.db, { name: "Lane Consultant" })).id;
  const logger = createLogger("info", {
    pretty: false,
    destination: new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split("\n").filter(Boolean)) logLines.push(JSON.parse(line));
        done();
      },
    }),
  });
  const { app, env } = createTestApp(database, {
    kept: { catalogue: { answers: catalogueAnswers, pages: cataloguePages }, sharedPages: pageStore },
    logger,
    handlePage: async (request, context) =>
      new Response(
        `<!doctype html><script nonce="${context.cspNonce}">1</script><p>${new URL(request.url).pathname}</p>`,
        { headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-cache" } },
      ),
  });
  const answerFromMemory = createMemoryAnswerer({
    sharedPages: pageStore,
    catalogue: { answers: catalogueAnswers, pages: cataloguePages },
    catalogueMoment: directoryMomentFor(clockFrom(env), env.AGENCY_TZ),
    policy: { isProduction: false, servedOverHttps: false },
    logger,
  });
  const appListener = getRequestListener(app.fetch);
  server = createServer((request, response) => {
    if (answerFromMemory(request, response)) return;
    reachedApp += 1;
    void appListener(request, response);
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await stopHearing();
  await database.close();
});

interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A request as a browser sends it, bytes as they come (no decompression). */
async function get(path: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  const request = httpRequest(`${baseUrl}${path}`, {
    headers: { "Accept-Encoding": "gzip, deflate, br", ...headers },
  });
  request.end();
  const [response] = (await once(request, "response")) as [import("node:http").IncomingMessage];
  const chunks: Buffer[] = [];
  for await (const chunk of response) chunks.push(chunk as Buffer);
  return { status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) };
}

/** Headers that differ between any two responses by design. */
function comparable(headers: IncomingHttpHeaders, ...alsoIgnored: string[]) {
  const ignored = new Set(["date", "x-request-id", "connection", "keep-alive", ...alsoIgnored]);
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !ignored.has(name)));
}

/** Whether the request was answered by the lane (it never reached the app). */
async function answeredFromMemory(path: string, headers: Record<string, string> = {}) {
  const before = reachedApp;
  const answer = await get(path, headers);
  return { answer, fromMemory: reachedApp === before };
}

describe("answers from memory, before the app", () => {
  it("serves a kept page with the app's own status, headers and bytes, and its own request id", async () => {
    const rendered = await answeredFromMemory("/services");
    expect(rendered.fromMemory).toBe(false);
    const kept = await answeredFromMemory("/services");
    expect(kept.fromMemory).toBe(true);
    expect(kept.answer.status).toBe(200);
    expect(kept.answer.body.equals(rendered.answer.body)).toBe(true);
    expect(comparable(kept.answer.headers)).toEqual(comparable(rendered.answer.headers));
    expect(kept.answer.headers["content-encoding"]).toBe("br");
    expect(kept.answer.headers["x-frame-options"]).toBe("DENY");
    expect(kept.answer.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(kept.answer.headers["x-request-id"]).not.toBe(rendered.answer.headers["x-request-id"]);

    const line = logLines.find((entry) => entry.requestId === kept.answer.headers["x-request-id"]);
    expect(line).toMatchObject({ msg: "request", method: "GET", path: "/services", status: 200 });
    expect(typeof line?.durationMs).toBe("number");
  });

  it("serves a kept directory page until the database says consultants or bookings changed", async () => {
    for (const path of ["/consultant", "/consultant/marketing?sort=fee-high"]) {
      const rendered = await answeredFromMemory(path);
      const kept = await answeredFromMemory(path);
      expect(rendered.fromMemory, path).toBe(false);
      expect(kept.fromMemory, path).toBe(true);
      expect(kept.answer.body.equals(rendered.answer.body)).toBe(true);
      expect(comparable(kept.answer.headers)).toEqual(comparable(rendered.answer.headers));
    }
    await database.db.update(consultants).set({ feeCents: 6_500 }).where(eq(consultants.id, consultantId));
    await expect.poll(async () => (await answeredFromMemory("/consultant")).fromMemory).toBe(false);
    expect((await answeredFromMemory("/consultant")).fromMemory).toBe(true);
  });

  it("serves a client that asks for no compression the same uncompressed bytes as the app", async () => {
    for (const path of ["/blog", "/api/doctor/list"]) {
      const fromApp = await answeredFromMemory(path, { "Accept-Encoding": "" });
      const kept = await answeredFromMemory(path, { "Accept-Encoding": "" });
      expect(fromApp.fromMemory, path).toBe(false);
      expect(kept.fromMemory, path).toBe(true);
      expect(kept.answer.headers["content-encoding"]).toBeUndefined();
      expect(kept.answer.body.equals(fromApp.answer.body)).toBe(true);
      expect(comparable(kept.answer.headers, "content-security-policy")).toEqual(
        comparable(fromApp.answer.headers, "content-security-policy"),
      );
    }
  });

  it("answers a revalidation with 304 and no body", async () => {
    const first = await get("/about");
    const revalidated = await answeredFromMemory("/about", { "If-None-Match": String(first.headers.etag) });
    expect(revalidated.fromMemory).toBe(true);
    expect(revalidated.answer.status).toBe(304);
    expect(revalidated.answer.body.length).toBe(0);
  });

  it("serves the kept consultant list and slots as the API does, gzip or brotli", async () => {
    for (const path of ["/api/doctor/list", `/api/consultant/${consultantId}/slots`]) {
      for (const encoding of ["gzip", "br"]) {
        const computed = await answeredFromMemory(path, { "Accept-Encoding": encoding });
        const kept = await answeredFromMemory(path, { "Accept-Encoding": encoding });
        expect(kept.fromMemory, `${path} (${encoding})`).toBe(true);
        expect(kept.answer.status).toBe(200);
        expect(kept.answer.body.equals(computed.answer.body)).toBe(true);
        // Each API answer's policy carries a fresh nonce; the rest is the same.
        expect(comparable(kept.answer.headers, "content-security-policy")).toEqual(
          comparable(computed.answer.headers, "content-security-policy"),
        );
        expect(kept.answer.headers.vary).toBe("Accept-Encoding, Origin");
        expect(kept.answer.headers["content-security-policy"]).toMatch(/script-src 'self' 'nonce-/);
      }
      // Forgotten as soon as the app answers a write: the next request goes to the app again.
      catalogueAnswers.forgetAll();
    }
  });

  it("leaves to the app whatever it is not sure about", async () => {
    await get("/pricing");
    await get("/api/doctor/list");
    const { token } = await createUserWithSession(database.db);
    const leftToTheApp: Array<[string, Record<string, string>]> = [
      ["/pricing", { Cookie: "session=abc" }],
      ["/pricing", { Authorization: `Bearer ${token}` }],
      ["/pricing", { "X-Request-Id": "my-own-id" }],
      ["/pricing?ref=mail", {}],
      ["/api/doctor/list", { Origin: "https://old-client.example" }],
      ["/api/doctor/list", { token }],
      ["/api/doctor/list?speciality=Marketing", {}],
      ["/contact", { Cookie: "flash=sent" }],
    ];
    for (const [path, headers] of leftToTheApp) {
      const { fromMemory } = await answeredFromMemory(path, headers);
      expect(fromMemory, `${path} ${JSON.stringify(headers)}`).toBe(false);
    }
    // The same requests without what set them apart are answered from memory.
    expect((await answeredFromMemory("/pricing")).fromMemory).toBe(true);
    // The app compresses with brotli or gzip only, as the stores do: the rest get the bytes as they are.
    expect((await answeredFromMemory("/pricing", { "Accept-Encoding": "deflate" })).fromMemory).toBe(true);
    expect((await answeredFromMemory("/api/doctor/list")).fromMemory).toBe(true);
  });

  it("leaves a page to the app once it is older than the store keeps it", async () => {
    const shortLived = new PageStore({ ttlMs: 1, maxEntries: 10 });
    const { app } = createTestApp(database, { kept: { sharedPages: shortLived } });
    expect((await app.request("/service3", { headers: { "Accept-Encoding": "br" } })).status).toBe(200);
    const answerFromMemory = createMemoryAnswerer({
      sharedPages: shortLived,
      catalogue: { answers: catalogueAnswers },
      catalogueMoment: () => "",
      policy: { isProduction: false, servedOverHttps: false },
      logger: createLogger("silent"),
    });
    const request = {
      method: "GET",
      httpVersionMajor: 1,
      url: "/service3",
      headers: { "accept-encoding": "br" },
    };
    const response = { writeHead: () => expect.fail("a stale page was answered"), end() {} };
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(shortLived.get("/service3")).toBeDefined();
    expect(answerFromMemory(request as never, response as never)).toBe(false);
  });
});
