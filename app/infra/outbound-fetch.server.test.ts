import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { type AddressInfo, createServer as createNetServer } from "node:net";
import { propfind } from "tsdav";
import { afterEach, describe, expect, it } from "vitest";
import { createOutboundFetch, isPublicAddress, OutboundRequestError } from "~/infra/outbound-fetch.server";

interface SeenRequest {
  method: string;
  url: string;
  headers: IncomingMessage["headers"];
  body: string;
}

const stopServers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(stopServers.splice(0).map((stop) => stop()));
});

/** A real loopback server that records each request it sees, body included. */
async function startServer(
  answer: (request: SeenRequest, response: ServerResponse) => void,
  host = "127.0.0.1",
): Promise<{ port: number; origin: string; seen: SeenRequest[] }> {
  const seen: SeenRequest[] = [];
  const server = createServer(async (request, response) => {
    let body = "";
    for await (const chunk of request) body += chunk;
    const entry = { method: request.method ?? "", url: request.url ?? "", headers: request.headers, body };
    seen.push(entry);
    answer(entry, response);
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  stopServers.push(async () => {
    // Keep-alive sockets from the fetch's pool would otherwise hold close() open.
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  const { port } = server.address() as AddressInfo;
  return { port, origin: `http://${host}:${port}`, seen };
}

const redirectTo =
  (location: string, status = 302) =>
  (_: SeenRequest, response: ServerResponse) => {
    response.writeHead(status, { location }).end();
  };

async function problemOf(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (failure: unknown) => failure,
  );
  expect(error).toBeInstanceOf(OutboundRequestError);
  expect((error as Error).message).not.toMatch(/\n\s+at /);
  return (error as OutboundRequestError).problem;
}

describe("isPublicAddress", () => {
  it.each([
    ["8.8.8.8", true],
    ["2606:4700:4700::1111", true],
    ["127.0.0.1", false],
    ["127.255.0.2", false],
    ["10.1.2.3", false],
    ["172.16.0.1", false],
    ["172.31.255.255", false],
    ["192.168.1.1", false],
    ["169.254.169.254", false],
    ["100.64.0.1", false],
    ["100.100.100.200", false],
    ["0.0.0.0", false],
    ["0.1.2.3", false],
    ["255.255.255.255", false],
    ["224.0.0.1", false],
    ["240.0.0.1", false],
    ["192.0.2.1", false],
    ["::1", false],
    ["::", false],
    ["fc00::1", false],
    ["fd00:ec2::254", false],
    ["fe80::1", false],
    ["ff02::1", false],
    ["2001:db8::1", false],
    ["::ffff:127.0.0.1", false],
    ["::ffff:169.254.169.254", false],
    ["::7f00:1", false],
    ["::ffff:8.8.8.8", true],
    ["calendar.example.com", false],
    ["127.1", false],
    ["", false],
  ])("%s → %s", (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });
});

describe("createOutboundFetch", () => {
  const allowLoopback = createOutboundFetch({ allowPrivateAddresses: true });

  it("refuses loopback by literal and by name, before any request reaches the server", async () => {
    const server = await startServer((_, response) => response.end("secret"));
    const publicOnly = createOutboundFetch({ allowPrivateAddresses: false });

    expect(await problemOf(publicOnly(`http://127.0.0.1:${server.port}/`))).toBe("refused-address");
    expect(await problemOf(publicOnly(`http://localhost:${server.port}/`))).toBe("refused-address");
    expect(await problemOf(publicOnly(`http://[::ffff:127.0.0.1]:${server.port}/`))).toBe("refused-address");
    expect(server.seen).toEqual([]);
  });

  it("answers like fetch when private addresses are allowed", async () => {
    const server = await startServer((_, response) => {
      response.writeHead(200, { "content-type": "application/json", "x-calendar": "yes" }).end('{"ok":1}');
    });

    const response = await allowLoopback(`${server.origin}/calendar.ics`);

    expect(response.status).toBe(200);
    expect(response.ok).toBe(true);
    expect(response.headers.get("x-calendar")).toBe("yes");
    expect(response.url).toBe(`${server.origin}/calendar.ics`);
    expect(await response.json()).toEqual({ ok: 1 });
  });

  it("works as tsdav's fetch, method, headers and body included", async () => {
    const server = await startServer((_, response) => {
      response.writeHead(207, { "content-type": "application/xml" });
      response.end(
        '<d:multistatus xmlns:d="DAV:"><d:response><d:href>/cal/</d:href><d:propstat><d:prop><d:displayname>Work</d:displayname></d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response></d:multistatus>',
      );
    });

    const [result] = await propfind({
      url: `${server.origin}/cal/`,
      props: { "d:displayname": {} },
      depth: "0",
      headers: { authorization: "Basic dTpw" },
      fetch: allowLoopback,
    });

    expect(result?.props?.displayname).toBe("Work");
    expect(server.seen[0]).toMatchObject({
      method: "PROPFIND",
      headers: { depth: "0", authorization: "Basic dTpw" },
    });
    expect(server.seen[0]?.body).toContain("displayname");
  });

  it("sends credentials typed into the address as Basic authorization", async () => {
    const server = await startServer((_, response) => response.end());

    await allowLoopback(`http://anna:p%40ss@127.0.0.1:${server.port}/`);

    expect(server.seen[0]?.headers.authorization).toBe(`Basic ${btoa("anna:p@ss")}`);
  });

  it("re-checks the address of every redirect, so the second server is never contacted", async () => {
    const inside = await startServer((_, response) => response.end("internal"), "127.0.0.2");
    const entry = await startServer(redirectTo(`http://127.0.0.2:${inside.port}/`));
    const onlyFirstLoopback = createOutboundFetch({
      allowPrivateAddresses: false,
      isAllowedAddress: (address) => address === "127.0.0.1",
    });

    expect(await problemOf(onlyFirstLoopback(`${entry.origin}/`))).toBe("refused-address");
    expect(entry.seen).toHaveLength(1);
    expect(inside.seen).toEqual([]);
  });

  it("stops after maxRedirects", async () => {
    const server = await startServer((request, response) => {
      response.writeHead(302, { location: `/hop${Number(request.url.slice(4) || 0) + 1}` }).end();
    });
    const fewRedirects = createOutboundFetch({ allowPrivateAddresses: true, maxRedirects: 2 });

    expect(await problemOf(fewRedirects(`${server.origin}/hop0`))).toBe("too-many-redirects");
    expect(server.seen.map((request) => request.url)).toEqual(["/hop0", "/hop1", "/hop2"]);
  });

  it("turns a POST into a GET on 302, and keeps method and body on 307", async () => {
    const server = await startServer((request, response) => {
      if (request.url === "/302") redirectTo("/after-302", 302)(request, response);
      else if (request.url === "/307") redirectTo("/after-307", 307)(request, response);
      else response.end();
    });
    const init = { method: "POST", body: "name=anna", headers: { "content-type": "text/plain" } };

    const afterFound = await allowLoopback(`${server.origin}/302`, init);
    await allowLoopback(`${server.origin}/307`, init);

    expect(afterFound.url).toBe(`${server.origin}/after-302`);
    expect(afterFound.redirected).toBe(true);
    const [, after302, , after307] = server.seen;
    expect(after302).toMatchObject({ method: "GET", body: "" });
    expect(after302?.headers["content-type"]).toBeUndefined();
    expect(after307).toMatchObject({
      method: "POST",
      body: "name=anna",
      headers: { "content-type": "text/plain" },
    });
  });

  it("keeps Authorization on the same origin and drops it on a hop to another", async () => {
    const server = await startServer((request, response) => {
      if (request.url === "/same") redirectTo("/elsewhere")(request, response);
      else if (request.url === "/elsewhere")
        redirectTo(`http://localhost:${server.port}/landing`)(request, response);
      else response.end();
    });

    await allowLoopback(`${server.origin}/same`, { headers: { authorization: "Bearer secret", depth: "1" } });

    const [first, sameOrigin, otherOrigin] = server.seen;
    expect(first?.headers.authorization).toBe("Bearer secret");
    expect(sameOrigin?.headers.authorization).toBe("Bearer secret");
    expect(otherOrigin?.url).toBe("/landing");
    expect(otherOrigin?.headers.authorization).toBeUndefined();
    expect(otherOrigin?.headers.depth).toBe("1");
  });

  it('hands a redirect back as it is when the caller asks for redirect: "manual"', async () => {
    const server = await startServer(redirectTo("/dav/", 301));

    const response = await allowLoopback(`${server.origin}/.well-known/caldav`, { redirect: "manual" });

    expect(response.status).toBe(301);
    expect(response.headers.get("location")).toBe("/dav/");
    expect(server.seen).toHaveLength(1);
  });

  it("refuses a body larger than maxBytes, by Content-Length and while reading", async () => {
    const server = await startServer((request, response) => {
      if (request.url === "/declared") {
        response.writeHead(200, { "content-length": "2000" }).end("x".repeat(2000));
        return;
      }
      // No Content-Length: chunked, so only counting while reading can tell.
      for (let chunk = 0; chunk < 5; chunk += 1) response.write("x".repeat(1000));
      response.end();
    });
    const small = createOutboundFetch({ allowPrivateAddresses: true, maxBytes: 1500 });

    expect(await problemOf(small(`${server.origin}/declared`))).toBe("too-large");
    expect(await problemOf(small(`${server.origin}/chunked`))).toBe("too-large");
  });

  it("gives up on a server that does not answer, or stops halfway through the body", async () => {
    const server = await startServer((request, response) => {
      if (request.url === "/halfway") response.writeHead(200).write("BEGIN:VCALENDAR");
    });
    const impatient = createOutboundFetch({ allowPrivateAddresses: true, timeoutMs: 200 });

    const silent = impatient(`${server.origin}/silent`);
    expect(await problemOf(silent)).toBe("timeout");
    await expect(silent).rejects.toThrow("The calendar server did not answer within 0.2 seconds.");
    expect(await problemOf(impatient(`${server.origin}/halfway`))).toBe("timeout");
  });

  it("reads a large answer whose server closes the connection straight after it", async () => {
    // undici 7 died here with an uncatchable assertion (nodejs/undici#5360): a reader slower than
    // the server left its parser paused when the server's FIN came, and the process ended.
    const body = Buffer.alloc(1024 * 1024, "a");
    const server = createNetServer((socket) => {
      socket.once("data", async () => {
        socket.write(`HTTP/1.1 200 OK\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`);
        for (let offset = 0; offset < body.length; offset += 8192) {
          socket.write(body.subarray(offset, offset + 8192));
          await new Promise((resolve) => setImmediate(resolve));
        }
        socket.end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    stopServers.push(() => new Promise((resolve) => server.close(() => resolve())));
    const { port } = server.address() as AddressInfo;
    for (let attempt = 0; attempt < 5; attempt += 1) {
      const response = await allowLoopback(`http://127.0.0.1:${port}/busy.ics`);
      const reader = response.body!.getReader();
      let received = 0;
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        received += value.byteLength;
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
      expect(received).toBe(body.length);
    }
  });

  it("decodes a compressed answer and counts its decoded size against maxBytes", async () => {
    const { gzipSync } = await import("node:zlib");
    const text = "BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n".repeat(200);
    const server = await startServer((_, response) => {
      response.writeHead(200, { "content-encoding": "gzip" }).end(gzipSync(text));
    });
    const response = await allowLoopback(`${server.origin}/`);
    expect(await response.text()).toBe(text);
    expect(response.headers.get("content-encoding")).toBeNull();
    expect(server.seen[0]!.headers["accept-encoding"]).toContain("gzip");
    const small = createOutboundFetch({ allowPrivateAddresses: true, maxBytes: 1_000 });
    expect(await problemOf(small(`${server.origin}/`))).toBe("too-large");
  });

  it("leaves the caller's own abort as it is", async () => {
    const server = await startServer(() => {});
    const controller = new AbortController();

    const pending = allowLoopback(`${server.origin}/`, { signal: controller.signal });
    controller.abort(new Error("user left"));

    await expect(pending).rejects.toThrow("user left");
  });

  it("reports a closed port as unreachable", async () => {
    const { port } = await startServer(() => {});
    await stopServers.pop()?.();

    const failure = allowLoopback(`http://127.0.0.1:${port}/`);

    expect(await problemOf(failure)).toBe("unreachable");
    await expect(failure).rejects.toThrow("The calendar server could not be reached (127.0.0.1).");
  });

  it.each(["ftp://calendar.example.com/cal.ics", "file:///etc/passwd", "not an address"])(
    "refuses %s as a bad address",
    async (address) => {
      expect(await problemOf(allowLoopback(address))).toBe("bad-address");
    },
  );

  it("refuses a redirect to a scheme other than http(s)", async () => {
    const server = await startServer(redirectTo("file:///etc/passwd"));

    expect(await problemOf(allowLoopback(`${server.origin}/`))).toBe("bad-address");
  });
});
