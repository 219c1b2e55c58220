import type { Auth } from "@/lib/core/auth";
import { assertAmount, assertCurrency } from "@/lib/countries";
import { sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { prepared } from "@/lib/db/prepared";
import { paymentGateways } from "@/lib/db/schema";
import { ApiError } from "@/lib/core/errors";
import { findLiveGatewayByOrderId, type GatewayRow } from "./queries";
import type { CreateGatewayBody } from "./schemas";

const columns = [
  "accountId",
  "mode",
  "amount",
  "currency",
  "country",
  "shopName",
  "message",
  "orderId",
  "successUrl",
  "failureUrl",
] as const;

// The hottest write of the API: built once per database handle (see lib/db/prepared.ts).
const insertGateway = prepared((db) =>
  db
    .insert(paymentGateways)
    .values(Object.fromEntries(columns.map((c) => [c, sql.placeholder(c)])) as unknown as typeof paymentGateways.$inferInsert)
    .onConflictDoNothing()
    .returning()
    .prepare("insert_gateway"),
);

/**
 * Creates a payment link in the caller's currency. A non-empty order_id is held by at most one live
 * link per account and mode (a partial unique index; archiving frees it): the same body again
 * returns the live holder (a safe retry), another body is a conflict.
 */
export async function createGateway(auth: Auth, body: CreateGatewayBody): Promise<GatewayRow> {
  assertCurrency(body.currency, auth.currency);
  assertAmount(body.amount, auth.currency);
  // twice at most: the holder that made the insert conflict may be archived before we read it
  for (let attempt = 0; attempt < 2; attempt++) {
    const row = await insert(auth, body);
    if (row) return row;
    const holder = await findLiveGatewayByOrderId(auth, body.order_id);
    if (holder && sameBody(holder, body)) return holder;
    if (holder) break;
  }
  throw new ApiError("ORDER_ID_CONFLICT");
}

async function insert(auth: Auth, body: CreateGatewayBody): Promise<GatewayRow | undefined> {
  const [row] = await insertGateway(await getDb()).execute({
    accountId: auth.accountId,
    mode: auth.mode,
    amount: body.amount,
    currency: auth.currency,
    country: auth.country,
    shopName: body.shop_name,
    message: body.message,
    orderId: body.order_id,
    successUrl: body.success_url,
    failureUrl: body.failure_url,
  });
  return row;
}

function sameBody(row: GatewayRow, body: CreateGatewayBody): boolean {
  return (
    row.amount === body.amount &&
    row.shopName === body.shop_name &&
    row.message === body.message &&
    row.successUrl === body.success_url &&
    row.failureUrl === body.failure_url
  );
}
