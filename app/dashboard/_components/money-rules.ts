import type { Payout, Refund } from "@/lib/query/money";

// What the money-out pages compute from the API's lists (the API enforces; these only show).

/** What is left to refund of a payment: refunds that did not fail count against it. */
export function remainingOf(deposit: { amount: number }, refunds: Pick<Refund, "amount" | "status">[]): number {
  return deposit.amount - refunds.filter((r) => r.status !== "failed").reduce((sum, r) => sum + r.amount, 0);
}

/** The payouts of a link by the marketplace transaction each pays for: the latest try of each. */
export function latestPayouts<P extends Pick<Payout, "transaction_id" | "retried_by">>(payouts: P[] | undefined): Map<string, P> {
  const byTransaction = new Map<string, P>();
  for (const p of payouts ?? []) {
    if (!p.transaction_id || p.retried_by) continue; // a retried payout is replaced by its retry
    byTransaction.set(p.transaction_id, p);
  }
  return byTransaction;
}
