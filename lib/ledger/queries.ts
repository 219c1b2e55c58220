import { and, eq, inArray, ne, sql, type SQL } from "drizzle-orm";
import type { Auth } from "@/lib/core/auth";
import { getDb } from "@/lib/db/client";
import { ownedBy } from "@/lib/db/scope";
import { deposits, ledgerBalances, ledgerEntries, ledgerPostings, payouts, refunds, sellerBalances } from "@/lib/db/schema";
import { pageClauses } from "@/lib/http/pagination";
import type { BalanceTransaction, BalanceTransactionsQuery, BalanceView } from "./schemas";

/**
 * GET /v1/balance: the maintained balance rows of the caller's account and mode, and its sellers'.
 * Neither reads a row per seller: what sellers may be paid (each seller's seller_payable when
 * above zero) is the merchant's seller_payable total plus merchant_receivable, which holds exactly
 * each seller's debt (lib/ledger/seller-balances.ts, proved by ledger:check's seller_debt_mismatch);
 * sellers' money in flight is read from the few seller rows that have some (seller_balances_in_flight_idx).
 */
export async function getBalance(auth: Auth): Promise<BalanceView> {
  const db = await getDb();
  const merchant = await db
    .select({ account: ledgerBalances.ledgerAccount, currency: ledgerBalances.currency, amount: ledgerBalances.balance })
    .from(ledgerBalances)
    .where(and(ownedBy(ledgerBalances, auth), ne(ledgerBalances.ledgerAccount, "provider_clearing")));
  // the partial index's predicate spelled as it is, so that the planner matches it whatever the parameters
  const inFlight = await db
    .select({ currency: sellerBalances.currency, amount: sql<number>`sum(${sellerBalances.balance})::bigint`.mapWith(Number) })
    .from(sellerBalances)
    .where(and(ownedBy(sellerBalances, auth), sql`${sellerBalances.ledgerAccount} = 'payouts_in_flight' and ${sellerBalances.balance} > 0`))
    .groupBy(sellerBalances.currency);
  const sellers = [
    ...inFlight.map((r) => ({ account: "payouts_in_flight", ...r })),
    ...merchant
      .filter((r) => r.account === "seller_payable")
      .map((r) => ({ account: "seller_payable", currency: r.currency, amount: r.amount + (merchant.find((d) => d.account === "merchant_receivable" && d.currency === r.currency)?.amount ?? 0) })),
  ];
  const currencies = [...new Set([auth.currency, ...merchant.map((r) => r.currency)])].sort((a, b) =>
    a === auth.currency ? -1 : b === auth.currency ? 1 : a.localeCompare(b),
  );
  const sum = (rows: { account: string; currency: string; amount: number }[], account: string, currency: string) =>
    rows.find((r) => r.account === account && r.currency === currency)?.amount ?? 0;
  const of = (amount: (currency: string) => number) => currencies.map((currency) => ({ currency, amount: amount(currency) }));
  return {
    available: of((c) => sum(merchant, "merchant_available", c)),
    pending: of((c) => sum(merchant, "merchant_pending", c)),
    seller_payable: of((c) => sum(merchant, "seller_pending", c) + sum(sellers, "seller_payable", c)),
    seller_pending: of((c) => sum(merchant, "seller_pending", c)),
    seller_available: of((c) => sum(sellers, "seller_payable", c)),
    seller_in_flight: of((c) => sum(sellers, "payouts_in_flight", c)),
    merchant_in_flight: of((c) => sum(merchant, "payouts_in_flight", c) - sum(sellers, "payouts_in_flight", c)),
    refunds_in_flight: of((c) => sum(merchant, "refunds_in_flight", c)),
    seller_debt: of((c) => sum(merchant, "merchant_receivable", c)),
  };
}

/** GET /v1/balance/transactions: a page of ledger lines with their source, newest first. */
export async function listBalanceTransactions(auth: Auth, query: BalanceTransactionsQuery): Promise<BalanceTransaction[]> {
  const filters: SQL[] = [];
  if (query.account) filters.push(eq(ledgerPostings.ledgerAccount, query.account));
  else if (!query.seller_id) filters.push(inArray(ledgerPostings.ledgerAccount, ["merchant_available", "merchant_pending"]));
  if (query.seller_id) filters.push(eq(ledgerPostings.sellerId, query.seller_id));
  if (query.currency) filters.push(eq(ledgerPostings.currency, query.currency));
  const clauses = pageClauses(ledgerPostings, query, ownedBy(ledgerPostings, auth), and(...filters));
  const db = await getDb();
  const rows = await db
    .select({
      posting: ledgerPostings,
      kind: ledgerEntries.kind,
      depositId: ledgerEntries.depositId,
      payoutId: ledgerEntries.payoutId,
      refundId: ledgerEntries.refundId,
      availableAt: ledgerEntries.availableAt,
      trackId: deposits.trackId,
      paymentAmount: deposits.amount,
      buyerName: sql<string | null>`(select t.buyer_full_name from marketplace_transactions t where t.deposit_id = ${deposits.id})`,
    })
    .from(ledgerPostings)
    .innerJoin(ledgerEntries, eq(ledgerEntries.id, ledgerPostings.entryId))
    .leftJoin(payouts, eq(payouts.id, ledgerEntries.payoutId))
    .leftJoin(refunds, eq(refunds.id, ledgerEntries.refundId))
    .leftJoin(deposits, eq(deposits.id, sql`coalesce(${ledgerEntries.depositId}, ${refunds.depositId}, ${payouts.depositId})`))
    .where(clauses.where)
    .orderBy(...clauses.orderBy)
    .limit(clauses.limit);
  return rows.map((r) => ({
    id: r.posting.id,
    entry_id: r.posting.entryId,
    type: r.kind,
    account: r.posting.ledgerAccount,
    amount: r.posting.amount,
    currency: r.posting.currency,
    seller_id: r.posting.sellerId,
    source: {
      ...(r.refundId
        ? { type: "refund" as const, id: r.refundId }
        : r.payoutId
          ? { type: "payout" as const, id: r.payoutId }
          : { type: "deposit" as const, id: r.depositId! }),
      track_id: r.trackId,
      payment_amount: r.paymentAmount,
      buyer_name: r.buyerName,
    },
    available_at: r.availableAt?.toISOString() ?? null,
    created_at: r.posting.createdAt.toISOString(),
  }));
}
