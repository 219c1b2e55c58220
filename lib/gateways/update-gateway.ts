import { and, eq } from "drizzle-orm";
import type { Auth } from "@/lib/core/auth";
import { assertAmount } from "@/lib/countries";
import { getDb } from "@/lib/db/client";
import { ownedBy } from "@/lib/db/scope";
import { paymentGateways } from "@/lib/db/schema";
import { ApiError } from "@/lib/core/errors";
import { isGatewayPaid } from "./paid";
import { getGatewayOrThrow, type GatewayRow } from "./queries";
import type { UpdateGatewayBody } from "./schemas";

/** Changes only the fields sent. A paid link keeps its amount (409 GATEWAY_ALREADY_PAID). */
export async function updateGateway(auth: Auth, id: string, body: UpdateGatewayBody): Promise<GatewayRow> {
  const current = await getGatewayOrThrow(auth, id);
  if (body.amount !== undefined && body.amount !== current.amount) {
    assertAmount(body.amount, current.currency);
    if (await isGatewayPaid(current.id)) throw new ApiError("GATEWAY_ALREADY_PAID");
  }
  const changes = {
    amount: body.amount,
    shopName: body.shop_name,
    message: body.message,
    successUrl: body.success_url,
    failureUrl: body.failure_url,
  };
  const set = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
  if (Object.keys(set).length === 0) return current;
  const db = await getDb();
  const [row] = await db
    .update(paymentGateways)
    .set(set)
    .where(and(ownedBy(paymentGateways, auth), eq(paymentGateways.id, id)))
    .returning();
  if (!row) throw new ApiError("GATEWAY_NOT_FOUND");
  return row;
}
