import type { IncomingMessage } from "node:http";
import { isIP } from "node:net";
import { setting } from "@/lib/runtime/config";

// Who is on the other end of a request, for rate limits. Route handlers never see the socket, and
// Next.js fills `X-Forwarded-For` with the socket's address only when the client did not send one
// (`??=`), so a client could name any address it likes. Every request our Node server accepts is
// therefore stamped, before Next.js or the /v1 dispatcher reads it, with the socket's own address
// in PEER_HEADER (a copy sent by the client is overwritten). Behind proxies, TRUST_PROXY says how
// many of them to believe.

export const PEER_HEADER = "x-kola-peer-address";

/** Stamps a request with its socket's address, over any copy the client sent (./node-server.ts). */
export function stampPeerAddress(request: IncomingMessage): void {
  request.headers[PEER_HEADER] = request.socket.remoteAddress ?? "unknown";
}

/** TRUST_PROXY: how many proxies in front of this server append to X-Forwarded-For (default 0). */
export function trustedProxyHops(): number {
  return setting("TRUST_PROXY");
}

/**
 * The client's address. The chain is X-Forwarded-For's hops followed by the socket's peer: with no
 * trusted proxy it is the peer itself; with TRUST_PROXY=n, the hop n places left of the peer (what
 * the outermost trusted proxy saw). A request that did not come through our server (in-process
 * tests) has no stamp: Next.js's own X-Forwarded-For stands in for the peer then.
 */
export function clientAddress(req: Request): string {
  const forwarded = (req.headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((hop) => hop.trim())
    .filter(Boolean);
  const stamped = req.headers.get(PEER_HEADER);
  const chain = stamped ? [...forwarded, stamped] : forwarded;
  if (chain.length === 0) return "unknown";
  const hop = chain[Math.max(0, chain.length - 1 - trustedProxyHops())]!;
  return normalize(hop) ?? normalize(chain[chain.length - 1]!) ?? "unknown";
}

/** An IP address in canonical form (IPv4-mapped IPv6 as IPv4), or null for anything else. */
function normalize(hop: string): string | null {
  const bare = hop.replace(/^\[(.*)\](:\d+)?$/, "$1").replace(/^(\d+\.\d+\.\d+\.\d+):\d+$/, "$1");
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare);
  if (mapped) return mapped[1]!;
  const version = isIP(bare);
  if (version === 4) return bare;
  if (version === 6) return bare.toLowerCase();
  return null;
}

/**
 * The subject of per-address limits: an IPv4 address, or the /64 of an IPv6 one (one household or
 * phone gets a whole /64 and can pick any address in it).
 */
export function addressSubject(address: string): string {
  if (isIP(address) !== 6) return address;
  const [head, tail = ""] = address.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = address.includes("::") ? [...left, ...Array(8 - left.length - right.length).fill("0"), ...right] : left;
  return `${groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, "")).join(":")}::/64`;
}
