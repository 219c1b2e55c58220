import type { z } from "zod";
import { formatReceiptCode } from "@/lib/core/receipt-code";
import type { webhookEvents } from "./schemas";

// The `data` of the events Kola builds itself, typed by their documented schemas (schemas.ts): a
// field the schema does not list, or lists otherwise, does not compile. Payouts and refunds carry
// their views (PayoutView, RefundView) as they are. Key order is the schema's, applied when the
// body is written (events.ts).

type DataOf<T extends keyof typeof webhookEvents> = z.input<(typeof webhookEvents)[T]>["data"];
type DepositEventType = `payment.${"succeeded" | "failed" | "expired"}` | `marketplace.transaction.${"succeeded" | "failed" | "expired"}`;

/** A payment's or a marketplace sale's event data; `late_success` and `duplicate_of` only when so, `receipt_code` on a success. */
export type DepositEventData = DataOf<DepositEventType> & { late_success?: true; duplicate_of?: string };

type SettledDeposit = {
  trackId: string;
  amount: number;
  currency: string;
  status: string;
  failureReason: string | null;
  country: string;
  operator: string;
  phoneNumber: string;
  lateSuccess: boolean;
  /** given with the success (lib/payments/settle-deposit.ts) */
  receiptCode: string | null;
};
export type PaidLink = { kind: "payment_link"; gatewayId: string; orderId: string; requestId?: string | null; pageId?: string | null; invoiceId?: string | null } | { kind: "marketplace"; gatewayId: string; transactionId: string | null };

function outcome(deposit: SettledDeposit): { status: "success"; failure_reason: null } | { status: "failed" | "expired"; failure_reason: string } {
  if (deposit.status === "success") return { status: "success", failure_reason: null };
  if (deposit.status === "failed" || deposit.status === "expired") return { status: deposit.status, failure_reason: deposit.failureReason ?? deposit.status }; // never null: settling writes a reason
  throw new Error(`depositEventData: ${deposit.trackId} is ${deposit.status}, not settled`);
}

/** A success's receipt code, formatted; nothing on a failure or an expiry. */
function receipt(deposit: SettledDeposit): { receipt_code?: string } {
  if (deposit.status !== "success") return {};
  if (!deposit.receiptCode) throw new Error(`depositEventData: ${deposit.trackId} succeeded without a receipt code`);
  return { receipt_code: formatReceiptCode(deposit.receiptCode) };
}

/** The data of a settled deposit's event; `duplicateOf`: the track_id of the link's kept success. */
export function depositEventData(deposit: SettledDeposit, link: PaidLink, duplicateOf?: string): DepositEventData {
  const paid = outcome(deposit);
  const about =
    link.kind === "payment_link"
      ? { track_id: deposit.trackId, gateway_id: link.gatewayId, order_id: link.orderId }
      : { track_id: deposit.trackId, gateway_id: link.gatewayId, order_id: "" as const, transaction_id: link.transactionId };
  return {
    ...about,
    amount: deposit.amount,
    currency: deposit.currency,
    ...paid,
    country: deposit.country,
    operator: deposit.operator,
    phone_number: deposit.phoneNumber,
    ...receipt(deposit),
    // present only when true, so the usual event keeps its documented shape
    ...(deposit.lateSuccess ? { late_success: true as const } : {}),
    ...(duplicateOf ? { duplicate_of: duplicateOf } : {}),
    ...(link.kind === "payment_link" && link.requestId ? { payment_request_id: link.requestId } : {}),
    ...(link.kind === "payment_link" && link.pageId ? { payment_page_id: link.pageId } : {}),
    ...(link.kind === "payment_link" && link.invoiceId ? { invoice_id: link.invoiceId } : {}),
  };
}

type InvoiceFacts = { id: string; reference: string; currency: string; total: number; amountPaid: number };

/**
 * The data of an invoice's event (`invoice.created`, `invoice.partially_paid`, `invoice.paid`,
 * `invoice.overdue`, `invoice.cancelled`):
 * the invoice's amounts as the event's transaction left them, and the payment that changed them.
 */
export function invoiceEventData(invoice: InvoiceFacts, status: "open" | "partially_paid" | "paid" | "overdue" | "cancelled", payment?: { trackId: string; amount: number }): DataOf<"invoice.paid"> {
  return {
    invoice_id: invoice.id,
    reference: invoice.reference,
    status,
    currency: invoice.currency,
    total: invoice.total,
    amount_paid: invoice.amountPaid,
    balance_due: Math.max(0, invoice.total - invoice.amountPaid),
    ...(payment ? { track_id: payment.trackId, amount: payment.amount } : {}),
  };
}

/** The data of the test event POST /v1/webhooks/{webhook_id}/test sends. */
export function testEventData(endpointId: string): DataOf<"webhook.test"> {
  return { webhook_id: endpointId, message: "A test event from Kola: your endpoint receives and verifies events." };
}
