import { and, eq, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import type { Auth } from "@/lib/core/auth";
import { getDb, type Db, type Tx } from "@/lib/db/client";
import { ownedBy } from "@/lib/db/scope";
import { deposits, marketplaceTransactions, sellers, sellerShares } from "@/lib/db/schema";
import { ApiError } from "@/lib/core/errors";
import { pageClauses, type PageQuery } from "@/lib/http/pagination";
import type { SellerListQuery, SellerSale, SellerView } from "./schemas";
import { buyerPrice } from "@/lib/marketplace-gateways/fee";

type Owner = Pick<Auth, "accountId" | "mode">;
const bigint = (query: SQL) => sql<number>`coalesce((${query}), 0)::bigint`.mapWith(Number);
const balanceOf = (account: string) =>
  bigint(sql`select b.balance from seller_balances b where b.seller_id = ${sellers.id} and b.ledger_account = ${account}`);

function selectViews(db: Db | Tx) {
  return db
    .select({
      seller: sellers,
      pending: balanceOf("seller_pending"),
      available: balanceOf("seller_payable"),
      inFlight: balanceOf("payouts_in_flight"),
    })
    .from(sellers);
}

type Joined = Awaited<ReturnType<ReturnType<typeof selectViews>["where"]>>[number];

function present({ seller: s, pending, available, inFlight }: Joined): SellerView {
  return {
    id: s.id,
    marketplace_id: s.marketplaceId,
    name: s.name,
    phone_number: s.phoneNumber,
    country: s.country,
    currency: s.currency,
    on_hold: s.heldAt !== null,
    hold_reason: s.holdReason,
    held_at: s.heldAt?.toISOString() ?? null,
    balance: { pending, available, in_flight: inFlight, paid_out: s.paidOut },
    created_at: s.createdAt.toISOString(),
  };
}

/** The caller's seller with its balance, or 404 SELLER_NOT_FOUND (another account's or mode's id included). */
export async function getSellerOrThrow(auth: Owner, id: string, db?: Db | Tx): Promise<SellerView> {
  const [row] = await selectViews(db ?? (await getDb())).where(and(eq(sellers.id, id), ownedBy(sellers, auth)));
  if (!row) throw new ApiError("SELLER_NOT_FOUND");
  return present(row);
}

export async function listSellers(auth: Auth, query: SellerListQuery): Promise<SellerView[]> {
  const filter = query.on_hold === undefined ? undefined : query.on_hold ? isNotNull(sellers.heldAt) : isNull(sellers.heldAt);
  const clauses = pageClauses(sellers, query, ownedBy(sellers, auth), filter);
  const rows = await selectViews(await getDb())
    .where(clauses.where)
    .orderBy(...clauses.orderBy)
    .limit(clauses.limit);
  return rows.map(present);
}

// a sale's latest payout, and where its share stands (the `state` of SellerSale)
const latestPayout = sql`(select p.id, p.status from payouts p where p.deposit_id = ${sellerShares.depositId} order by p.created_at desc, p.id desc limit 1)`;

/** GET /v1/sellers/{seller_id}/sales: a page of the seller's sales, newest first. */
export async function listSellerSales(auth: Auth, sellerId: string, page: PageQuery): Promise<SellerSale[]> {
  await getSellerOrThrow(auth, sellerId);
  const keyed = { id: sellerShares.depositId, createdAt: sellerShares.createdAt };
  const clauses = pageClauses(keyed, page, ownedBy(sellerShares, auth), eq(sellerShares.sellerId, sellerId));
  const db = await getDb();
  const rows = await db
    .select({
      share: sellerShares,
      trackId: deposits.trackId,
      transactionId: marketplaceTransactions.id,
      gatewayId: marketplaceTransactions.marketplaceGatewayId,
      payoutId: sql<string | null>`(select l.id from ${latestPayout} l)`,
      payoutStatus: sql<string | null>`(select l.status from ${latestPayout} l)`,
    })
    .from(sellerShares)
    .innerJoin(deposits, eq(deposits.id, sellerShares.depositId))
    .innerJoin(marketplaceTransactions, eq(marketplaceTransactions.depositId, sellerShares.depositId))
    .where(clauses.where)
    .orderBy(...clauses.orderBy)
    .limit(clauses.limit);
  return rows.map(({ share: s, trackId, transactionId, gatewayId, payoutId, payoutStatus }) => ({
    id: s.depositId,
    track_id: trackId,
    transaction_id: transactionId,
    marketplace_gateway_id: gatewayId,
    buyer_price: buyerPrice(s.amount, s.fee),
    share: s.amount,
    fee: s.fee,
    refunded: s.refunded,
    held: s.held,
    owed: s.owed,
    state: saleState(s, payoutStatus),
    release_at: s.releaseAt.toISOString(),
    released_at: s.releasedAt?.toISOString() ?? null,
    payout_id: payoutId,
    created_at: s.createdAt.toISOString(),
  }));
}

function saleState(s: typeof sellerShares.$inferSelect, payoutStatus: string | null): SellerSale["state"] {
  // in its hold with nothing left of it (refunds took it all back): closed now, not at its release
  if (!s.releasedAt) return s.held > 0 ? "held" : "closed";
  if (payoutStatus === "pending" || payoutStatus === "processing") return "paying";
  if (payoutStatus === "failed") return s.owed > 0 ? "failed" : "closed";
  if (payoutStatus === "success") return "paid";
  return s.owed > 0 ? "due" : "closed";
}
