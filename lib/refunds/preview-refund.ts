import { and, eq } from "drizzle-orm";
import type { Auth } from "@/lib/core/auth";
import { getDb } from "@/lib/db/client";
import { ownedBy } from "@/lib/db/scope";
import { deposits, sellerBalances, sellerShares } from "@/lib/db/schema";
import { ApiError } from "@/lib/core/errors";
import { sellerShareModes } from "@/lib/core/ledger-kinds";
import type { RefundPreview, RefundPreviewQuery } from "./schemas";
import { canReverse, defaultSellerShare, sharePartOf, splitRefund } from "./split";

/**
 * GET /v1/refunds/preview: what POST /v1/refunds would do now, read and never written, with the
 * same rules (./split.ts), so the dashboard's refund dialog can say who pays what before the
 * merchant confirms. The refund itself decides again under its locks.
 */
const debt = (balance: number) => Math.max(0, -balance);

export async function previewRefund(auth: Auth, query: RefundPreviewQuery): Promise<RefundPreview> {
  const db = await getDb();
  const [deposit] = await db.select().from(deposits).where(and(eq(deposits.trackId, query.track_id), ownedBy(deposits, auth)));
  if (!deposit) throw new ApiError("DEPOSIT_NOT_FOUND");
  if (deposit.status !== "success") throw new ApiError("DEPOSIT_NOT_REFUNDABLE");
  const refundable = deposit.amount - deposit.refundedAmount;
  const amount = query.amount ?? refundable;
  if (amount <= 0 || amount > refundable) throw new ApiError("REFUND_EXCEEDS_REMAINING");
  const base = { track_id: deposit.trackId, currency: deposit.currency, amount, refundable };

  const [share] = await db
    .select({ share: sellerShares, available: sellerBalances.balance })
    .from(sellerShares)
    .leftJoin(sellerBalances, and(eq(sellerBalances.sellerId, sellerShares.sellerId), eq(sellerBalances.ledgerAccount, "seller_payable")))
    .where(eq(sellerShares.depositId, deposit.id));
  if (!share) return { ...base, share_part: null, default_seller_share: null, options: [] };
  const sharePart = sharePartOf(share.share, deposit.amount, deposit.refundedAmount + amount);
  const available = share.available ?? 0;
  return {
    ...base,
    share_part: sharePart,
    default_seller_share: defaultSellerShare(share.share, sharePart),
    options: sellerShareModes.map((mode) => {
      const split = splitRefund(amount, sharePart, mode);
      // reverse takes back held money (not in the available balance) or owed money (in it)
      const fromAvailable = mode === "debit_seller" || (mode === "reverse" && share.share.releasedAt) ? split.sellerAmount : 0;
      const advanced = debt(available - fromAvailable) - debt(available);
      return {
        seller_share: mode,
        allowed: mode !== "reverse" || canReverse(share.share, sharePart),
        seller_amount: split.sellerAmount,
        merchant_amount: split.merchantAmount,
        seller_available_after: available - fromAvailable,
        advanced,
        merchant_pays: split.merchantAmount + advanced,
      };
    }),
  };
}
