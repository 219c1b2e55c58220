import type { Payout } from "@/lib/query/money";

// What the money-out pages compute from the API's lists (the API enforces; these only show). What
// remains to refund is not here: the API says it (`refundable_amount`), over all of a payment's refunds.

/** The payouts of a link by the marketplace transaction each pays for: the latest try of each. */
export function latestPayouts<P extends Pick<Payout, "transaction_id" | "retried_by">>(payouts: P[] | undefined): Map<string, P> {
  const byTransaction = new Map<string, P>();
  for (const p of payouts ?? []) {
    if (!p.transaction_id || p.retried_by) continue; // a retried payout is replaced by its retry
    byTransaction.set(p.transaction_id, p);
  }
  return byTransaction;
}
