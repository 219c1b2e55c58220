import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import { countries, isCountry } from "@/lib/countries";
import { getDb } from "@/lib/db/client";
import { deposits, payouts, refunds } from "@/lib/db/schema";
import { log, maskPhone } from "@/lib/runtime/log";
import { crashPoint } from "@/lib/runtime/crash-point";
import { isRefusal } from "@/lib/providers/provider-error";
import type { Disbursement, DisbursementStatus, Provider } from "@/lib/providers/types";
import { nextPayoutProvider, payoutProviderFor } from "@/lib/providers";
import { iso2Of, moneyOutProvider } from "@/lib/providers/money-out-routing";
import { settlePayout, settleRefund, type Outcome } from "./settle";

// The background half of money out: send what was recorded, ask about what the providers have.
// Never a transaction open across a provider call; a payout or refund is sent under its own id
// only, so sending it again (after a crash, a timeout, a lost answer) can never pay twice.

const BATCH = 50;
type Kind = "payout" | "refund";
type PayoutRow = typeof payouts.$inferSelect;
type RefundRow = typeof refunds.$inferSelect;
type Row = PayoutRow | RefundRow;
/** A claimed row with its kind: the type checker knows a payout's columns from a refund's, no cast. */
type Item = { kind: "payout"; row: PayoutRow } | { kind: "refund"; row: RefundRow };
/** Both tables share their lifecycle columns (lib/db/schema.ts `disbursementLifecycle`): one query serves either. */
const tableOf = (kind: Kind) => (kind === "payout" ? payouts : refunds);

/**
 * Claims rows of `status` not claimed lately (FOR UPDATE SKIP LOCKED and a `checked_at` stamp, in a
 * short transaction of its own), so that several processes never handle one row at once. A row is
 * claimed again after a tenth of its age (at least 15 s, at most 10 minutes).
 */
async function claim(kind: Kind, status: "pending" | "processing", minAgeSeconds: number): Promise<Item[]> {
  const table = tableOf(kind);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const claimed = await tx
      .select({ id: table.id })
      .from(table)
      .where(
        and(
          eq(table.status, status),
          lte(table.createdAt, sql`now() - make_interval(secs => ${minAgeSeconds})`),
          or(
            isNull(table.checkedAt),
            lt(table.checkedAt, sql`now() - greatest(interval '15 seconds', least(interval '10 minutes', (now() - ${table.createdAt}) / 10))`),
          ),
        ),
      )
      .orderBy(asc(table.createdAt))
      .limit(BATCH)
      .for("update", { skipLocked: true });
    const ids = claimed.map((r) => r.id);
    if (!ids.length) return [];
    await tx.update(table).set({ checkedAt: sql`now()` }).where(inArray(table.id, ids));
    // each table read as itself, so a payout is typed as a payout and a refund as a refund
    if (kind === "payout") return (await tx.select().from(payouts).where(inArray(payouts.id, ids)).orderBy(asc(payouts.createdAt))).map((row) => ({ kind, row }));
    return (await tx.select().from(refunds).where(inArray(refunds.id, ids)).orderBy(asc(refunds.createdAt))).map((row) => ({ kind, row }));
  });
}

async function disbursementOf({ kind, row }: Item): Promise<Disbursement> {
  if (kind === "payout") return base(kind, row, { country: iso2Of(row.country), operator: row.operator, phoneNumber: row.phoneNumber });
  const db = await getDb();
  const [deposit] = await db.select().from(deposits).where(eq(deposits.id, row.depositId));
  return base(kind, row, { country: iso2Of(deposit!.country), operator: deposit!.operator, phoneNumber: deposit!.phoneNumber, deposit });
}

function base(kind: Kind, row: Row, rest: Pick<Disbursement, "country" | "operator" | "phoneNumber" | "deposit">): Disbursement {
  return {
    id: row.id,
    kind,
    mode: row.mode,
    accountId: row.accountId,
    amount: row.amount,
    currency: row.currency,
    ...rest,
    createdAt: row.sentAt ?? row.createdAt,
    providerReference: row.providerReference,
  };
}

async function settle(kind: Kind, id: string, outcome: Outcome): Promise<boolean> {
  const db = await getDb();
  return db.transaction((tx) => (kind === "payout" ? settlePayout(tx, id, outcome) : settleRefund(tx, id, outcome)));
}

async function markSent(kind: Kind, id: string, reference: string | null): Promise<void> {
  const table = tableOf(kind);
  const db = await getDb();
  await db
    .update(table)
    .set({ status: "processing", providerReference: reference ?? sql`${table.providerReference}`, sentAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(table.id, id), inArray(table.status, ["pending", "processing"])));
}

/**
 * Hands one payout or refund to its provider. Taken: `processing` (the provider calls back, or
 * the reconciler asks). A definite refusal (a `refused` ProviderError): failed now, its money returned.
 * Anything else leaves the outcome unknown: `processing` too, and the reconciler asks the provider.
 */
export async function sendOne(item: Item): Promise<boolean> {
  const { kind, row } = item;
  if (item.kind === "payout" && !item.row.sentAt) await routePayout(item.row);
  const provider = moneyOutProvider(row.provider);
  const moneyOut = provider?.capabilities.moneyOut;
  const send = kind === "payout" ? moneyOut?.sendPayout : moneyOut?.sendRefund;
  if (!provider || !moneyOut || !send) return settle(kind, row.id, { state: "settled", outcome: "failed", reason: "provider_cannot_send" });
  if (item.kind === "payout" && item.row.kind === "seller" && !item.row.sentAt) await predictSellerOperator(item.row, provider);
  // a number whose operator neither its prefix nor the provider can tell: never sent to a guessed
  // wallet; failed, its money back in the seller's balance, for PATCH /v1/payouts/{id} with an operator
  if (item.kind === "payout" && !item.row.operator) return settle(kind, row.id, { state: "settled", outcome: "failed", reason: "operator_unknown" });
  const disbursement = await disbursementOf(item);
  try {
    const { reference } = await send.call(moneyOut, disbursement);
    await crashPoint("disbursement-sent"); // the provider has it, our books do not say so yet
    await markSent(kind, row.id, reference);
    return false;
  } catch (error) {
    if (isRefusal(error)) {
      // refused for a reason of the provider's own before it took anything: the next route
      if (item.kind === "payout" && error.failover && !item.row.sentAt && (await failOverPayout(item.row))) return false;
      return settle(kind, row.id, { state: "settled", outcome: "failed", reason: error.reason });
    }
    log("warn", `${kind} send failed; its outcome is unknown until the provider is asked`, { id: row.id, error, phone: maskPhone(disbursement.phoneNumber) });
    await markSent(kind, row.id, null);
    return false;
  }
}

/**
 * Money out per operator: before a payout is first sent, the first provider that pays
 * out to its operator now (lib/payments/providers: not CLOSED there, breaker not open).
 */
async function routePayout(row: PayoutRow): Promise<void> {
  const chosen = await payoutProviderFor(row.mode, row.operator);
  if (!chosen || chosen === row.provider) return;
  const db = await getDb();
  const moved = await db
    .update(payouts)
    .set({ provider: chosen, updatedAt: sql`now()` })
    .where(and(eq(payouts.id, row.id), eq(payouts.status, "pending"), isNull(payouts.sentAt)))
    .returning({ id: payouts.id });
  if (moved.length) row.provider = chosen;
}

/** The next route for a payout its provider refused before taking it; false when there is none. */
async function failOverPayout(row: PayoutRow): Promise<boolean> {
  const next = await nextPayoutProvider(row.mode, row.operator, row.provider);
  if (!next) return false;
  const db = await getDb();
  const moved = await db
    .update(payouts)
    .set({ provider: next, checkedAt: null, updatedAt: sql`now()` })
    .where(and(eq(payouts.id, row.id), eq(payouts.provider, row.provider), eq(payouts.status, "pending"), isNull(payouts.sentAt)))
    .returning({ id: payouts.id });
  if (moved.length) log("warn", "payout refused by its provider: sent through the next", { id: row.id, from: row.provider, to: next });
  return moved.length > 0;
}

/**
 * Marketplace links store the seller's phone, not their operator: before a seller payout is first
 * sent, a provider that can tell a number's operator (pawaPay's predict-provider, which knows ported
 * numbers) is asked, and a confident answer of the seller's country replaces the operator its prefix
 * gave (lib/countries/operator-of-number.ts), or fills it when the prefix told nothing.
 */
async function predictSellerOperator(row: PayoutRow, provider: Provider): Promise<void> {
  const predict = provider.capabilities.predictOperator;
  if (!predict) return;
  const predicted = await predict(row.phoneNumber).catch(() => null);
  if (!predicted || predicted === row.operator || !isCountry(row.country) || !Object.hasOwn(countries[row.country].operators, predicted)) return;
  const db = await getDb();
  await db.update(payouts).set({ operator: predicted, updatedAt: sql`now()` }).where(and(eq(payouts.id, row.id), eq(payouts.status, "pending")));
  row.operator = predicted;
}

/** Asks the provider about one payout or refund it has: settled → settle; not found → send it again (same id). */
async function askOne(item: Item): Promise<boolean> {
  const { kind, row } = item;
  const moneyOut = moneyOutProvider(row.provider)?.capabilities.moneyOut;
  if (!moneyOut) return false;
  let status: DisbursementStatus;
  try {
    status = await moneyOut.queryDisbursement(await disbursementOf(item));
  } catch (error) {
    log("warn", `${kind} status query failed`, { id: row.id, error });
    return false;
  }
  if (status.state === "settled") return settle(kind, row.id, status);
  if (status.state === "not_found") return sendOne(item);
  return false;
}

/**
 * One round of money out: sends what is recorded (at once: `minAgeSeconds` 0), and asks providers
 * about what they have had for more than 10 s without a callback. Returns how many payouts and
 * refunds reached their outcome. (lib/money-out/round.ts runs it after the releases.)
 */
export async function processMoneyOut(): Promise<number> {
  let settled = 0;
  for (const kind of ["payout", "refund"] as const) {
    for (const item of await claim(kind, "pending", 0)) if (await sendOne(item)) settled++;
    for (const item of await claim(kind, "processing", 10)) if (await askOne(item)) settled++;
  }
  return settled;
}
