import { and, eq, inArray, ne, sql } from "drizzle-orm";
import { getDb, type Db, type Tx } from "@/lib/db/client";
import { deposits, invoices, marketplaceTransactions, paymentGateways, paymentRequests } from "@/lib/db/schema";
import { insertEvent, eventSequenceTime, claimEventSequence } from "@/lib/deposits/event-sequence";
import { recordPaymentSuccess } from "@/lib/settlement/record-payment";
import { recordDepositChange } from "@/lib/deposits/history";
import { keptSuccessOf } from "@/lib/gateways/paid";
import { log, maskPhone } from "@/lib/runtime/log";
import { crashPoint } from "@/lib/runtime/crash-point";
import type { Settlement } from "@/lib/providers/types";
import { eventTypeFor, statusesBefore } from "./status";
import { depositEventData, invoiceEventData, type PaidLink } from "@/lib/webhooks/event-data";
import { newReceiptCode } from "@/lib/deposits/receipt-code";
import { isUniqueViolation } from "@/lib/db/errors";
import { bookCustomer } from "@/lib/customers/book-customer";

export type { Settlement } from "@/lib/providers/types";

/**
 * Moves a deposit to a terminal status as the status machine allows (status.ts: from pending, or
 * expired → success): one conditional update and its outbox event in one database transaction.
 * Callbacks, the reconciler and the expiry sweeper may race: exactly one of them wins and
 * announces; the others change nothing (false).
 *
 * A payment link is paid once (DESIGN §3). Successes of one link settle one at a time (a lock on
 * the link's row, taken before the deposit's); a success after the link's kept one is still a
 * success (the buyer paid) but is flagged `duplicate_of` the kept one, to refund. The partial
 * unique index on kept successes holds the rule even if this code is wrong.
 *
 * A success posts its money to the ledger in the same transaction (lib/settlement/record-payment.ts),
 * and gets its public receipt code in the very update that records it (`/r/{code}`).
 */
export async function settleDeposit(depositId: string, settlement: Settlement, tx?: Db | Tx): Promise<boolean> {
  if (!tx) return (await getDb()).transaction((inner) => settleDeposit(depositId, settlement, inner));
  const from = statusesBefore(settlement.status);
  const success = settlement.status === "success";

  let keptSuccess: { id: string; trackId: string } | undefined;
  if (success) {
    const [current] = await tx
      .select({ gatewayId: deposits.paymentGatewayId, status: deposits.status })
      .from(deposits)
      .where(eq(deposits.id, depositId));
    if (!current || !from.includes(current.status)) return false;
    if (current.gatewayId) {
      // NO KEY UPDATE: serialises the link's successes without blocking new attempts' foreign keys
      await tx.select({ id: paymentGateways.id }).from(paymentGateways).where(eq(paymentGateways.id, current.gatewayId)).for("no key update");
      [keptSuccess] = await tx
        .select({ id: deposits.id, trackId: deposits.trackId })
        .from(deposits)
        .where(and(keptSuccessOf(current.gatewayId), ne(deposits.id, depositId)))
        .limit(1);
    }
  }

  // the status before, read under the row lock the update below takes (for the history)
  const [before] = await tx.select({ status: deposits.status }).from(deposits).where(eq(deposits.id, depositId)).for("update");
  if (!before || !from.includes(before.status)) return false;
  // its number in the deposit's order: after the expiry it follows, in commit order. The
  // transition, its history row and its event share one time: the one taken with the number.
  const slot = await claimEventSequence(tx, depositId);
  const transition = (db: Db | Tx, receiptCode?: string) =>
    db
      .update(deposits)
      .set({
        status: settlement.status,
        failureReason: success ? null : (settlement.reason ?? settlement.status),
        providerReference: settlement.providerReference ?? sql`${deposits.providerReference}`,
        completedAt: sql`${deposits.lastEventAt}`,
        updatedAt: sql`now()`,
        // evaluated on the row before the update: a success after our own expiry; its receipt code
        // (a duplicate's too: it proves a payment, its page says refunded), never replaced once given
        ...(success
          ? {
              lateSuccess: sql`${deposits.status} = 'expired'`,
              duplicateOf: keptSuccess?.id ?? null,
              receiptCode: sql`coalesce(${deposits.receiptCode}, ${receiptCode})`,
            }
          : {}),
      })
      .where(and(eq(deposits.id, depositId), inArray(deposits.status, from)))
      .returning();
  const [row] = success ? await withReceiptCode(tx, transition) : await transition(tx);
  // the row is locked and its status checked above: the update cannot miss (and a number taken must not stay unused)
  if (!row) throw new Error(`settleDeposit: ${depositId} changed under its lock`);
  await recordDepositChange(tx, { deposit: row, event: "status_changed", from: before.status, to: row.status, reason: row.failureReason, at: eventSequenceTime(slot) });
  await crashPoint("settlement-written"); // a crash here rolls the transition back: nothing announced, nothing changed
  // the payer's customer (lib/customers): booked with the success, or not at all
  if (success) {
    await bookCustomer(tx, row);
    await crashPoint("customer-booked"); // a crash here rolls both back: no payment without its customer, none counted twice
  }

  let link: PaidLink;
  if (row.paymentGatewayId) {
    const [gateway] = await tx
      .select({ orderId: paymentGateways.orderId, origin: paymentGateways.origin })
      .from(paymentGateways)
      .where(eq(paymentGateways.id, row.paymentGatewayId));
    // a request to pay's link: its events name the request
    const [request] =
      gateway?.origin === "request"
        ? await tx.select({ id: paymentRequests.id }).from(paymentRequests).where(eq(paymentRequests.paymentGatewayId, row.paymentGatewayId))
        : [];
    // a payment page's payment: its events name the page
    // an invoice's payment: its events name the invoice
    link = { kind: "payment_link", gatewayId: row.paymentGatewayId, orderId: gateway?.orderId ?? "", requestId: request?.id ?? null, pageId: row.paymentPageId, invoiceId: row.invoiceId };
  } else {
    const [transaction] = await tx
      .select({ id: marketplaceTransactions.id })
      .from(marketplaceTransactions)
      .where(eq(marketplaceTransactions.depositId, row.id));
    // every deposit is made on a payment link or on a marketplace link
    link = { kind: "marketplace", gatewayId: row.marketplaceGatewayId!, transactionId: transaction?.id ?? null };
  }
  const data = depositEventData(row, link, keptSuccess?.trackId);
  await crashPoint("event-sequence-claimed"); // a crash here gives the number back with the transition: no gap
  await insertEvent(tx, { accountId: row.accountId, mode: row.mode, type: eventTypeFor(link.kind, settlement.status), depositId: row.id, data }, slot);
  if (success && row.invoiceId) await announceInvoicePayment(tx, row);
  // the money it brought, in the ledger; a duplicate is refunded
  if (success) await recordPaymentSuccess(tx, row);
  log("info", "deposit settled", { track_id: row.trackId, status: row.status, reason: row.failureReason });
  // money the buyer paid that the merchant did not expect: an operator must look (and refund)
  if (row.lateSuccess) {
    log("error", "alert: payment succeeded after our expiry", { track_id: row.trackId, phone: maskPhone(row.phoneNumber), provider: row.provider });
  }
  if (keptSuccess) {
    log("error", "alert: duplicate payment on a paid link", {
      track_id: row.trackId,
      duplicate_of: keptSuccess.trackId,
      gateway_id: row.paymentGatewayId,
      phone: maskPhone(row.phoneNumber),
    });
  }
  return true;
}

/**
 * An invoice's payment succeeded: the trigger on deposits (migration 0029) has already added it to
 * the invoice's `amount_paid` in this transaction; its event says what the invoice became, after
 * the payment's own event in the deposit's order. A late success on an invoice paid meanwhile
 * changes nothing the merchant has not been told: no invoice event, an alert (to refund).
 */
async function announceInvoicePayment(tx: Db | Tx, row: typeof deposits.$inferSelect): Promise<void> {
  const [invoice] = await tx.select().from(invoices).where(eq(invoices.id, row.invoiceId!));
  if (!invoice) return;
  if (invoice.amountPaid - row.amount >= invoice.total) {
    log("error", "alert: payment on an invoice already paid", { track_id: row.trackId, invoice_id: invoice.id, phone: maskPhone(row.phoneNumber) });
    return;
  }
  const status = invoice.amountPaid >= invoice.total ? "paid" : "partially_paid";
  const slot = await claimEventSequence(tx, row.id);
  await insertEvent(tx, { accountId: row.accountId, mode: row.mode, type: `invoice.${status}`, depositId: row.id, data: invoiceEventData(invoice, status, row) }, slot);
}

/**
 * Runs a success's update with a new receipt code, in a savepoint: the one in 2^50 chance that the
 * code is already some other payment's (the unique index says so) must not lose the success, so the
 * savepoint is rolled back and the update runs again with another code. Three tries: a fourth
 * collision in a row means the generator is broken, not unlucky.
 */
async function withReceiptCode<T>(tx: Db | Tx, update: (savepoint: Tx, code: string) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await tx.transaction((savepoint) => update(savepoint, newReceiptCode()));
    } catch (error) {
      if (attempt >= 3 || !isUniqueViolation(error, "deposits_receipt_code_key")) throw error;
      log("warn", "receipt code taken, drawing another", { attempt });
    }
  }
}
