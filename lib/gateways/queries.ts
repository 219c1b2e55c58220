import { and, eq, isNull, sql } from "drizzle-orm";
import type { Auth } from "@/lib/accounts/queries";
import { getDb } from "@/lib/db/client";
import { ownedBy } from "@/lib/db/scope";
import { deposits, paymentGateways } from "@/lib/db/schema";
import { ApiError } from "@/lib/http/errors";
import { pageClauses, type PageQuery } from "@/lib/http/pagination";

export type GatewayRow = typeof paymentGateways.$inferSelect;

/** A live (not archived) payment link of the caller, or 404: another account's id is not found. */
export async function getGatewayOrThrow(auth: Auth, id: string): Promise<GatewayRow> {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(paymentGateways)
    .where(and(ownedBy(paymentGateways, auth), eq(paymentGateways.id, id), isNull(paymentGateways.archivedAt)));
  if (!row) throw new ApiError("GATEWAY_NOT_FOUND");
  return row;
}

/** Public read (no key): any live payment link by id. */
export async function getPublicGatewayOrThrow(id: string): Promise<GatewayRow> {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(paymentGateways)
    .where(and(eq(paymentGateways.id, id), isNull(paymentGateways.archivedAt)));
  if (!row) throw new ApiError("GATEWAY_NOT_FOUND");
  return row;
}

export async function listGateways(auth: Auth, page: PageQuery): Promise<GatewayRow[]> {
  const db = await getDb();
  const clauses = pageClauses(paymentGateways, page, ownedBy(paymentGateways, auth), isNull(paymentGateways.archivedAt));
  return db.select().from(paymentGateways).where(clauses.where).orderBy(...clauses.orderBy).limit(clauses.limit);
}

export async function findGatewayByOrderId(auth: Auth, orderId: string): Promise<GatewayRow | undefined> {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(paymentGateways)
    .where(and(ownedBy(paymentGateways, auth), eq(paymentGateways.orderId, orderId)));
  return row;
}

export async function isGatewayPaid(gatewayId: string): Promise<boolean> {
  const db = await getDb();
  const [row] = await db
    .select({ one: sql`1` })
    .from(deposits)
    .where(and(eq(deposits.paymentGatewayId, gatewayId), eq(deposits.status, "success")))
    .limit(1);
  return Boolean(row);
}
