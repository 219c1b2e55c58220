import { BlockList, isIP } from "node:net";
import type { UrlPolicy } from "./settings";

// Server-side request forgery guard (DESIGN §8): a merchant's webhook URL must not make this server
// call into its own network. Checked when an endpoint is saved and again, on the very address the
// connection uses, at every delivery (lib/webhooks/post.ts), so DNS rebinding cannot get around it.

type Range = [address: string, prefix: number];

const ranges: [label: string, v4: Range[], v6: Range[]][] = [
  ["an unspecified address", [["0.0.0.0", 8]], [["::", 128]]],
  ["a loopback address", [["127.0.0.0", 8]], [["::1", 128]]],
  ["a private address", [["10.0.0.0", 8], ["172.16.0.0", 12], ["192.168.0.0", 16]], [["fc00::", 7], ["fec0::", 10], ["64:ff9b:1::", 48]]],
  ["a shared (CGNAT) address", [["100.64.0.0", 10]], []],
  ["a link-local address", [["169.254.0.0", 16]], [["fe80::", 10]]],
  ["a multicast address", [["224.0.0.0", 4]], [["ff00::", 8]]],
  [
    "a reserved address",
    [["192.0.0.0", 24], ["192.0.2.0", 24], ["198.18.0.0", 15], ["198.51.100.0", 24], ["203.0.113.0", 24], ["240.0.0.0", 4]],
    [["100::", 64], ["2001::", 32], ["2001:db8::", 32]],
  ],
];

const lists = ranges.map(([label, v4, v6]) => {
  const list = new BlockList();
  for (const [address, prefix] of v4) list.addSubnet(address, prefix, "ipv4");
  for (const [address, prefix] of v6) list.addSubnet(address, prefix, "ipv6");
  return { label, list };
});

/** What is wrong with sending to this IP address ("a loopback address", …), or null for a public one. */
export function addressProblem(address: string): string | null {
  const family = isIP(address);
  if (family === 0) return "not an IP address";
  if (family === 6) {
    const embedded = embeddedIPv4(address);
    if (embedded) return addressProblem(embedded);
  }
  const type = family === 4 ? "ipv4" : "ipv6";
  return lists.find(({ list }) => list.check(address, type))?.label ?? null;
}

/**
 * The IPv4 address inside an IPv6 one that carries it: IPv4-mapped (::ffff:a.b.c.d), IPv4-compatible
 * (::a.b.c.d), NAT64 (64:ff9b::/96) and 6to4 (2002::/16) — each reaches that IPv4 host.
 */
export function embeddedIPv4(address: string): string | null {
  const bytes = ipv6Bytes(address);
  if (!bytes) return null;
  const zero = (from: number, to: number) => bytes.slice(from, to).every((b) => b === 0);
  const v4 = (at: number) => Array.from(bytes.slice(at, at + 4)).join(".");
  if (zero(0, 10) && bytes[10] === 0xff && bytes[11] === 0xff) return v4(12);
  if (zero(0, 12) && !zero(12, 15)) return v4(12); // ::a.b.c.d, but not :: or ::1
  if (bytes[0] === 0 && bytes[1] === 0x64 && bytes[2] === 0xff && bytes[3] === 0x9b && zero(4, 12)) return v4(12);
  if (bytes[0] === 0x20 && bytes[1] === 0x02) return v4(2);
  return null;
}

function ipv6Bytes(address: string): Uint8Array | null {
  if (isIP(address) !== 6) return null;
  let text = address.split("%")[0]!.toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[1]!.split(".").map(Number) as [number, number, number, number];
    text = text.slice(0, -dotted[1]!.length) + `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes("::") ? text.split("::") : [text, undefined];
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill("0"), ...right];
  if (groups.length !== 8) return null;
  const bytes = new Uint8Array(16);
  groups.forEach((group, i) => {
    const value = parseInt(group, 16);
    bytes[i * 2] = value >> 8;
    bytes[i * 2 + 1] = value & 0xff;
  });
  return bytes;
}

/** The host of a URL as an address or name: without IPv6 brackets and a trailing dot. */
export function bareHost(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, "").replace(/\.$/, "").toLowerCase();
}

/** Why a receiver URL is refused, as data (the dashboard words it) and as the API's English sentence. */
export type UrlRefusal = {
  reason: "invalid_url" | "https_required" | "private_address";
  message: string;
  /** private_address: the host named, the address it resolves to (when not the host itself), what that address is */
  host?: string;
  address?: string;
  problem?: string;
};

/**
 * Why this receiver URL is not acceptable under `policy`, or null. A name is resolved and every
 * address it has must be public; a name that does not resolve (yet) is accepted here, since every
 * delivery checks again.
 */
export async function urlRefusal(raw: string, policy: UrlPolicy): Promise<UrlRefusal | null> {
  const invalid = { reason: "invalid_url", message: "must be an absolute http(s) URL" } as const;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return invalid;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return invalid;
  if (policy.requireHttps && url.protocol !== "https:") return { reason: "https_required", message: "must use https" };
  if (policy.allowPrivate) return null;
  const host = bareHost(url);
  const privateAddress = (problem: string, address?: string): UrlRefusal => ({
    reason: "private_address",
    message: address ? `must be a public address: ${host} resolves to ${address}, ${problem}` : `must be a public address: ${host} is ${problem}`,
    host,
    ...(address ? { address } : {}),
    problem,
  });
  if (host === "localhost" || host.endsWith(".localhost")) return privateAddress("a loopback name");
  if (isIP(host)) {
    const problem = addressProblem(host);
    return problem ? privateAddress(problem) : null;
  }
  let addresses: { address: string }[];
  try {
    addresses = await withTimeout(policy.resolve(host), 3_000);
  } catch {
    return null;
  }
  for (const { address } of addresses) {
    const problem = addressProblem(address);
    if (problem) return privateAddress(problem, address);
  }
  return null;
}

/** The refusal's English sentence, or null (what the API's 422 item says in `msg`). */
export async function urlProblem(raw: string, policy: UrlPolicy): Promise<string | null> {
  return (await urlRefusal(raw, policy))?.message ?? null;
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("timeout")), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
