import { and, eq, sql } from "drizzle-orm";
import { isCardOperator } from "@/lib/core/cards";
import type { Auth } from "@/lib/core/auth";
import { getDb, type Tx } from "@/lib/db/client";
import { ownedBy } from "@/lib/db/scope";
import { deposits, sellerShares } from "@/lib/db/schema";
import { ApiError, ValidationError } from "@/lib/core/errors";
import { valueError } from "@/lib/core/validation";
import type { Line } from "@/lib/ledger/entry";
import { postEntry } from "@/lib/ledger/post";
import { wakeJob } from "@/lib/runtime/wake";
import { canRefund } from "@/lib/providers/money-out-routing";
import { lockShare, shareAccount, type ShareRow } from "@/lib/sellers/shares";
import { presentRefund } from "./queries";
import { insertRefund, reserveRefund } from "./record-refund";
import type { CreateRefundBody, RefundView } from "./schemas";
import { canReverse, defaultSellerShare, sharePartOf, splitRefund, type RefundSplit } from "./split";

/**
 * POST /v1/refunds. In one transaction (a savepoint inside an Idempotency-Key's): the deposit's
 * refunded amount grows by a conditional update that holds "never more than the payment" against
 * any number of concurrent refunds, the refund is recorded, and its money leaves the balances that
 * bear it (never below zero, but for a seller's debt). Any refusal leaves nothing behind. The
 * background sender hands it to the provider once committed.
 *
 * A marketplace sale's refund is split (./split.ts): its share row is locked first, so
 * refunds, releases and payouts of one sale happen one at a time, and the seller's part comes out
 * of the share where it sits (reverse), of the merchant (merchant) or of the seller's balance
 * (debit_seller).
 */
export async function createRefund(auth: Auth, body: CreateRefundBody): Promise<RefundView> {
  const db = await getDb();
  const view = await db.transaction(async (tx) => {
    const [deposit] = await tx.select().from(deposits).where(and(eq(deposits.trackId, body.track_id), ownedBy(deposits, auth)));
    if (!deposit) throw new ApiError("DEPOSIT_NOT_FOUND");
    // a refund is paid in the payment's currency: another one is refused, as POST /v1/payouts does
    if (body.currency !== undefined && body.currency !== deposit.currency) {
      throw new ValidationError([{ loc: ["body", "currency"], msg: `The payment was made in ${deposit.currency}`, type: "value_error" }]);
    }
    const share = deposit.marketplaceGatewayId ? await lockShare(tx, deposit.id) : null;
    if (body.seller_share && !share) throw new ValidationError([valueError(["body", "seller_share"], "only a marketplace sale has a seller's share")]);
    if (deposit.status !== "success") throw new ApiError("DEPOSIT_NOT_REFUNDABLE");
    // a card's money cannot go back to a phone, and CinetPay has no refund call for cards (in test mode too: it runs the live path)
    if (isCardOperator(deposit.operator)) throw new ApiError("CARD_REFUND_UNAVAILABLE");
    if (!canRefund(deposit.provider)) {
      throw new ApiError("MONEY_OUT_UNAVAILABLE", `${deposit.provider}, which collected this payment, cannot refund it: pay the buyer back with a payout`);
    }
    const amount = body.amount ?? deposit.amount - deposit.refundedAmount;
    const refundedAfter = amount > 0 ? await reserveRefund(tx, deposit.id, amount) : null;
    if (refundedAfter === null) throw new ApiError("REFUND_EXCEEDS_REMAINING");

    const split = share ? await takeFromShare(tx, share, { amount, buyerPrice: deposit.amount, refundedAfter, asked: body.seller_share }) : null;
    const row = await insertRefund(tx, deposit, { amount, reason: body.reason, automatic: false, split: split ? { sellerId: share!.sellerId, ...split.split } : undefined });
    await postEntry(tx, {
      accountId: deposit.accountId,
      mode: deposit.mode,
      currency: deposit.currency,
      kind: "refund",
      refundId: row.id,
      lines: [...(split?.lines ?? [{ account: "merchant_available", amount: -amount }]), { account: "refunds_in_flight", amount }],
    });
    return presentRefund(row, deposit.trackId);
  });
  wakeJob("money-out");
  return view;
}

/** The split of a sale's refund, the share's row updated to match, and the ledger lines that take it. */
async function takeFromShare(
  tx: Tx,
  share: ShareRow,
  r: { amount: number; buyerPrice: number; refundedAfter: number; asked: CreateRefundBody["seller_share"] },
): Promise<{ split: RefundSplit; lines: Line[] }> {
  const sharePart = sharePartOf(share, r.buyerPrice, r.refundedAfter);
  const mode = r.asked ?? defaultSellerShare(share, sharePart);
  if (mode === "reverse" && !canReverse(share, sharePart)) throw new ApiError("SELLER_SHARE_PAID_OUT");
  const split = splitRefund(r.amount, sharePart, mode);
  const from = mode === "reverse" ? shareAccount(share) : "seller_payable";
  const lines: Line[] = [{ account: "merchant_available", amount: -split.merchantAmount }];
  if (split.sellerAmount > 0) lines.push({ account: from, amount: -split.sellerAmount, sellerId: share.sellerId, overdraw: true });
  const taken = mode === "reverse" ? sharePart : 0;
  await tx
    .update(sellerShares)
    .set({
      refunded: sql`${sellerShares.refunded} + ${sharePart}`,
      held: sql`${sellerShares.held} - ${from === "seller_pending" ? taken : 0}`,
      owed: sql`${sellerShares.owed} - ${from === "seller_payable" ? taken : 0}`,
    })
    .where(eq(sellerShares.depositId, share.depositId));
  return { split, lines };
}
