import { and, eq, ilike, inArray, isNotNull, isNull, not, or, sql, type SQL } from "drizzle-orm";
import type { Auth } from "@/lib/core/auth";
import { getDb } from "@/lib/db/client";
import { prepared } from "@/lib/db/prepared";
import { ownedBy } from "@/lib/db/scope";
import { paymentGateways } from "@/lib/db/schema";
import type { DepositStatus } from "@/lib/core/deposit-statuses";
import { ApiError } from "@/lib/core/errors";
import { pageClauses } from "@/lib/http/pagination";
import { paidSql } from "./paid";
import { attemptedSql, paymentStatusSql } from "./payin-status";
import type { GatewayListQuery } from "./schemas";

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

const publicGateway = prepared((db) =>
  db
    .select()
    .from(paymentGateways)
    .where(and(eq(paymentGateways.id, sql.placeholder("id")), isNull(paymentGateways.archivedAt)))
    .prepare("public_gateway"),
);

/** Public read (no key): any live payment link by id. */
export async function getPublicGatewayOrThrow(id: string): Promise<GatewayRow> {
  const [row] = await publicGateway(await getDb()).execute({ id });
  if (!row) throw new ApiError("GATEWAY_NOT_FOUND");
  return row;
}

export type GatewayListRow = GatewayRow & { paymentStatus?: DepositStatus; attempted?: boolean };

/** A page of the caller's links, newest first: live or archived ones, searched, paid or not. */
export async function listGateways(auth: Auth, query: GatewayListQuery): Promise<GatewayListRow[]> {
  const db = await getDb();
  const filters: SQL[] = [
    query.archived ? isNotNull(paymentGateways.archivedAt) : isNull(paymentGateways.archivedAt),
    // the links requests to pay made are theirs (GET /v1/payment-requests), not the merchant's links
    eq(paymentGateways.origin, "link"),
  ];
  if (query.q) {
    // a word anywhere in the shop name or the message; an order_id by its beginning (the indexes
    // that answer each: payment_gateways in ../db/schema.ts)
    const literal = query.q.replace(/[\\%_]/g, (c) => `\\${c}`);
    filters.push(
      or(
        ilike(paymentGateways.shopName, `%${literal}%`),
        ilike(paymentGateways.message, `%${literal}%`),
        sql`lower(${paymentGateways.orderId}) like ${`${literal.toLowerCase()}%`}`,
      )!,
    );
  }
  if (query.paid !== undefined) filters.push(query.paid ? paidSql : not(paidSql));
  const clauses = pageClauses(paymentGateways, query, ownedBy(paymentGateways, auth), and(...filters));
  const where = query.q ? await searched(clauses.where) : clauses.where;
  const base = db.select().from(paymentGateways);
  if (query.include !== "payment_status") {
    return base.where(where).orderBy(...clauses.orderBy).limit(clauses.limit);
  }
  const rows = await db
    .select({ gateway: paymentGateways, paymentStatus: paymentStatusSql, attempted: attemptedSql })
    .from(paymentGateways)
    .where(where)
    .orderBy(...clauses.orderBy)
    .limit(clauses.limit);
  return rows.map(({ gateway, paymentStatus, attempted }) => ({ ...gateway, paymentStatus, attempted }));
}

/**
 * A search's rows, found first without their order. PostgreSQL cannot tell how many links a word
 * matches, and a page wants them newest first: guessing "many", it walked the account's links in
 * the list index's order, checking each, and for an order_id (one link in a million) read all of
 * them (5 s). So the matches are first looked up in the search indexes, unordered, at most
 * SPARSE + 1 of them: when there are no more than SPARSE, the page is read from those ids; when
 * there are more, matches are dense and walking the links newest first finds a page soon.
 */
const SPARSE = 500;
async function searched(where: SQL | undefined): Promise<SQL | undefined> {
  const db = await getDb();
  const hits = await db.select({ id: paymentGateways.id }).from(paymentGateways).where(where).limit(SPARSE + 1);
  if (hits.length > SPARSE) return where;
  return hits.length ? and(where, inArray(paymentGateways.id, hits.map((hit) => hit.id))) : sql`false`;
}

/** The owner's read of one link, archived or not, with its payment status (the rule in ./payin-status), or 404. */
export async function getGatewayWithStatusOrThrow(auth: Auth, id: string): Promise<GatewayListRow> {
  const db = await getDb();
  const [row] = await db
    .select({ gateway: paymentGateways, paymentStatus: paymentStatusSql, attempted: attemptedSql })
    .from(paymentGateways)
    .where(and(ownedBy(paymentGateways, auth), eq(paymentGateways.id, id)));
  if (!row) throw new ApiError("GATEWAY_NOT_FOUND");
  return { ...row.gateway, paymentStatus: row.paymentStatus, attempted: row.attempted };
}

/** The caller's live link holding this order_id (at most one: payment_gateways_live_order_id_key). */
export async function findLiveGatewayByOrderId(auth: Auth, orderId: string): Promise<GatewayRow | undefined> {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(paymentGateways)
    .where(and(ownedBy(paymentGateways, auth), eq(paymentGateways.orderId, orderId), isNull(paymentGateways.archivedAt)));
  return row;
}

