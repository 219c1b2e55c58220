import type { z } from "zod";
import { publicBaseUrl } from "@/lib/runtime/config";
import { presentFormBlocks } from "@/lib/marketplaces/present";
import { pageStatus, type PagePaymentRow, type PaymentPageRow } from "./queries";
import type { paymentPagePayment, paymentPageView } from "./schemas";

export function pagePath(id: string): string {
  return `/pp/${id}`;
}

export function presentPaymentPage(row: PaymentPageRow): z.output<typeof paymentPageView> {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    currency: row.currency,
    amount_type: row.amountType,
    amount: row.amount,
    min_amount: row.minAmount,
    max_amount: row.maxAmount,
    max_quantity: row.maxQuantity,
    stock: row.stock,
    max_payments: row.maxPayments,
    units_taken: row.unitsTaken,
    payments_taken: row.paymentsTaken,
    units_left: row.stock === null ? null : Math.max(0, row.stock - row.unitsTaken),
    ends_at: row.endsAt?.toISOString() ?? null,
    closed_message: row.closedMessage,
    form_blocks: presentFormBlocks(row.formBlocks),
    success_url: row.successUrl,
    status: pageStatus(row),
    link: `${publicBaseUrl()}${pagePath(row.id)}`,
    creation_date: row.createdAt.toISOString(),
    closed_at: row.closedAt?.toISOString() ?? null,
  };
}

export function presentPagePayment({ deposit, quantity, additionalInfo }: PagePaymentRow): z.output<typeof paymentPagePayment> {
  return {
    track_id: deposit.trackId,
    gateway_id: deposit.paymentGatewayId!,
    amount: deposit.amount,
    currency: deposit.currency,
    quantity,
    status: deposit.status,
    phone_number: deposit.phoneNumber,
    operator: deposit.operator,
    additional_info: additionalInfo.map((a) => ({ fieldName: a.fieldName, value: a.value })),
    created_at: deposit.createdAt.toISOString(),
  };
}
