import ipaddr from "ipaddr.js";

/**
 * Whom the server believes about a visitor's address (TRUST_PROXY):
 * - `none`: the socket's address, whatever X-Forwarded-For says;
 * - `hops`: that many proxies in front, whoever connects (`true` is one hop, kept for old settings:
 *   anyone who reaches the server directly can then choose the address rate limits see);
 * - `ranges`: only proxies at these addresses or CIDRs are believed, each about the hop before it.
 */
export type ProxyTrust =
  | { kind: "none" }
  | { kind: "hops"; hops: number; legacy: boolean }
  | { kind: "ranges"; ranges: ReadonlyArray<[ipaddr.IPv4 | ipaddr.IPv6, number]>; text: string };

/** Names a setting can use for common private ranges, as proxies usually sit on them. */
const namedRanges: Record<string, string[]> = {
  loopback: ["127.0.0.0/8", "::1/128"],
  private: ["10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "fc00::/7"],
  linklocal: ["169.254.0.0/16", "fe80::/10"],
};

/** Parses TRUST_PROXY; a string is the reason it cannot be read. */
export function parseProxyTrust(value: string): ProxyTrust | string {
  const setting = value.trim();
  if (setting === "" || setting === "false" || setting === "0") return { kind: "none" };
  if (setting === "true") return { kind: "hops", hops: 1, legacy: true };
  if (/^\d+$/.test(setting)) {
    const hops = Number(setting);
    if (hops < 1 || hops > 10) return "a hop count must be 1 to 10";
    return { kind: "hops", hops, legacy: false };
  }
  const ranges: Array<[ipaddr.IPv4 | ipaddr.IPv6, number]> = [];
  for (const entry of setting
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean)) {
    for (const range of namedRanges[entry] ?? [entry]) {
      try {
        ranges.push(range.includes("/") ? ipaddr.parseCIDR(range) : wholeAddress(range));
      } catch {
        return `"${entry}" is not an address, a CIDR such as 10.0.0.0/8, or one of ${Object.keys(namedRanges).join(", ")}`;
      }
    }
  }
  return { kind: "ranges", ranges, text: setting };
}

function wholeAddress(text: string): [ipaddr.IPv4 | ipaddr.IPv6, number] {
  const address = ipaddr.parse(text);
  return [address, address.kind() === "ipv4" ? 32 : 128];
}

/** An address as one kind: IPv4 written inside IPv6 (::ffff:10.0.0.1) is IPv4. */
function normalized(text: string): ipaddr.IPv4 | ipaddr.IPv6 | undefined {
  try {
    return ipaddr.process(text.trim());
  } catch {
    return undefined;
  }
}

function trusted(address: string, ranges: ReadonlyArray<[ipaddr.IPv4 | ipaddr.IPv6, number]>): boolean {
  const parsed = normalized(address);
  if (!parsed) return false;
  return ranges.some(([range, bits]) => range.kind() === parsed.kind() && parsed.match(range, bits));
}

/**
 * The visitor's address: from the socket, stepping back through X-Forwarded-For (each proxy appends
 * the address it saw, so the nearest is last) only while the hop we are at is one we trust. A
 * forged header from a peer we do not trust is ignored.
 */
export function clientAddressFrom(
  socketAddress: string | undefined,
  forwardedFor: string | undefined,
  trust: ProxyTrust,
): string {
  const socket = socketAddress ?? "unknown";
  if (trust.kind === "none" || !forwardedFor) return normalized(socket)?.toString() ?? socket;
  const hops = forwardedFor
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean)
    .reverse();
  const chain = [socket, ...hops];
  let index = 0;
  if (trust.kind === "hops") {
    index = Math.min(trust.hops, chain.length - 1);
  } else {
    while (index < chain.length - 1 && trusted(chain[index]!, trust.ranges)) index += 1;
  }
  const found = chain[index]!;
  return normalized(found)?.toString() ?? found;
}
