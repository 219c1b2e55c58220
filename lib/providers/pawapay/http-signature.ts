import { createHash, createPublicKey, sign as cryptoSign, verify as cryptoVerify, type KeyObject } from "node:crypto";

// HTTP Message Signatures (RFC 9421) as pawaPay uses them for signed callbacks
// (docs.pawapay.io/v2/docs/signatures): a Content-Digest (RFC 9530, sha-256 or sha-512) over the
// body, and a signature labelled e.g. `sig-pp` over a signature base that must cover the digest.

export type SignedMessage = { method: string; authority: string; path: string; query?: string; headers: Headers; body: string };

const ALGORITHMS: Record<string, { hash: string | null; options?: object; ecLength?: number }> = {
  "ecdsa-p256-sha256": { hash: "sha256", ecLength: 64 },
  "ecdsa-p384-sha384": { hash: "sha384", ecLength: 96 },
  "rsa-pss-sha512": { hash: "sha512", options: { padding: 6 /* RSA_PKCS1_PSS_PADDING */, saltLength: 64 } },
  "rsa-v1_5-sha256": { hash: "sha256" },
  ed25519: { hash: null },
};

export function contentDigest(body: string, algorithm: "sha-256" | "sha-512" = "sha-512"): string {
  const digest = createHash(algorithm === "sha-256" ? "sha256" : "sha512").update(body).digest("base64");
  return `${algorithm}=:${digest}:`;
}

/** Whether a Content-Digest header matches the body (every sha-256/sha-512 entry must). */
export function digestMatches(header: string | null, body: string): boolean {
  if (!header) return false;
  const entries = header.split(",").map((part) => /^\s*(sha-256|sha-512)=:([A-Za-z0-9+/=]+):\s*$/.exec(part));
  const known = entries.filter((m): m is RegExpExecArray => m !== null);
  if (!known.length) return false;
  return known.every((m) => contentDigest(body, m[1] as "sha-256" | "sha-512") === `${m[1]}=:${m[2]}:`);
}

type SignatureParams = { components: string[]; params: Record<string, string | number>; serialized: string };

/** Parses one `label=("a" "b");k="v";n=1` member of Signature-Input. */
function parseSignatureInput(header: string): Map<string, SignatureParams> {
  const found = new Map<string, SignatureParams>();
  const re = /([a-z0-9_*.-]+)=(\(([^)]*)\)((?:;[a-z0-9_*.-]+=(?:"[^"]*"|-?\d+))*))/g;
  for (const m of header.matchAll(re)) {
    const components = [...m[3]!.matchAll(/"([^"]+)"/g)].map((c) => c[1]!);
    const params: Record<string, string | number> = {};
    for (const p of m[4]!.matchAll(/;([a-z0-9_*.-]+)=("([^"]*)"|-?\d+)/g)) params[p[1]!] = p[3] ?? Number(p[2]);
    found.set(m[1]!, { components, params, serialized: m[2]! });
  }
  return found;
}

function parseSignatures(header: string): Map<string, Buffer> {
  const found = new Map<string, Buffer>();
  for (const m of header.matchAll(/([a-z0-9_*.-]+)=:([A-Za-z0-9+/=]*):/g)) found.set(m[1]!, Buffer.from(m[2]!, "base64"));
  return found;
}

function componentValue(name: string, message: SignedMessage): string | null {
  switch (name) {
    case "@method":
      return message.method.toUpperCase();
    case "@authority":
      return message.authority.toLowerCase();
    case "@path":
      return message.path;
    case "@query":
      return message.query || "?";
    case "@target-uri":
      return `https://${message.authority}${message.path}${message.query ?? ""}`;
    default:
      return name.startsWith("@") ? null : (message.headers.get(name)?.trim() ?? null);
  }
}

export function signatureBase(message: SignedMessage, components: string[], serializedParams: string): string | null {
  const lines: string[] = [];
  for (const name of components) {
    const value = componentValue(name, message);
    if (value === null) return null;
    lines.push(`"${name}": ${value}`);
  }
  lines.push(`"@signature-params": ${serializedParams}`);
  return lines.join("\n");
}

export type VerifyResult = { ok: true; keyid: string } | { ok: false; why: string };

/**
 * Verifies a signed request: the body matches Content-Digest, one signature covers the digest,
 * method, authority and path, is not expired, and verifies with the key its keyid names.
 */
export async function verifyMessage(
  message: SignedMessage,
  keyFor: (keyid: string) => Promise<KeyObject | undefined>,
  now = Date.now() / 1000,
  maxAgeSeconds = 900,
): Promise<VerifyResult> {
  const input = message.headers.get("signature-input");
  const signature = message.headers.get("signature");
  if (!input || !signature) return { ok: false, why: "unsigned" };
  if (!digestMatches(message.headers.get("content-digest"), message.body)) return { ok: false, why: "content_digest" };
  const signatures = parseSignatures(signature);
  for (const [label, params] of parseSignatureInput(input)) {
    const bytes = signatures.get(label);
    if (!bytes) continue;
    const covered = new Set(params.components);
    if (!["content-digest", "@method", "@path"].every((c) => covered.has(c))) return { ok: false, why: "coverage" };
    const { created, expires, keyid, alg } = params.params;
    if (typeof expires === "number" && expires < now) return { ok: false, why: "expired" };
    if (typeof created === "number" && (created > now + 60 || (expires === undefined && created < now - maxAgeSeconds)))
      return { ok: false, why: "stale" };
    if (typeof keyid !== "string") return { ok: false, why: "keyid" };
    const key = await keyFor(keyid);
    if (!key) return { ok: false, why: "unknown_key" };
    const algorithm = typeof alg === "string" ? alg : key.asymmetricKeyType === "ec" ? "ecdsa-p256-sha256" : "rsa-v1_5-sha256";
    const spec = ALGORITHMS[algorithm];
    if (!spec) return { ok: false, why: "algorithm" };
    const base = signatureBase(message, params.components, params.serialized);
    if (base === null) return { ok: false, why: "component_missing" };
    const data = Buffer.from(base);
    const attempts: object[] =
      spec.ecLength !== undefined
        ? // RFC 9421 writes ECDSA signatures as r‖s; pawaPay's own Node sample produces DER: take either
          [{ dsaEncoding: bytes.length === spec.ecLength ? "ieee-p1363" : "der" }]
        : [spec.options ?? {}];
    const ok = attempts.some((options) => {
      try {
        return cryptoVerify(spec.hash, data, { key, ...options } as never, bytes);
      } catch {
        return false;
      }
    });
    return ok ? { ok: true, keyid } : { ok: false, why: "signature" };
  }
  return { ok: false, why: "unsigned" };
}

/** Signs a request the way pawaPay signs its callbacks (used by the contract emulator). */
export function signMessage(
  message: Omit<SignedMessage, "headers"> & { headers: Record<string, string> },
  privateKey: KeyObject,
  keyid: string,
  now = Math.floor(Date.now() / 1000),
): Record<string, string> {
  const headers: Record<string, string> = {
    ...message.headers,
    "content-digest": contentDigest(message.body),
    "signature-date": new Date(now * 1000).toISOString(),
  };
  const components = ["@method", "@authority", "@path", "signature-date", "content-digest", "content-type"];
  const serialized = `(${components.map((c) => `"${c}"`).join(" ")});alg="ecdsa-p256-sha256";keyid="${keyid}";created=${now};expires=${now + 300}`;
  const base = signatureBase({ ...message, headers: new Headers(headers) }, components, serialized)!;
  const bytes = cryptoSign("sha256", Buffer.from(base), privateKey);
  return { ...headers, "signature-input": `sig-pp=${serialized}`, signature: `sig-pp=:${bytes.toString("base64")}:` };
}

export function publicKeyOf(pem: string): KeyObject {
  return createPublicKey(pem);
}
