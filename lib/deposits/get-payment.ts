import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Auth } from "@/lib/core/auth";
import { getDb } from "@/lib/db/client";
import { ownedBy } from "@/lib/db/scope";
import {
  deposits,
  marketplaceGateways,
  marketplaceTransactions,
  outboxEvents,
  paymentGateways,
  paymentPagePayments,
  paymentPages,
  webhookAttempts,
  webhookDeliveries,
  webhookEndpoints,
} from "@/lib/db/schema";
import { ApiError } from "@/lib/core/errors";
import { eventIdOf } from "@/lib/deposits/event-sequence";
import { depositHistory } from "./history";
import { depositListColumns } from "./list-deposits";
import type { paymentDetail } from "./schemas";

type PaymentDetail = z.output<typeof paymentDetail>;

/**
 * One of the caller's payment attempts in full (GET /v1/deposits/{track_id}): the deposit, its
 * history, the link it paid, the marketplace buyer and answers, and the webhook deliveries of the
 * events it caused. Another account's or mode's track_id is not found.
 */
export async function getPaymentOrThrow(auth: Auth, trackId: string): Promise<PaymentDetail> {
  const db = await getDb();
  const [row] = await db
    .select({
      ...depositListColumns,
      completedAt: deposits.completedAt,
      provider: deposits.provider,
      providerReference: deposits.providerReference,
      paymentPageId: deposits.paymentPageId,
      invoiceId: deposits.invoiceId,
    })
    .from(deposits)
    .where(and(ownedBy(deposits, auth), eq(deposits.trackId, trackId)));
  if (!row) throw new ApiError("DEPOSIT_NOT_FOUND");
  const { completedAt, provider, providerReference, paymentPageId, invoiceId, ...item } = row;

  const [link, buyer, pagePayment, history, deliveries] = await Promise.all([
    linkOf(item),
    buyerOf(item.id),
    pagePaymentOf(item.id),
    depositHistory(db, item.id),
    deliveriesOf(auth, item.id),
  ]);
  return {
    ...item,
    completed_at: completedAt?.toISOString() ?? null,
    provider,
    provider_reference: providerReference,
    // a payment page's or an invoice's payment is made on a link of its own: what it was paid through
    link: { ...link.summary, payment_page_id: paymentPageId, invoice_id: invoiceId },
    buyer: buyer
      ? {
          transaction_id: buyer.id,
          full_name: buyer.buyerFullName,
          email: buyer.buyerEmail,
          buyer_price: buyer.buyerPrice,
          product_price: buyer.productPrice,
        }
      : null,
    // a marketplace buyer's answers, or a payment page buyer's (to the page's questions)
    answers: (buyer?.additionalInfo ?? pagePayment?.additionalInfo ?? []).map(({ fieldName, value }) => {
      const block = (pagePayment?.blocks ?? link.blocks).find((b) => b.fieldName === fieldName);
      const option = block?.fieldType === "select" ? block.fieldOptions?.find((o) => o.value === value) : undefined;
      return { field_name: fieldName, label: block?.fieldLabel ?? fieldName, type: block?.fieldType ?? "text", value: option?.name ?? value };
    }),
    history: history.map((h) => ({
      event: h.event,
      from_status: h.fromStatus,
      to_status: h.toStatus,
      reason: h.reason,
      at: h.createdAt.toISOString(),
      inferred: h.backfilled,
    })),
    webhook_deliveries: deliveries,
  };
}

type Item = { payment_gateway_id: string | null; marketplace_gateway_id: string | null };

async function linkOf(item: Item) {
  const db = await getDb();
  if (item.payment_gateway_id) {
    const [g] = await db
      .select({ id: paymentGateways.id, name: paymentGateways.shopName, orderId: paymentGateways.orderId, archivedAt: paymentGateways.archivedAt })
      .from(paymentGateways)
      .where(eq(paymentGateways.id, item.payment_gateway_id));
    return {
      summary: { kind: "payment_link" as const, id: g!.id, name: g!.name, order_id: g!.orderId, archived: g!.archivedAt !== null },
      blocks: [],
    };
  }
  const [m] = await db
    .select({ id: marketplaceGateways.id, name: marketplaceGateways.shopName, archivedAt: marketplaceGateways.archivedAt, blocks: marketplaceGateways.formBlocks })
    .from(marketplaceGateways)
    .where(eq(marketplaceGateways.id, item.marketplace_gateway_id!));
  return {
    summary: { kind: "marketplace_link" as const, id: m!.id, name: m!.name, order_id: "", archived: m!.archivedAt !== null },
    blocks: m!.blocks,
  };
}

/** A payment page's payment: the buyer's answers and the page's questions (a question since removed shows by its name). */
async function pagePaymentOf(depositId: string) {
  const db = await getDb();
  const [row] = await db
    .select({ additionalInfo: paymentPagePayments.additionalInfo, blocks: paymentPages.formBlocks })
    .from(paymentPagePayments)
    .innerJoin(paymentPages, eq(paymentPages.id, paymentPagePayments.paymentPageId))
    .where(eq(paymentPagePayments.depositId, depositId));
  return row;
}

async function buyerOf(depositId: string) {
  const db = await getDb();
  const [row] = await db.select().from(marketplaceTransactions).where(eq(marketplaceTransactions.depositId, depositId));
  return row;
}

/** The deliveries of this deposit's outbox events (their `event_id` is the event's), with their endpoint's URL. */
async function deliveriesOf(auth: Auth, depositId: string): Promise<PaymentDetail["webhook_deliveries"]> {
  const db = await getDb();
  const events = await db.select({ id: outboxEvents.id }).from(outboxEvents).where(eq(outboxEvents.depositId, depositId));
  if (events.length === 0) return [];
  const lastAttempt = db
    .select({ code: webhookAttempts.statusCode })
    .from(webhookAttempts)
    .where(eq(webhookAttempts.deliveryId, webhookDeliveries.id))
    .orderBy(desc(webhookAttempts.attempt))
    .limit(1);
  const rows = await db
    .select({
      id: webhookDeliveries.id,
      webhookId: webhookDeliveries.endpointId,
      url: webhookEndpoints.url,
      eventId: webhookDeliveries.eventId,
      eventType: webhookDeliveries.eventType,
      status: webhookDeliveries.status,
      attemptCount: webhookDeliveries.attemptCount,
      lastAttemptAt: webhookDeliveries.lastAttemptAt,
      lastStatusCode: sql<number | null>`(${lastAttempt})`,
      createdAt: webhookDeliveries.createdAt,
    })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(and(ownedBy(webhookDeliveries, auth), inArray(webhookDeliveries.eventId, events.map((e) => eventIdOf(e.id)))))
    .orderBy(asc(webhookDeliveries.createdAt), asc(webhookDeliveries.id));
  return rows.map((r) => ({
    id: r.id,
    webhook_id: r.webhookId,
    url: r.url,
    event_id: r.eventId,
    event_type: r.eventType,
    status: r.status,
    attempt_count: r.attemptCount,
    last_attempt_at: r.lastAttemptAt?.toISOString() ?? null,
    last_status_code: r.lastStatusCode === null ? null : Number(r.lastStatusCode),
    created_at: r.createdAt.toISOString(),
  }));
}
