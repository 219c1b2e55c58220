import type { z } from "zod";
import { maskPhone } from "@/lib/runtime/log";
import type { CustomerWithTotals, PaymentRow } from "./queries";
import type { customerPayment, customerSummary, customerView } from "./schemas";

/** A row of the list: the number masked (a list is shown on screens and exported to sheets). */
export function presentCustomerSummary(row: CustomerWithTotals): z.output<typeof customerSummary> {
  return {
    id: row.id,
    phone_masked: row.phoneNumber === null ? null : maskPhone(row.phoneNumber),
    country: row.country,
    name: row.name,
    email: row.email,
    created_by: row.createdBy,
    merged_into: row.mergedInto,
    erased_at: row.erasedAt?.toISOString() ?? null,
    creation_date: row.createdAt.toISOString(),
    payments_count: row.paymentsCount,
    amount_paid: row.amountPaid,
    amount_refunded: row.amountRefunded,
    currency: row.currency,
    last_payment_at: row.lastPaymentAt?.toISOString() ?? null,
  };
}

/** The customer's own page: the whole number and its payments. */
export function presentCustomer(row: CustomerWithTotals, payments: PaymentRow[]): z.output<typeof customerView> {
  return { ...presentCustomerSummary(row), phone_number: row.phoneNumber, payments: payments.map(presentCustomerPayment) };
}

export function presentCustomerPayment(d: PaymentRow): z.output<typeof customerPayment> {
  return {
    track_id: d.trackId,
    amount: d.amount,
    currency: d.currency,
    status: d.status,
    phone_number: d.phoneNumber,
    operator: d.operator,
    payment_gateway_id: d.paymentGatewayId,
    marketplace_gateway_id: d.marketplaceGatewayId,
    refunded_amount: d.refundedAmount,
    completed_at: d.completedAt?.toISOString() ?? null,
    created_at: d.createdAt.toISOString(),
  };
}
