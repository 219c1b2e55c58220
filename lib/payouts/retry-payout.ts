import { and, eq } from "drizzle-orm";
import type { Auth } from "@/lib/core/auth";
import { getDb, type Tx } from "@/lib/db/client";
import { ownedBy } from "@/lib/db/scope";
import { payouts } from "@/lib/db/schema";
import { ApiError, ValidationError } from "@/lib/core/errors";
import { valueError } from "@/lib/core/validation";
import { postEntry } from "@/lib/ledger/post";
import { wakeJob } from "@/lib/runtime/wake";
import { payoutProviderName } from "@/lib/providers/money-out-routing";
import { lockShare } from "@/lib/sellers/shares";
import { paySellerShare, REFUND_UNDER_WAY, type Destination } from "./create-seller-payout";
import { parseDestination } from "./create-withdrawal";
import { getPayoutOrThrow, type PayoutRow } from "./queries";
import type { PayoutView, RedirectPayoutBody } from "./schemas";

/**
 * POST /v1/payouts/{id}/retry: a failed payout sent again as a new one, to the same phone, once (a
 * unique index on retry_of). A withdrawal takes its money back from the merchant's available
 * balance; a seller payout pays what its sale's share owes now (lib/payouts/create-seller-payout.ts).
 */
export async function retryPayout(auth: Auth, payoutId: string): Promise<PayoutView> {
  return sendAgain(auth, payoutId, "PAYOUT_NOT_RETRYABLE", async (tx, failed) => {
    const destination = { country: failed.country, operator: failed.operator, phoneNumber: failed.phoneNumber };
    if (failed.kind === "seller") return sellerRetry(tx, failed, { retryOf: failed.id, destination }, "PAYOUT_NOT_RETRYABLE");
    const [row] = await tx
      .insert(payouts)
      .values({ accountId: auth.accountId, mode: auth.mode, kind: "withdrawal", amount: failed.amount, currency: failed.currency, ...destination, retryOf: failed.id, provider: failed.provider })
      .onConflictDoNothing()
      .returning({ id: payouts.id });
    if (!row) throw new ApiError("PAYOUT_NOT_RETRYABLE"); // retried already
    await postEntry(tx, {
      accountId: auth.accountId,
      mode: auth.mode,
      currency: failed.currency,
      kind: "payout",
      payoutId: row.id,
      lines: [
        { account: "merchant_available", amount: -failed.amount },
        { account: "payouts_in_flight", amount: failed.amount },
      ],
    });
    return row.id;
  });
}

/**
 * PATCH /v1/payouts/{id}: a failed seller payout, sent to a corrected phone. Like a
 * retry, once (retry_of), as a new payout whose ledger entry is a `payout_redirected`; the failed
 * one keeps the phone it failed on. The new wallet must be paid in the payout's currency.
 */
export async function redirectPayout(auth: Auth, payoutId: string, body: RedirectPayoutBody): Promise<PayoutView> {
  const parsed = parseDestination(body);
  return sendAgain(auth, payoutId, "PAYOUT_NOT_REDIRECTABLE", async (tx, failed) => {
    if (failed.kind !== "seller") throw new ApiError("PAYOUT_NOT_REDIRECTABLE");
    if (parsed.currency !== failed.currency) {
      throw new ValidationError([valueError(["body", "operator"], `the payout is in ${failed.currency}: choose a wallet paid in ${failed.currency}`)]);
    }
    const destination: Destination = { country: parsed.country, operator: parsed.operator, phoneNumber: parsed.phoneNumber };
    return sellerRetry(tx, failed, { retryOf: failed.id, destination, redirected: true }, "PAYOUT_NOT_REDIRECTABLE");
  });
}

/** The failed payout, locked, sent again by `send` in one transaction; the new payout as the API shows it. */
async function sendAgain(
  auth: Auth,
  payoutId: string,
  refused: "PAYOUT_NOT_RETRYABLE" | "PAYOUT_NOT_REDIRECTABLE",
  send: (tx: Tx, failed: PayoutRow) => Promise<string>,
): Promise<PayoutView> {
  const db = await getDb();
  const view = await db.transaction(async (tx) => {
    const [failed] = await tx.select().from(payouts).where(and(eq(payouts.id, payoutId), ownedBy(payouts, auth)));
    if (!failed) throw new ApiError("PAYOUT_NOT_FOUND");
    if (failed.status !== "failed") throw new ApiError(refused);
    if (!payoutProviderName(auth.mode)) throw new ApiError("MONEY_OUT_UNAVAILABLE");
    const id = await tx.transaction((inner) => send(inner, failed));
    return getPayoutOrThrow(auth, id, tx);
  });
  wakeJob("money-out");
  return view;
}

async function sellerRetry(tx: Tx, failed: PayoutRow, options: Parameters<typeof paySellerShare>[2], refused: "PAYOUT_NOT_RETRYABLE" | "PAYOUT_NOT_REDIRECTABLE"): Promise<string> {
  const share = failed.depositId ? await lockShare(tx, failed.depositId) : null;
  if (!share) throw new ApiError(refused);
  // nothing owed any more (a refund took the share back, or a retry already paid it): refused
  const id = share.owed > 0 ? await paySellerShare(tx, share, options).catch((error: unknown) => rethrow(error, refused)) : null;
  if (!id) throw new ApiError(refused);
  return id;
}

function rethrow(error: unknown, refused: "PAYOUT_NOT_RETRYABLE" | "PAYOUT_NOT_REDIRECTABLE"): never {
  // retried already, or a refund under way (which says so: the merchant can try again after it)
  if (error instanceof ApiError && error.type === "PAYOUT_NOT_RETRYABLE") throw new ApiError(refused, error.message === REFUND_UNDER_WAY ? REFUND_UNDER_WAY : undefined);
  throw error;
}
