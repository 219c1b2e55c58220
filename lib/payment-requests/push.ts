import { and, eq, gt, isNull, notExists, sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { depositProviderAttempts, deposits, paymentRequests } from "@/lib/db/schema";
import { log, maskPhone } from "@/lib/runtime/log";
import { crashPoint } from "@/lib/runtime/crash-point";
import { candidatesFor } from "@/lib/providers";
import { OperatorUnreachable, offerDeposit } from "@/lib/payments/offer-deposit";
import { settleDeposit } from "@/lib/payments/settle-deposit";

// The `request-push` job's round: the attempts requests to pay recorded (create.ts), offered to the
// operator's providers, which push the PIN prompt to the buyer's phone. A provider is asked at most
// once per attempt, whichever process runs the round (deposit_provider_attempts' unique key, held by
// offerDeposit), so two rounds at once ring once. An attempt not offered within a minute (its
// server died before the round ran) is left to the reconciler, which ends it: a prompt that arrives
// long after the buyer walked away from the counter would only confuse them.

const FRESH_SECONDS = 60;

/** Offers the fresh attempts no provider was asked about yet; how many it offered. */
export async function pushRequests(): Promise<number> {
  const db = await getDb();
  const due = await db
    .select({ deposit: deposits })
    .from(deposits)
    .innerJoin(paymentRequests, eq(paymentRequests.paymentGatewayId, deposits.paymentGatewayId))
    .where(
      and(
        eq(deposits.status, "pending"),
        isNull(deposits.abandonedAt),
        gt(deposits.createdAt, sql`now() - make_interval(secs => ${FRESH_SECONDS})`),
        eq(paymentRequests.delivery, "push"),
        notExists(db.select({ one: sql`1` }).from(depositProviderAttempts).where(eq(depositProviderAttempts.depositId, deposits.id))),
      ),
    )
    .limit(20);
  for (const { deposit } of due) {
    await crashPoint("push-due");
    const candidates = await candidatesFor(deposit.mode, deposit.operator, deposit.amount);
    if (!candidates.length) {
      await settleDeposit(deposit.id, { status: "failed", reason: "provider_unreachable" });
      continue;
    }
    try {
      await offerDeposit(deposit, candidates);
      log("info", "payment request pushed", { track_id: deposit.trackId, phone: maskPhone(deposit.phoneNumber) });
    } catch (error) {
      if (!(error instanceof OperatorUnreachable)) throw error; // offerDeposit has recorded what it knows
    }
  }
  return due.length;
}
