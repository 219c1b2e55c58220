import { getDb, type Db, type Tx } from "@/lib/db/client";
import { providerLogs } from "@/lib/db/schema";
import type { DepositRow } from "@/lib/deposits/create-deposit";
import { log, scrub, scrubValue } from "@/lib/runtime/log";
import { setting } from "@/lib/runtime/config";
import { recordFailure } from "./breaker";
import { ProviderError } from "./provider-error";

// Every provider request and callback is kept: what was sent or received, without secrets,
// whole phone numbers or a database error's values.

/**
 * A body as the provider log keeps it: secret fields hidden, phone numbers masked (a phone field
 * keeps its country code and last two digits), no database error's values (scrubValue, the same
 * scrubber as log()); a body sent as JSON text is read first.
 */
export function withoutSecrets(body: unknown): unknown {
  if (typeof body === "string") {
    try {
      return scrubValue(JSON.parse(body));
    } catch {
      return scrub(body.slice(0, 4000));
    }
  }
  return scrubValue(body);
}

/** What a log line is about: a deposit, or money out (a payout has no deposit: id null). */
export type LogSubject = { id: string | null; accountId: string | null; mode: DepositRow["mode"] | null };

export type LogEntry = {
  provider: string;
  deposit?: LogSubject | null;
  kind: "request" | "callback";
  operation: string;
  httpStatus?: number | null;
  outcome: string;
  alert?: boolean;
  request?: unknown;
  response?: unknown;
  latencyMs?: number;
};

export async function recordProviderLog(entry: LogEntry, tx?: Db | Tx): Promise<void> {
  try {
    const db = tx ?? (await getDb());
    await db.insert(providerLogs).values({
      provider: entry.provider,
      depositId: entry.deposit?.id ?? null,
      accountId: entry.deposit?.accountId ?? null,
      mode: entry.deposit?.mode ?? null,
      kind: entry.kind,
      operation: entry.operation,
      httpStatus: entry.httpStatus ?? null,
      outcome: scrub(entry.outcome),
      alert: entry.alert ?? false,
      request: withoutSecrets(entry.request ?? null),
      response: withoutSecrets(entry.response ?? null),
      latencyMs: entry.latencyMs ?? null,
    });
  } catch (error) {
    if (tx) throw error;
    // the log must never decide a payment's fate
    log("error", "provider log not written", { provider: entry.provider, operation: entry.operation, error });
  }
  if (entry.alert) {
    log("error", "provider alert", { provider: entry.provider, operation: entry.operation, outcome: entry.outcome, deposit_id: entry.deposit?.id });
  }
}

/** Errors that happen before the request leaves this machine: nothing reached the provider. */
const NEVER_SENT = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "ENETUNREACH", "EHOSTUNREACH"]);

function causeCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string") return code;
    // fetch refuses some ports itself ("bad port"), before any connection
    if ((current as { message?: unknown }).message === "bad port") return "ECONNREFUSED";
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export type CallAnswer = { status: number; body: unknown };

type Call = {
  provider: string;
  operation: string;
  url: string;
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string;
  /** what to keep of the request body (defaults to the body without secrets) */
  logged?: unknown;
  deposit?: LogSubject | null;
  /** how many times to try in all; only network errors and 5xx are retried */
  attempts?: number;
  timeoutMs?: number;
  /** names the outcome for the log from a 2xx–4xx answer */
  describe?: (answer: CallAnswer) => string;
};

function timeoutMs(): number {
  return setting("PROVIDER_TIMEOUT_MS");
}

function retryBaseMs(): number {
  return setting("PROVIDER_RETRY_BASE_MS");
}

/**
 * One HTTP call to a provider, logged attempt by attempt. Network errors, timeouts and 5xx answers
 * are retried with exponential backoff; when all attempts fail it throws an `unreachable`
 * ProviderError, which callers treat as "unknown": never as a failed payment (`neverReached`: every
 * try was refused before a byte was sent, so the provider provably never got the request).
 */
export async function callProvider(call: Call): Promise<CallAnswer> {
  const attempts = Math.max(1, call.attempts ?? 3);
  let last = "";
  let neverReached = true;
  for (let attempt = 1; attempt <= attempts; attempt++) {
    if (attempt > 1) await new Promise((r) => setTimeout(r, retryBaseMs() * 4 ** (attempt - 2)));
    const started = Date.now();
    let answer: CallAnswer | undefined;
    try {
      const res = await fetch(call.url, {
        method: call.method ?? "GET",
        headers: call.headers,
        body: call.body,
        signal: AbortSignal.timeout(Math.min(call.timeoutMs ?? Infinity, timeoutMs())),
        redirect: "error",
      });
      const text = await res.text();
      let body: unknown = text;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        // not JSON: kept as text
      }
      answer = { status: res.status, body };
    } catch (error) {
      const code = causeCode(error);
      last = error instanceof Error && error.name === "TimeoutError" ? "timeout" : code && NEVER_SENT.has(code) ? "connection_refused" : "network_error";
      if (last !== "connection_refused") neverReached = false;
    }
    if (answer) neverReached = false;
    const outcome = answer ? (answer.status >= 500 ? "server_error" : (call.describe?.(answer) ?? "answered")) : last;
    await recordProviderLog({
      provider: call.provider,
      deposit: call.deposit,
      kind: "request",
      operation: call.operation,
      httpStatus: answer?.status ?? null,
      outcome,
      request: call.logged ?? call.body ?? null,
      response: answer?.body ?? null,
      latencyMs: Date.now() - started,
    });
    if (answer && answer.status < 500) return answer;
    if (answer) last = `status ${answer.status}`;
  }
  await recordFailure(call.provider);
  throw ProviderError.unreachable(`${call.provider} ${call.operation}: ${last}`, neverReached);
}
