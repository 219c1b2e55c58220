import type { Dictionary } from "./fr";
import { reasonLabel } from "./labels";

// One sentence per exchange with a mobile-money provider (components/providers/provider-log.tsx):
// what a merchant needs to know of it, never a method, path, status code or outcome code (those
// stay behind « Détails »). The outcomes are the ones lib/payments/handle-callback.ts and
// lib/providers/provider-log.ts record.

/** The fields of a provider log entry the sentence depends on (lib/providers/dashboard.ts). */
export type ExchangeEntry = {
  kind: "request" | "callback";
  operation: string;
  http_status: number | null;
  outcome: string;
  alert: boolean;
  request?: unknown;
};

const FAILED = new Set(["failed", "rejected", "refused", "error", "cancelled", "canceled", "expired"]);
const DONE = new Set(["completed", "success", "successful", "accepted_and_completed", "accepted_completed"]);

/** A failure reason our callbacks carry (`reason`: the sandbox's codes, the ones `reasons` words). */
function reasonIn(body: unknown): string | null {
  if (body && typeof body === "object" && "reason" in body && typeof (body as { reason: unknown }).reason === "string") return (body as { reason: string }).reason;
  return null;
}

/**
 * The sentence for one exchange. `failureReason` is the payment's own (its failure_reason), used when
 * the provider's message does not carry one Kola words.
 */
export function exchangeSentence(entry: ExchangeEntry, t: Dictionary, failureReason?: string | null): string {
  const w = t.exchange;
  const { outcome } = entry;
  if (entry.kind === "callback") {
    if (outcome === "unknown_deposit") return w.unknown;
    if (outcome === "mismatch") return w.mismatch;
    if (outcome === "success_after_failover") return w.twice;
    if (outcome === "processing") return w.processing;
    if (outcome === "replay") return w.replay;
    const [settled, status] = outcome.split(":");
    if (settled === "already_settled") return w.again;
    if (status === "success") return w.confirmed;
    if (status === "failed") {
      const reason = reasonIn(entry.request) ?? failureReason ?? null;
      return reason ? t.exchange.refused.replace("{reason}", lowerFirst(reasonLabel(reason, t))) : w.refusedNoReason;
    }
    return w.answered;
  }
  // a request Kola sent
  if (outcome === "mismatch") return w.mismatch;
  if (entry.http_status === null) return outcome === "timeout" ? w.timeout : outcome === "connection_refused" ? w.unreachable : w.timeout;
  if (outcome === "server_error" || entry.http_status >= 500) return w.providerError;
  const method = entry.operation.split(" ")[0]?.toUpperCase();
  const refund = /refund/i.test(entry.operation);
  const code = outcome.toLowerCase();
  if (method === "GET" || /check|status/i.test(entry.operation)) {
    if (entry.http_status >= 400) return w.providerError;
    if (DONE.has(code)) return w.checkConfirmed;
    if (FAILED.has(code)) return w.checkFailed;
    return w.checkPending;
  }
  if (entry.http_status >= 400 || FAILED.has(code)) return refund ? w.refundRefused : w.requestRefused;
  return refund ? w.refundSent : w.requestSent;
}

/** « Solde mobile money insuffisant » → « solde mobile money insuffisant » after a colon (not for names). */
function lowerFirst(s: string): string {
  const first = s.charAt(0);
  const second = s.charAt(1);
  return second && second === second.toUpperCase() && second !== second.toLowerCase() ? s : first.toLowerCase() + s.slice(1);
}
