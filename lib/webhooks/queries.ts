import { and, asc, count, eq, inArray } from "drizzle-orm";
import type { Auth } from "@/lib/core/auth";
import { getDb } from "@/lib/db/client";
import { ownedBy } from "@/lib/db/scope";
import { webhookAttempts, webhookDeliveries, webhookEndpoints } from "@/lib/db/schema";
import { ApiError } from "@/lib/core/errors";
import { pageClauses, type PageQuery } from "@/lib/http/pagination";
import type { DeliveryQuery } from "./schemas";

export type Owner = Pick<Auth, "accountId" | "mode">;
export type EndpointRow = typeof webhookEndpoints.$inferSelect;
export type DeliveryRow = typeof webhookDeliveries.$inferSelect;
export type AttemptRow = typeof webhookAttempts.$inferSelect;
export type DeliveryWithAttempts = DeliveryRow & { attempts: AttemptRow[] };

/** The caller's endpoint, or 404: another account's (or mode's) id is not found. */
export async function getEndpointOrThrow(owner: Owner, id: string): Promise<EndpointRow> {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(ownedBy(webhookEndpoints, owner), eq(webhookEndpoints.id, id)));
  if (!row) throw new ApiError("WEBHOOK_NOT_FOUND");
  return row;
}

export async function listEndpoints(owner: Owner, page: PageQuery): Promise<EndpointRow[]> {
  const db = await getDb();
  const clauses = pageClauses(webhookEndpoints, page, ownedBy(webhookEndpoints, owner));
  return db.select().from(webhookEndpoints).where(clauses.where).orderBy(...clauses.orderBy).limit(clauses.limit);
}

export async function countEndpoints(owner: Owner): Promise<number> {
  const db = await getDb();
  const [row] = await db.select({ n: count() }).from(webhookEndpoints).where(ownedBy(webhookEndpoints, owner));
  return row?.n ?? 0;
}

/** A page of an endpoint's deliveries (the endpoint checked first: 404 if not the caller's). */
export async function listDeliveries(owner: Owner, endpointId: string, query: DeliveryQuery): Promise<DeliveryWithAttempts[]> {
  await getEndpointOrThrow(owner, endpointId);
  const db = await getDb();
  const filter = and(
    eq(webhookDeliveries.endpointId, endpointId),
    query.status ? eq(webhookDeliveries.status, query.status) : undefined,
    query.event_id ? eq(webhookDeliveries.eventId, query.event_id) : undefined,
  );
  const clauses = pageClauses(webhookDeliveries, query, ownedBy(webhookDeliveries, owner), filter);
  const rows = await db.select().from(webhookDeliveries).where(clauses.where).orderBy(...clauses.orderBy).limit(clauses.limit);
  return withAttempts(rows);
}

export async function getDeliveryOrThrow(owner: Owner, endpointId: string, deliveryId: string): Promise<DeliveryWithAttempts> {
  await getEndpointOrThrow(owner, endpointId);
  const db = await getDb();
  const [row] = await db
    .select()
    .from(webhookDeliveries)
    .where(
      and(ownedBy(webhookDeliveries, owner), eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.id, deliveryId)),
    );
  if (!row) throw new ApiError("WEBHOOK_DELIVERY_NOT_FOUND");
  return (await withAttempts([row]))[0]!;
}

async function withAttempts(rows: DeliveryRow[]): Promise<DeliveryWithAttempts[]> {
  if (rows.length === 0) return [];
  const db = await getDb();
  const attempts = await db
    .select()
    .from(webhookAttempts)
    .where(
      inArray(
        webhookAttempts.deliveryId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(webhookAttempts.attempt), asc(webhookAttempts.createdAt));
  const byDelivery = new Map<string, AttemptRow[]>();
  for (const attempt of attempts) byDelivery.set(attempt.deliveryId, [...(byDelivery.get(attempt.deliveryId) ?? []), attempt]);
  return rows.map((row) => ({ ...row, attempts: byDelivery.get(row.id) ?? [] }));
}
