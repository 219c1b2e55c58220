import { and, eq, sql } from "drizzle-orm";
import { getDb, type Db, type Tx } from "@/lib/db/client";
import { deposits, marketplaceTransactions, outboxEvents, paymentGateways } from "@/lib/db/schema";
import { log } from "@/lib/log";
import { eventTypeFor, type TerminalStatus } from "./status";

export type Settlement = { status: TerminalStatus; reason?: string | null; providerReference?: string | null };

/**
 * Moves a pending deposit to a terminal status: one conditional update (`WHERE status = 'pending'`)
 * and its outbox event in one database transaction. Callbacks, the reconciler and the expiry
 * sweeper may race: exactly one of them wins and announces; the others change nothing (false).
 */
export async function settleDeposit(depositId: string, settlement: Settlement, tx?: Db | Tx): Promise<boolean> {
  if (!tx) return (await getDb()).transaction((inner) => settleDeposit(depositId, settlement, inner));
  const [row] = await tx
    .update(deposits)
    .set({
      status: settlement.status,
      failureReason: settlement.status === "success" ? null : (settlement.reason ?? settlement.status),
      providerReference: settlement.providerReference ?? sql`${deposits.providerReference}`,
      completedAt: sql`now()`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(deposits.id, depositId), eq(deposits.status, "pending")))
    .returning();
  if (!row) return false;

  const data: Record<string, unknown> = {
    track_id: row.trackId,
    amount: row.amount,
    currency: row.currency,
    status: row.status,
    country: row.country,
    operator: row.operator,
    phone_number: row.phoneNumber,
    failure_reason: row.failureReason,
  };
  let kind: "payment_link" | "marketplace" = "payment_link";
  if (row.paymentGatewayId) {
    const [gateway] = await tx
      .select({ orderId: paymentGateways.orderId })
      .from(paymentGateways)
      .where(eq(paymentGateways.id, row.paymentGatewayId));
    Object.assign(data, { gateway_id: row.paymentGatewayId, order_id: gateway?.orderId ?? "" });
  } else {
    kind = "marketplace";
    const [transaction] = await tx
      .select({ id: marketplaceTransactions.id })
      .from(marketplaceTransactions)
      .where(eq(marketplaceTransactions.depositId, row.id));
    Object.assign(data, { gateway_id: row.marketplaceGatewayId, order_id: "", transaction_id: transaction?.id ?? null });
  }
  await tx.insert(outboxEvents).values({
    accountId: row.accountId,
    mode: row.mode,
    type: eventTypeFor(kind, settlement.status),
    depositId: row.id,
    data,
  });
  log("info", "deposit settled", { track_id: row.trackId, status: row.status, reason: row.failureReason });
  return true;
}
