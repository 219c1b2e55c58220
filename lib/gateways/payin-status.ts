import { desc, eq, sql } from "drizzle-orm";
import type { Auth } from "@/lib/accounts/queries";
import { getDb } from "@/lib/db/client";
import { deposits, type DepositStatus } from "@/lib/db/schema";
import { ApiError } from "@/lib/http/errors";
import { findGatewayByOrderId } from "./queries";

/**
 * The payment status of the link with this order_id: `success` once any attempt succeeded,
 * otherwise the latest attempt's status, or `pending` when nobody tried yet (DESIGN §3).
 */
export async function payinStatus(auth: Auth, orderId: string): Promise<{ order_id: string; status: DepositStatus }> {
  const gateway = await findGatewayByOrderId(auth, orderId);
  if (!gateway) throw new ApiError("GATEWAY_NOT_FOUND");
  const db = await getDb();
  const [latest] = await db
    .select({ status: deposits.status })
    .from(deposits)
    .where(eq(deposits.paymentGatewayId, gateway.id))
    .orderBy(sql`(${deposits.status} = 'success') desc`, desc(deposits.createdAt))
    .limit(1);
  return { order_id: orderId, status: latest?.status ?? "pending" };
}
