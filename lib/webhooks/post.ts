import http from "node:http";
import https from "node:https";
import { isIP, type LookupFunction } from "node:net";
import { attemptErrorText as text, refusedText, timeoutText } from "./attempt-errors";
import { addressProblem, bareHost } from "./url-safety";
import type { UrlPolicy } from "./settings";

// One HTTP attempt of a webhook delivery: POST, no redirects followed, a time limit for the whole
// exchange, and a bounded read of the answer. The connection goes to the address that was checked:
// the lookup below resolves the name once, refuses private addresses, and hands net.connect the
// address it vetted, so a second DNS answer (rebinding) never gets a say.

export type AttemptResult = {
  ok: boolean;
  startedAt: Date;
  statusCode: number | null;
  latencyMs: number;
  /** at most EXCERPT_BYTES of the answer's body, as text (the delivery log) */
  excerpt: string;
  /** at most RESPONSE_BODY_BYTES of the answer's body, as text (one delivery's detail) */
  body: string;
  error: string | null;
};

export const EXCERPT_BYTES = 1024;
/** What is kept of an answer for the delivery's detail view. */
export const RESPONSE_BODY_BYTES = 64 * 1024;
/** Reading stops here (and the connection is dropped): enough to reuse connections for normal answers. */
const MAX_READ_BYTES = RESPONSE_BODY_BYTES;

class BlockedAddressError extends Error {}

// Connections are reused (keep-alive) per policy: a socket opened while private addresses were
// allowed is never handed to a request made under the strict policy.
const agents = new Map<string, http.Agent>();
function agentFor(protocol: string, policy: UrlPolicy): http.Agent {
  const key = `${protocol}${policy.allowPrivate}`;
  let agent = agents.get(key);
  if (!agent) {
    // sockets per receiver: at least an endpoint's largest window (KOLA_WEBHOOK_ENDPOINT_IN_FLIGHT ≤ 100)
    const options = { keepAlive: true, maxSockets: 100, maxFreeSockets: 16, timeout: 30_000 };
    agent = protocol === "https:" ? new https.Agent(options) : new http.Agent(options);
    agents.set(key, agent);
  }
  return agent;
}

/** A lookup for net.connect that refuses private addresses (every address of the name must be public). */
function guardedLookup(policy: UrlPolicy): LookupFunction {
  return (hostname, options, callback) => {
    policy.resolve(hostname).then(
      (addresses) => {
        const usable = addresses.filter((a) => !options.family || a.family === options.family);
        if (!policy.allowPrivate) {
          for (const { address } of addresses) {
            const problem = addressProblem(address);
            if (problem) return callback(new BlockedAddressError(refusedText(`${hostname} resolves to ${address}, ${problem}`)), "", 0);
          }
        }
        if (usable.length === 0) {
          const error = Object.assign(new Error(`could not resolve ${hostname}`), { code: "ENOTFOUND" });
          return callback(error, "", 0);
        }
        if (options.all) return (callback as unknown as (e: null, a: typeof usable) => void)(null, usable);
        callback(null, usable[0]!.address, usable[0]!.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, "", 0),
    );
  };
}

export async function postWebhook(
  rawUrl: string,
  headers: Record<string, string>,
  body: string,
  options: { policy: UrlPolicy; timeoutMs: number },
): Promise<AttemptResult> {
  const startedAt = new Date();
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const fail = (error: string): AttemptResult => ({ ok: false, startedAt, statusCode: null, latencyMs: elapsed(), excerpt: "", body: "", error });

  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return fail(text.invalid_url);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return fail(text.not_http);
  if (options.policy.requireHttps && url.protocol !== "https:") return fail(text.https_required);
  const host = bareHost(url);
  if (!options.policy.allowPrivate && isIP(host)) {
    // net.connect does not look up an IP address: check it here
    const problem = addressProblem(host);
    if (problem) return fail(refusedText(`${host} is ${problem}`));
  }

  return new Promise<AttemptResult>((resolve) => {
    let settled = false;
    let statusCode: number | null = null;
    const chunks: Buffer[] = [];
    let read = 0;
    const finish = (error: string | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      const received = Buffer.concat(chunks);
      const excerpt = textExcerpt(received, EXCERPT_BYTES);
      const kept = textExcerpt(received, RESPONSE_BODY_BYTES);
      const redirect = statusCode !== null && statusCode >= 300 && statusCode < 400;
      const ok = error === null && statusCode !== null && statusCode >= 200 && statusCode < 300;
      resolve({
        ok,
        startedAt,
        statusCode,
        latencyMs: elapsed(),
        excerpt,
        body: kept,
        error: error ?? (redirect ? text.redirect : null),
      });
    };

    const client = url.protocol === "https:" ? https : http;
    const req = client.request(url, {
      method: "POST",
      headers: { ...headers, "content-length": String(Buffer.byteLength(body)) },
      agent: agentFor(url.protocol, options.policy),
      lookup: guardedLookup(options.policy),
    });
    const timer = setTimeout(() => {
      // the answer's status is what counts: a slow body after it does not make it a failure
      if (statusCode !== null) finish(null);
      else finish(timeoutText(Math.round(options.timeoutMs / 100) / 10));
      req.destroy();
    }, options.timeoutMs);

    req.on("response", (res) => {
      statusCode = res.statusCode ?? null;
      res.on("data", (chunk: Buffer) => {
        if (read < RESPONSE_BODY_BYTES) chunks.push(chunk.subarray(0, RESPONSE_BODY_BYTES - read));
        read += chunk.length;
        if (read > MAX_READ_BYTES) {
          finish(null);
          res.destroy(); // no more of it: the connection goes
        }
      });
      res.on("end", () => finish(null));
      res.on("error", () => finish(null));
      res.on("close", () => finish(null));
    });
    req.on("error", (error) => finish(describeError(error)));
    req.end(body);
  });
}

function describeError(error: Error & { code?: string }): string {
  if (error instanceof BlockedAddressError) return error.message;
  switch (error.code) {
    case "ECONNREFUSED":
      return text.connection_refused;
    case "ECONNRESET":
      return text.connection_reset;
    case "ENOTFOUND":
    case "EAI_AGAIN":
      return text.dns_failed;
    case "EHOSTUNREACH":
    case "ENETUNREACH":
      return text.host_unreachable;
    default:
      return error.message.slice(0, 200) || String(error.code ?? "request failed");
  }
}

/** The first `limit` bytes of a body as UTF-8 text, without a character cut in half at the end. */
function textExcerpt(bytes: Buffer, limit: number): string {
  const text = new TextDecoder("utf-8", { fatal: false }).decode(bytes.subarray(0, limit));
  return text.replace(/\uFFFD$/, "");
}
