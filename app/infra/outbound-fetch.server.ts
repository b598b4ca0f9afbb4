import dns from "node:dns";
import http, { type IncomingMessage } from "node:http";
import https from "node:https";
import net from "node:net";
import type { Readable } from "node:stream";
import zlib from "node:zlib";
import ipaddr from "ipaddr.js";

export interface OutboundFetchOptions {
  /** CALENDAR_ALLOW_PRIVATE_ADDRESSES: a self-hosted calendar on the same network, and the tests. */
  allowPrivateAddresses: boolean;
  /** The whole request, body included. */
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
  /** For tests: decides whether an address may be connected to (default: isPublicAddress unless allowPrivateAddresses). */
  isAllowedAddress?: (address: string) => boolean;
}

export type OutboundProblem =
  | "bad-address"
  | "refused-address"
  | "unreachable"
  | "timeout"
  | "too-large"
  | "too-many-redirects";

/** Its message is a sentence fit to show the person who typed the address; `cause` holds the detail for logs. */
export class OutboundRequestError extends Error {
  override name = "OutboundRequestError";
  constructor(
    readonly problem: OutboundProblem,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/** Only plain unicast counts: loopback, private, link-local (cloud metadata), CGNAT, reserved and the rest do not. */
export function isPublicAddress(address: string): boolean {
  if (!net.isIP(address)) return false;
  let parsed = ipaddr.parse(address);
  // ::ffff:127.0.0.1 reaches 127.0.0.1, so it is judged as that.
  if (parsed instanceof ipaddr.IPv6 && parsed.isIPv4MappedAddress()) parsed = parsed.toIPv4Address();
  // The deprecated IPv4-compatible ::a.b.c.d passes as unicast in ipaddr.js, yet is no public host.
  if (parsed instanceof ipaddr.IPv6 && parsed.parts.slice(0, 6).every((part) => part === 0)) return false;
  return parsed.range() === "unicast";
}

const refusedAddress = () =>
  new OutboundRequestError(
    "refused-address",
    "The calendar address points to a private or local network, which this server does not call.",
  );

/**
 * The DNS lookup every connection makes: it judges the addresses the socket is about to use, so a
 * DNS answer that changes after a check cannot slip past. (An IP literal is judged before: Node
 * connects to one without a lookup.)
 */
function guardedLookup(isAllowedAddress: (address: string) => boolean): net.LookupFunction {
  return (hostname, lookupOptions, callback) => {
    dns.lookup(hostname, { ...lookupOptions, all: true }, (error, addresses) => {
      if (error) return callback(error, "");
      if (addresses.some(({ address }) => !isAllowedAddress(address))) return callback(refusedAddress(), "");
      // Node asks for every address when it races IPv4 against IPv6 (autoSelectFamily), else for one.
      if (lookupOptions.all) return callback(null, addresses);
      const [first] = addresses;
      callback(null, first?.address ?? "", first?.family);
    });
  };
}

function calendarUrl(address: string): URL {
  const url = URL.canParse(address) ? new URL(address) : undefined;
  if (url?.protocol !== "https:" && url?.protocol !== "http:") {
    throw new OutboundRequestError(
      "bad-address",
      "The calendar address must start with https:// or http://.",
    );
  }
  return url;
}

function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Number((bytes / 1024 / 1024).toFixed(1))} MB`;
  if (bytes >= 1024) return `${Number((bytes / 1024).toFixed(1))} KB`;
  return `${bytes} bytes`;
}

// The fetch standard's list: a hop to another origin must not carry the caller's credentials there.
const credentialHeaders = ["authorization", "proxy-authorization", "cookie"];

/** What a server answered, read whole (and decompressed). */
interface Answer {
  status: number;
  statusText: string;
  headers: Headers;
  body: Buffer;
}

/** Statuses whose Response cannot carry a body (the fetch standard's "null body status"). */
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

function bodyBytes(body: RequestInit["body"]): Buffer | undefined {
  if (body === undefined || body === null) return undefined;
  if (typeof body === "string") return Buffer.from(body);
  if (body instanceof ArrayBuffer) return Buffer.from(body);
  if (ArrayBuffer.isView(body)) return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  return Buffer.from(String(body));
}

function decompressed(incoming: IncomingMessage): Readable {
  const encoding = String(incoming.headers["content-encoding"] ?? "")
    .trim()
    .toLowerCase();
  if (encoding === "gzip" || encoding === "x-gzip") return incoming.pipe(zlib.createGunzip());
  if (encoding === "deflate") return incoming.pipe(zlib.createInflate());
  if (encoding === "br") return incoming.pipe(zlib.createBrotliDecompress());
  return incoming;
}

/**
 * A fetch for addresses users type in: refuses private networks at connect time, and bounds time,
 * size and redirects. It speaks node:http(s), not undici: undici 7 crashes the whole process with
 * an uncatchable assertion when a server closes the connection while a large answer is still
 * queued (nodejs/undici#5360, fixed only in undici 8, which needs Node 22), and a calendar server
 * anyone can point us at must not be able to do that. Answers are read whole, within maxBytes.
 */
export function createOutboundFetch(options: OutboundFetchOptions): typeof globalThis.fetch {
  const { timeoutMs = 15_000, maxBytes = 10 * 1024 * 1024, maxRedirects = 5 } = options;
  const isAllowedAddress =
    options.isAllowedAddress ?? (options.allowPrivateAddresses ? () => true : isPublicAddress);
  const lookup = guardedLookup(isAllowedAddress);
  const agents = {
    "http:": new http.Agent({ keepAlive: true }),
    "https:": new https.Agent({ keepAlive: true }),
  };
  const tooLarge = () =>
    new OutboundRequestError(
      "too-large",
      `The calendar is larger than ${formatBytes(maxBytes)}, more than this server reads.`,
    );

  /** One request and its whole answer; rejects on a refused address, a failure, an abort or too many bytes. */
  function exchange(
    url: URL,
    method: string,
    headers: Headers,
    body: Buffer | undefined,
    signal: AbortSignal,
  ) {
    return new Promise<Answer>((resolve, reject) => {
      const literal = url.hostname.replace(/^\[|\]$/g, "");
      if (net.isIP(literal) && !isAllowedAddress(literal)) return reject(refusedAddress());
      const outgoing: Record<string, string> = Object.fromEntries(headers);
      outgoing["accept-encoding"] ??= "gzip, deflate, br";
      if (body) outgoing["content-length"] = String(body.byteLength);
      const transport = url.protocol === "https:" ? https : http;
      const request = transport.request(url, {
        method,
        headers: outgoing,
        lookup,
        signal,
        agent: agents[url.protocol as "http:" | "https:"],
      });
      let settled = false;
      const fail = (error: unknown) => {
        if (settled) return;
        settled = true;
        request.destroy();
        reject(error);
      };
      request.once("error", fail);
      request.once("response", (incoming) => {
        incoming.once("error", fail);
        if (Number(incoming.headers["content-length"]) > maxBytes) return fail(tooLarge());
        const chunks: Buffer[] = [];
        let received = 0;
        const stream = decompressed(incoming);
        stream.on("data", (chunk: Buffer) => {
          received += chunk.byteLength;
          if (received > maxBytes) return fail(tooLarge());
          chunks.push(chunk);
        });
        stream.once("error", fail);
        stream.once("end", () => {
          if (settled) return;
          settled = true;
          const answerHeaders = new Headers();
          for (const [name, value] of Object.entries(incoming.headers)) {
            for (const one of Array.isArray(value) ? value : [value ?? ""]) answerHeaders.append(name, one);
          }
          if (stream !== incoming) {
            // The body is handed over decoded, so its encoding and length no longer describe it.
            answerHeaders.delete("content-encoding");
            answerHeaders.delete("content-length");
          }
          resolve({
            status: incoming.statusCode ?? 0,
            statusText: incoming.statusMessage ?? "",
            headers: answerHeaders,
            body: Buffer.concat(chunks),
          });
        });
        // A connection closed before the end of the answer.
        incoming.once("close", () => {
          if (!incoming.complete) fail(new Error("The connection closed before the answer ended."));
        });
      });
      request.end(body);
    });
  }

  async function outboundFetch(input: string | URL | Request, init: RequestInit = {}): Promise<Response> {
    // A Request is read into plain options.
    if (typeof input === "object" && !(input instanceof URL)) {
      const body = input.body ? await input.arrayBuffer() : undefined;
      const { method, headers, signal, redirect } = input;
      return outboundFetch(input.url, { method, headers, body, signal, redirect, ...init });
    }
    let url = calendarUrl(String(input));
    const headers = new Headers(init.headers);
    // Credentials typed into the address travel as the header they stand for.
    if (url.username || url.password) {
      const credentials = `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`;
      if (!headers.has("authorization")) headers.set("authorization", `Basic ${btoa(credentials)}`);
      url.username = "";
      url.password = "";
    }
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = init.signal ? AbortSignal.any([init.signal, timeout]) : timeout;

    const describeFailure = (error: unknown): unknown => {
      for (let cause = error; cause instanceof Error; cause = cause.cause) {
        if (cause instanceof OutboundRequestError) return cause;
      }
      if (timeout.aborted) {
        const message = `The calendar server did not answer within ${timeoutMs / 1000} seconds.`;
        return new OutboundRequestError("timeout", message);
      }
      // The caller's own abort stays theirs to recognise.
      if (init.signal?.aborted) return init.signal.reason;
      const message = `The calendar server could not be reached (${url.hostname}).`;
      return new OutboundRequestError("unreachable", message, { cause: error });
    };

    let method = (init.method ?? "GET").toUpperCase();
    let body = bodyBytes(init.body);
    // redirect: "error" means no redirect at all.
    const redirectLimit = init.redirect === "error" ? 0 : maxRedirects;
    try {
      for (let redirects = 0; ; redirects += 1) {
        const answer = await exchange(url, method, headers, body, signal);
        const location = answer.headers.get("location");
        const isRedirect = [301, 302, 303, 307, 308].includes(answer.status) && location !== null;
        // A caller asking for the redirect itself (tsdav's service discovery does) gets it; its next call is checked anew.
        if (!isRedirect || init.redirect === "manual") return responseOf(answer, url, redirects > 0);
        if (redirects >= redirectLimit) {
          throw new OutboundRequestError(
            "too-many-redirects",
            `The calendar server redirected more than ${redirectLimit} times.`,
          );
        }
        const next = calendarUrl(new URL(location, url).href);
        if (next.origin !== url.origin) for (const name of credentialHeaders) headers.delete(name);
        // As the fetch standard does: 303 asks for a GET, and 301/302 after a POST have meant one since early browsers.
        if (
          (answer.status === 303 && method !== "GET" && method !== "HEAD") ||
          (answer.status <= 302 && method === "POST")
        ) {
          method = "GET";
          body = undefined;
          for (const name of [...headers.keys()]) if (name.startsWith("content-")) headers.delete(name);
        }
        url = next;
      }
    } catch (error) {
      throw describeFailure(error);
    }
  }

  return outboundFetch as unknown as typeof globalThis.fetch;
}

function responseOf(answer: Answer, finalUrl: URL, redirected: boolean): Response {
  const { status, statusText, headers } = answer;
  const body = NULL_BODY_STATUSES.has(status) ? null : new Uint8Array(answer.body);
  const response = new Response(body, { status, statusText, headers });
  // A new Response has no url of its own; tsdav reports it as the href of what it fetched.
  Object.defineProperties(response, { url: { value: finalUrl.href }, redirected: { value: redirected } });
  return response;
}
