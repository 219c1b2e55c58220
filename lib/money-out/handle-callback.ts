import { and, eq } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { payouts, providerCallbacks, refunds } from "@/lib/db/schema";
import { ApiError } from "@/lib/core/errors";
import { log } from "@/lib/runtime/log";
import { callbackRefusal } from "@/lib/providers/callback-event";
import { ProviderError } from "@/lib/providers/provider-error";
import { recordProviderLog } from "@/lib/providers/provider-log";
import { moneyOutProvider } from "@/lib/providers/money-out-routing";
import type { DisbursementUpdate } from "@/lib/providers/types";
import { settlePayout, settleRefund } from "./settle";

const NO_STORE = { "cache-control": "no-store" };
const MAX_BODY = 16 * 1024;

export type DisbursementCallbackOutcome = "settled" | "already_settled" | "replay" | "mismatch";

/**
 * POST /api/providers/{provider}/disbursements/callback: a provider reports a payout's or
 * refund's outcome. The provider proves it (parseDisbursementCallback: its signature, its body);
 * then, in one transaction, the event id is stored (a replay changes nothing) and the payout or
 * refund is settled with its ledger entry and outbox event, once. A report of another amount or
 * currency than ours settles nothing: it is an alert for a person (money is never guessed).
 */
export async function handleDisbursementCallback(providerName: string, req: Request, body: Buffer): Promise<Response> {
  const provider = moneyOutProvider(providerName);
  const moneyOut = provider?.capabilities.moneyOut;
  if (!provider || !moneyOut) throw new ApiError("PROVIDER_NOT_FOUND", undefined, undefined, NO_STORE);
  if (body.length > MAX_BODY) throw new ApiError("INVALID_CALLBACK", undefined, undefined, NO_STORE);
  let update: DisbursementUpdate;
  try {
    update = await moneyOut.parseDisbursementCallback(req, body.toString("utf8"));
  } catch (error) {
    if (error instanceof ProviderError) throw callbackRefusal(error) ?? error;
    throw error;
  }
  const operation = `POST /api/providers/${provider.name}/disbursements/callback`;

  const db = await getDb();
  const outcome = await db.transaction(async (tx): Promise<DisbursementCallbackOutcome> => {
    const table = update.kind === "payout" ? payouts : refunds; // the same lifecycle columns (lib/db/schema.ts)
    const [row] = await tx
      .select({ id: table.id, accountId: table.accountId, mode: table.mode, amount: table.amount, currency: table.currency })
      .from(table)
      .where(and(eq(table.id, update.id), eq(table.provider, provider.name)));
    if (!row) throw new ApiError(update.kind === "payout" ? "PAYOUT_NOT_FOUND" : "REFUND_NOT_FOUND", undefined, undefined, NO_STORE);
    const subject = { id: null, accountId: row.accountId, mode: row.mode };
    const logged = { provider: provider.name, deposit: subject, kind: "callback" as const, operation, httpStatus: 200, request: update.body ?? { kind: update.kind, id: update.id, event_id: update.eventId } };
    const ours = (update.amount === undefined || update.amount === row.amount) && (update.currency === undefined || update.currency === row.currency);
    if (!ours) {
      await recordProviderLog({ ...logged, outcome: `${update.kind}:mismatch`, alert: true }, tx);
      return "mismatch";
    }
    const [fresh] = await tx
      .insert(providerCallbacks)
      .values({ provider: provider.name, eventId: `disbursement:${update.eventId}` })
      .onConflictDoNothing()
      .returning({ eventId: providerCallbacks.eventId });
    const settled = fresh
      ? await (update.kind === "payout" ? settlePayout(tx, update.id, update.status) : settleRefund(tx, update.id, update.status))
      : false;
    const result = !fresh ? "replay" : settled ? "settled" : "already_settled";
    await recordProviderLog({ ...logged, outcome: `${update.kind}:${result}:${update.status.outcome}` }, tx);
    return result;
  });
  log(outcome === "mismatch" ? "error" : "info", outcome === "mismatch" ? "alert: money-out callback about other money than ours" : "disbursement callback", {
    provider: provider.name,
    kind: update.kind,
    id: update.id,
    outcome,
  });
  return Response.json({ received: true, outcome }, { headers: NO_STORE });
}

export { MAX_BODY as MAX_DISBURSEMENT_CALLBACK_BODY };
