import dns from "node:dns";
import net from "node:net";
import { ReadableStream } from "node:stream/web";
import ipaddr from "ipaddr.js";
import { Agent, buildConnector, Headers, Response, fetch as undiciFetch } from "undici";

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

/** Judges the addresses a connection is about to use, so a DNS answer that changes after a check cannot slip past. */
function guardedConnector(isAllowedAddress: (address: string) => boolean): buildConnector.connector {
  const connect = buildConnector({
    lookup(hostname, lookupOptions, callback) {
      dns.lookup(hostname, { ...lookupOptions, all: true }, (error, addresses) => {
        if (error) return callback(error, "");
        if (addresses.some(({ address }) => !isAllowedAddress(address)))
          return callback(refusedAddress(), "");
        // Node asks for every address when it races IPv4 against IPv6 (autoSelectFamily), else for one.
        if (lookupOptions.all) return callback(null, addresses);
        const [first] = addresses;
        callback(null, first?.address ?? "", first?.family);
      });
    },
  });
  return (connectOptions, callback) => {
    // Node connects to an IP literal without calling lookup, so a literal is judged here.
    if (net.isIP(connectOptions.hostname) && !isAllowedAddress(connectOptions.hostname)) {
      return callback(refusedAddress(), null);
    }
    connect(connectOptions, callback);
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

/** A fetch for addresses users type in: refuses private networks at connect time, and bounds time, size and redirects. */
export function createOutboundFetch(options: OutboundFetchOptions): typeof globalThis.fetch {
  const { timeoutMs = 15_000, maxBytes = 10 * 1024 * 1024, maxRedirects = 5 } = options;
  const isAllowedAddress =
    options.isAllowedAddress ?? (options.allowPrivateAddresses ? () => true : isPublicAddress);
  // One agent for every hop, so each new connection passes the same check.
  const agent = new Agent({ connect: guardedConnector(isAllowedAddress) });
  const tooLarge = () =>
    new OutboundRequestError(
      "too-large",
      `The calendar is larger than ${formatBytes(maxBytes)}, more than this server reads.`,
    );

  async function outboundFetch(input: string | URL | Request, init: RequestInit = {}): Promise<Response> {
    // A Request from either fetch (Node's global one or undici's) is read into plain options.
    if (typeof input === "object" && !(input instanceof URL)) {
      const body = input.body ? await input.arrayBuffer() : undefined;
      const { method, headers, signal, redirect } = input;
      return outboundFetch(input.url, { method, headers, body, signal, redirect, ...init });
    }
    let url = calendarUrl(String(input));
    const headers = new Headers(init.headers as ConstructorParameters<typeof Headers>[0]);
    // undici refuses a URL with credentials in it, so they travel as the header they stand for.
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
    let body = init.body;
    // redirect: "error" means no redirect at all.
    const redirectLimit = init.redirect === "error" ? 0 : maxRedirects;
    try {
      for (let redirects = 0; ; redirects += 1) {
        const response = await undiciFetch(url, {
          ...(init as object),
          method,
          headers,
          body: body as string | undefined,
          signal,
          redirect: "manual",
          dispatcher: agent,
        });
        const location = response.headers.get("location");
        const isRedirect = [301, 302, 303, 307, 308].includes(response.status) && location !== null;
        // A caller asking for the redirect itself (tsdav's service discovery does) gets it; its next call is checked anew.
        if (!isRedirect || init.redirect === "manual") return boundedResponse(response, url, redirects > 0);
        await response.body?.cancel();
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
          (response.status === 303 && method !== "GET" && method !== "HEAD") ||
          (response.status <= 302 && method === "POST")
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

    function boundedResponse(response: Response, finalUrl: URL, redirected: boolean): Response {
      if (Number(response.headers.get("content-length")) > maxBytes) {
        response.body?.cancel().catch(() => {});
        throw tooLarge();
      }
      const source = response.body?.getReader();
      let received = 0;
      const limitedBody =
        source &&
        new ReadableStream<Uint8Array>({
          async pull(controller) {
            try {
              const { done, value } = await source.read();
              if (done) return controller.close();
              received += value.byteLength;
              if (received > maxBytes) throw tooLarge();
              controller.enqueue(value);
            } catch (error) {
              source.cancel().catch(() => {});
              controller.error(describeFailure(error));
            }
          },
          cancel: (reason) => source.cancel(reason),
        });
      const { status, statusText } = response;
      const bounded = new Response(limitedBody, { status, statusText, headers: response.headers });
      // A new Response has no url of its own; tsdav reports it as the href of what it fetched.
      Object.defineProperties(bounded, { url: { value: finalUrl.href }, redirected: { value: redirected } });
      return bounded;
    }
  }

  return outboundFetch as unknown as typeof globalThis.fetch;
}
