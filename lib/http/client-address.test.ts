import { afterEach, describe, expect, it } from "vitest";
import { addressSubject, clientAddress, PEER_HEADER, trustedProxyHops } from "./client-address";

afterEach(() => {
  delete process.env.TRUST_PROXY;
});

describe("clientAddress", () => {
  it.each([
    // TRUST_PROXY, X-Forwarded-For, the server's stamp → the client
    ["", "", "192.0.2.1", "192.0.2.1"],
    ["", "203.0.113.9", "192.0.2.1", "192.0.2.1"],
    ["", "203.0.113.9, 198.51.100.2", "::ffff:192.0.2.1", "192.0.2.1"],
    ["0", "203.0.113.9", "2001:DB8::1", "2001:db8::1"],
    ["1", "forged, 203.0.113.9", "10.0.0.1", "203.0.113.9"],
    ["1", "203.0.113.9", "10.0.0.1", "203.0.113.9"],
    ["2", "forged, 203.0.113.9, 10.0.0.2", "10.0.0.1", "203.0.113.9"],
    ["2", "203.0.113.9", "10.0.0.1", "203.0.113.9"], // fewer hops than proxies: the furthest one
    ["1", "", "10.0.0.1", "10.0.0.1"],
    ["1", "not-an-address", "10.0.0.1", "10.0.0.1"], // a proxy that wrote garbage: its own address
    ["1", "[2001:db8::7]:4711", "10.0.0.1", "2001:db8::7"],
    ["1", "203.0.113.9:4711", "10.0.0.1", "203.0.113.9"],
    // not through our server (in-process tests): Next.js's X-Forwarded-For stands for the socket
    ["", "203.0.113.9", null, "203.0.113.9"],
    ["", "", null, "unknown"],
  ])("TRUST_PROXY=%s, X-Forwarded-For %s, peer %s → %s", (trust, forwarded, peer, expected) => {
    process.env.TRUST_PROXY = trust;
    const headers: Record<string, string> = {};
    if (forwarded) headers["x-forwarded-for"] = forwarded;
    if (peer) headers[PEER_HEADER] = peer;
    expect(clientAddress(new Request("http://kola.test/", { headers }))).toBe(expected);
  });

  it.each(["-1", "yes", "1.5", "100"])("refuses TRUST_PROXY=%s", (value) => {
    process.env.TRUST_PROXY = value;
    expect(() => trustedProxyHops()).toThrow(/^TRUST_PROXY must be a number of proxy hops/);
  });

  it.each([
    ["192.0.2.1", "192.0.2.1"],
    ["2001:db8:0:1:aaaa:bbbb:cccc:dddd", "2001:db8:0:1::/64"],
    ["2001:db8::1", "2001:db8:0:0::/64"],
    ["2001:0db8:0000:0001::9", "2001:db8:0:1::/64"],
    ["::1", "0:0:0:0::/64"],
    ["unknown", "unknown"],
  ])("limits count %s as %s", (address, subject) => {
    expect(addressSubject(address)).toBe(subject);
  });
});
