import type { z } from "zod";
import { publicBaseUrl } from "@/lib/runtime/config";
import { countryObject } from "@/lib/countries";
import type { GatewayListRow, GatewayRow } from "./queries";
import type { gatewayCreated, gatewayListItem, gatewayView, gatewayWithStatus } from "./schemas";

function common(row: GatewayRow) {
  return {
    id: row.id,
    amount: row.amount,
    currency: row.currency,
    shop_name: row.shopName,
    creation_date: row.createdAt.toISOString(),
    link: `${publicBaseUrl()}/pay/${row.id}`,
    message: row.message,
    order_id: row.orderId,
    success_url: row.successUrl,
    failure_url: row.failureUrl,
  };
}

/** The create response: `user_id`, no `user_country` (interface §2.1). */
export function presentCreated(row: GatewayRow): z.output<typeof gatewayCreated> {
  const { id, amount, currency, shop_name, ...rest } = common(row);
  return { id, amount, currency, shop_name, user_id: row.accountId, ...rest };
}

/** The get response: `user_country`, no `user_id`. */
export function presentView(row: GatewayRow): z.output<typeof gatewayView> {
  const { id, amount, currency, shop_name, ...rest } = common(row);
  return { id, amount, currency, shop_name, user_country: countryObject(row.country), ...rest };
}

/** A list item: the get shape, plus `payment_status` when the caller asked for it. */
export function presentListItem(row: GatewayListRow): z.output<typeof gatewayListItem> {
  const view = presentView(row);
  return row.paymentStatus === undefined ? view : { ...view, payment_status: row.paymentStatus, attempted: row.attempted ?? false };
}

/** The owner's read of one link: a list item with its payment status, and when it was archived (or null). */
export function presentOwnerView(row: GatewayListRow): z.output<typeof gatewayWithStatus> {
  return { ...presentListItem(row), archived_at: row.archivedAt?.toISOString() ?? null };
}
