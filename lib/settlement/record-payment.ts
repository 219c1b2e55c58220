import type { Db, Tx } from "@/lib/db/client";
import type { DepositRow } from "@/lib/deposits/create-deposit";
import { holdSeconds } from "@/lib/ledger/hold";
import { postEntry } from "@/lib/ledger/post";
import { wakeJob } from "@/lib/runtime/wake";
import { recordAutomaticRefund } from "@/lib/refunds/record-refund";
import { openShare } from "@/lib/sellers/open-share";

/**
 * What a successful deposit sets going, in settleDeposit's transaction (DESIGN §3–5). The ledger
 * only records; this layer decides what follows a payment:
 * - a payment link: the amount to the merchant (pending for the hold, or available at once);
 * - a marketplace sale: the seller's share to the seller (held for the marketplace's payout delay,
 *   then paid out by the background work) and the owner's fee to the merchant (lib/sellers/open-share.ts);
 * - a duplicate success on a paid link: owed back to the buyer (refunds_in_flight) and refunded
 *   automatically; the merchant's balance never sees it.
 * The provider now holds the money: provider_clearing is the other side of every one. The sender
 * is asked to look once this commits (payouts and refunds are sent outside any transaction).
 */
export async function recordPaymentSuccess(tx: Db | Tx, deposit: DepositRow): Promise<void> {
  const base = { accountId: deposit.accountId, mode: deposit.mode, currency: deposit.currency, depositId: deposit.id };
  const clearing = { account: "provider_clearing" as const, amount: -deposit.amount };
  if (deposit.duplicateOf) {
    const posted = await postEntry(tx, { ...base, kind: "duplicate_payment", lines: [clearing, { account: "refunds_in_flight", amount: deposit.amount }] });
    if (posted) await recordAutomaticRefund(tx, deposit);
    wakeJob("money-out");
    return;
  }
  const hold = holdSeconds(deposit.mode);
  const merchant = { account: hold > 0 ? ("merchant_pending" as const) : ("merchant_available" as const), availableAt: hold > 0 ? new Date(Date.now() + hold * 1000) : null };
  if (!deposit.marketplaceGatewayId) {
    await postEntry(tx, { ...base, kind: "payment", availableAt: merchant.availableAt, lines: [clearing, { account: merchant.account, amount: deposit.amount }] });
    return;
  }
  await openShare(tx, deposit, merchant);
  wakeJob("money-out");
}
