import { describe, expect, it } from "vitest";
import { clientAddressFrom, type ProxyTrust, parseProxyTrust } from "./trusted-proxies.server";

function trust(setting: string): ProxyTrust {
  const parsed = parseProxyTrust(setting);
  if (typeof parsed === "string") throw new Error(parsed);
  return parsed;
}

describe("TRUST_PROXY", () => {
  it("believes nobody by default: a forged X-Forwarded-For is ignored", () => {
    expect(clientAddressFrom("203.0.113.9", "198.51.100.1", trust("false"))).toBe("203.0.113.9");
  });

  it("with a list, believes only the listed proxies, each about the hop before it", () => {
    const balancer = trust("10.0.0.0/8, 192.0.2.10");
    // Through the balancer: the address it saw.
    expect(clientAddressFrom("10.1.2.3", "203.0.113.9", balancer)).toBe("203.0.113.9");
    // Straight to the host with a forged header: the socket, not the header.
    expect(clientAddressFrom("198.51.100.7", "1.2.3.4", balancer)).toBe("198.51.100.7");
    // Two trusted proxies in a row; a forged first entry from the visitor stays behind them.
    expect(clientAddressFrom("10.0.0.2", "1.2.3.4, 203.0.113.9, 192.0.2.10", balancer)).toBe("203.0.113.9");
    // IPv4 seen on an IPv6 socket is the same address.
    expect(clientAddressFrom("::ffff:10.0.0.5", "203.0.113.9", balancer)).toBe("203.0.113.9");
    expect(clientAddressFrom("::ffff:198.51.100.7", "1.2.3.4", balancer)).toBe("198.51.100.7");
  });

  it("knows loopback and private ranges by name", () => {
    expect(clientAddressFrom("127.0.0.1", "203.0.113.9", trust("loopback"))).toBe("203.0.113.9");
    expect(clientAddressFrom("::1", "203.0.113.9", trust("loopback"))).toBe("203.0.113.9");
    expect(clientAddressFrom("172.20.0.4", "203.0.113.9", trust("private"))).toBe("203.0.113.9");
  });

  it("with a hop count, skips that many proxies from anyone; true is one hop, marked as the old setting", () => {
    expect(clientAddressFrom("198.51.100.7", "1.2.3.4, 203.0.113.9, 10.0.0.2", trust("2"))).toBe(
      "203.0.113.9",
    );
    expect(clientAddressFrom("198.51.100.7", "203.0.113.9", trust("5"))).toBe("203.0.113.9");
    expect(trust("true")).toEqual({ kind: "hops", hops: 1, legacy: true });
    expect(clientAddressFrom("198.51.100.7", "1.2.3.4, 203.0.113.9", trust("true"))).toBe("203.0.113.9");
  });

  it("refuses what it cannot read, naming it", () => {
    expect(parseProxyTrust("10.0.0.0/33")).toMatch(/"10.0.0.0\/33" is not an address, a CIDR/);
    expect(parseProxyTrust("proxy.internal")).toMatch(/"proxy.internal" is not an address/);
    expect(parseProxyTrust("11")).toBe("a hop count must be 1 to 10");
  });
});
