import { and, eq, isNull, sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { deposits } from "@/lib/db/schema";
import type { DepositRow } from "@/lib/deposits/create-deposit";
import { recordDepositChange } from "@/lib/deposits/history";
import { log, maskPhone } from "@/lib/runtime/log";
import { GIVE_UP_AFTER_SECONDS } from "./expiry";
import { providerByName } from "@/lib/providers";
import type { ProviderStatus } from "@/lib/providers/types";
import { settleDeposit } from "./settle-deposit";

export type GiveUpOutcome =
  | { outcome: "given_up" } // the link (this phone) may take a new attempt now
  | { outcome: "finished" } // the attempt is over (maybe just now, from the provider's answer)
  | { outcome: "too_early"; retryAfterSeconds: number }; // the buyer can still approve it

/**
 * The buyer gives a stuck attempt up ("use another number", DESIGN §3): allowed once the provider
 * can no longer complete it (not found), or GIVE_UP_AFTER_SECONDS after it started. It is marked
 * `abandoned_at`, so the one-pending-attempt index no longer counts it; it stays pending until its
 * provider answers or it expires, and if it still succeeds it is kept (a duplicate if the link
 * was paid meanwhile).
 */
export async function giveUpAttempt(deposit: DepositRow): Promise<GiveUpOutcome> {
  if (deposit.status !== "pending") return { outcome: "finished" };
  if (deposit.abandonedAt) return { outcome: "given_up" };
  const ageSeconds = (Date.now() - deposit.createdAt.getTime()) / 1000;
  if (ageSeconds < GIVE_UP_AFTER_SECONDS) {
    const provider = providerByName(deposit.provider);
    let status: ProviderStatus = { state: "not_found" };
    try {
      if (provider) status = await provider.queryStatus(deposit);
    } catch (error) {
      log("warn", "status query failed", { track_id: deposit.trackId, error });
      status = { state: "processing" };
    }
    if (status.state === "settled") {
      await settleDeposit(deposit.id, status.settlement);
      return { outcome: "finished" };
    }
    if (status.state === "processing") return { outcome: "too_early", retryAfterSeconds: Math.ceil(GIVE_UP_AFTER_SECONDS - ageSeconds) };
  }
  const db = await getDb();
  const marked = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(deposits)
      .set({ abandonedAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(deposits.id, deposit.id), eq(deposits.status, "pending"), isNull(deposits.abandonedAt)))
      .returning({ id: deposits.id, accountId: deposits.accountId, mode: deposits.mode });
    if (row) await recordDepositChange(tx, { deposit: row, event: "given_up", from: "pending", to: "pending" });
    return row;
  });
  if (marked) log("info", "attempt given up by the buyer", { track_id: deposit.trackId, phone: maskPhone(deposit.phoneNumber) });
  const [now] = await db.select({ status: deposits.status }).from(deposits).where(eq(deposits.id, deposit.id));
  return now?.status === "pending" ? { outcome: "given_up" } : { outcome: "finished" };
}
