import { createHash } from "node:crypto";
import { and, asc, desc, eq, gt, gte, inArray, isNotNull, isNull, lt, lte, ne, or, sql, type SQL } from "drizzle-orm";
import type { Auth } from "@/lib/core/auth";
import { ApiError } from "@/lib/core/errors";
import { formatReceiptCode } from "@/lib/core/receipt-code";
import type { PaymentRequestStatus } from "@/lib/core/payment-requests";
import { dayBounds, todayIn } from "@/lib/countries/format";
import { getDb, type Db, type Tx } from "@/lib/db/client";
import { ownedBy } from "@/lib/db/scope";
import { apiKeys, deposits, paymentGateways, paymentRequestHours, paymentRequests, users } from "@/lib/db/schema";
import { pageClauses } from "@/lib/http/pagination";
import { publicBaseUrl } from "@/lib/runtime/config";
import { MAX_EXPIRES_IN, type PaymentRequestListQuery, type PaymentRequestView } from "./schemas";

export type PaymentRequestRow = typeof paymentRequests.$inferSelect;
type GatewayRow = typeof paymentGateways.$inferSelect;
type DepositRow = typeof deposits.$inferSelect;

/** Who may see which requests: a cashier only its own of today; anyone else the account's. */
export type Viewer = Pick<Auth, "accountId" | "mode" | "role" | "userId" | "country">;

type Joined = {
  request: PaymentRequestRow;
  gateway: GatewayRow;
  userName: string | null;
  userEmail: string | null;
  keyName: string | null;
};

function selectJoined(db: Db | Tx) {
  return db
    .select({ request: paymentRequests, gateway: paymentGateways, userName: users.name, userEmail: users.email, keyName: apiKeys.name })
    .from(paymentRequests)
    .innerJoin(paymentGateways, eq(paymentGateways.id, paymentRequests.paymentGatewayId))
    .leftJoin(users, eq(users.id, paymentRequests.createdByUserId))
    .leftJoin(apiKeys, eq(apiKeys.id, paymentRequests.createdByKeyId));
}

/** The payments of these links, oldest first: a request's state is read from them. */
async function depositsOf(db: Db | Tx, gatewayIds: string[]): Promise<Map<string, DepositRow[]>> {
  const byGateway = new Map<string, DepositRow[]>();
  if (!gatewayIds.length) return byGateway;
  const rows = await db
    .select()
    .from(deposits)
    .where(inArray(deposits.paymentGatewayId, gatewayIds))
    .orderBy(asc(deposits.createdAt), asc(deposits.id));
  for (const row of rows) byGateway.set(row.paymentGatewayId!, [...(byGateway.get(row.paymentGatewayId!) ?? []), row]);
  return byGateway;
}

/** A request's state from its payments (lib/core/payment-requests.ts says what each means). */
export function stateOf(request: PaymentRequestRow, payments: DepositRow[], now = new Date()) {
  const paid = payments.find((d) => d.status === "success" && !d.duplicateOf);
  const latest = payments.at(-1);
  const inFlight = payments.some((d) => d.status === "pending" && !d.abandonedAt);
  const pastExpiry = request.expiresAt <= now;
  let status: PaymentRequestStatus;
  if (paid) status = "paid";
  else if (request.cancelledAt) status = "cancelled";
  else if (inFlight) status = "pending";
  else if (pastExpiry) status = "expired";
  else if (latest?.status === "failed") status = "failed";
  else if (latest?.status === "expired") status = "expired";
  else status = "pending"; // a pay link not opened yet, or an attempt given up
  const open = !paid && !request.cancelledAt && !pastExpiry;
  return { status, paid, latest, inFlight, open, canResend: open && !inFlight && request.delivery === "push" };
}

export function payUrl(code: string): string {
  return `${publicBaseUrl()}/p/${code}`;
}

function present({ request: r, gateway: g, userName, userEmail, keyName }: Joined, payments: DepositRow[]): PaymentRequestView {
  const state = stateOf(r, payments);
  const collector = r.createdByUserId
    ? { type: "member" as const, id: r.createdByUserId, name: userName || userEmail || "" }
    : r.createdByKeyId
      ? { type: "api_key" as const, id: r.createdByKeyId, name: keyName ?? "" }
      : null;
  const failed = state.status === "failed" || state.status === "expired";
  return {
    id: r.id,
    status: state.status,
    delivery: r.delivery,
    channel: r.channel,
    amount: g.amount,
    currency: g.currency,
    country: r.country,
    operator: r.operator,
    phone_number: r.phoneNumber,
    reference: r.reference,
    order_id: g.orderId,
    message: g.message,
    gateway_id: g.id,
    track_id: (state.paid ?? state.latest)?.trackId ?? null,
    receipt_code: state.paid?.receiptCode ? formatReceiptCode(state.paid.receiptCode) : null,
    failure_reason: failed ? (state.latest?.failureReason ?? (state.latest ? null : "expired")) : null,
    can_resend: state.canResend,
    pay_url: payUrl(r.code),
    qr_url: `${payUrl(r.code)}/qr.png`,
    stall_id: r.stallId,
    collected_by: collector,
    expires_at: r.expiresAt.toISOString(),
    paid_at: state.paid?.completedAt?.toISOString() ?? null,
    created_at: r.createdAt.toISOString(),
  };
}

async function presentAll(db: Db | Tx, rows: Joined[]): Promise<PaymentRequestView[]> {
  const payments = await depositsOf(db, rows.map((row) => row.gateway.id));
  return rows.map((row) => present(row, payments.get(row.gateway.id) ?? []));
}

/** What a cashier may see of the account's requests: its own, of today. */
function cashierScope(viewer: Viewer): SQL | undefined {
  if (viewer.role !== "cashier") return undefined;
  const { from, to } = dayBounds(todayIn(viewer.country), viewer.country);
  return and(eq(paymentRequests.createdByUserId, viewer.userId!), gte(paymentRequests.createdAt, from), lt(paymentRequests.createdAt, to));
}

/** The viewer's request, or 404 PAYMENT_REQUEST_NOT_FOUND (another account's, mode's or cashier's included). */
export async function getPaymentRequestOrThrow(viewer: Viewer, id: string, db?: Db | Tx): Promise<PaymentRequestView> {
  const conn = db ?? (await getDb());
  const [row] = await selectJoined(conn).where(and(eq(paymentRequests.id, id), ownedBy(paymentRequests, viewer), cashierScope(viewer)));
  if (!row) throw new ApiError("PAYMENT_REQUEST_NOT_FOUND");
  return (await presentAll(conn, [row]))[0]!;
}

/** The viewer's request row (for a change), locked with its link's row: the order every change of it takes. */
export async function lockPaymentRequest(tx: Db | Tx, viewer: Viewer, id: string): Promise<{ request: PaymentRequestRow; gateway: GatewayRow; payments: DepositRow[] }> {
  const [found] = await tx
    .select({ gatewayId: paymentRequests.paymentGatewayId })
    .from(paymentRequests)
    .where(and(eq(paymentRequests.id, id), ownedBy(paymentRequests, viewer), cashierScope(viewer)));
  if (!found) throw new ApiError("PAYMENT_REQUEST_NOT_FOUND");
  // the link's row first, as the checkout's attempt and settleDeposit take it
  const [gateway] = await tx.select().from(paymentGateways).where(eq(paymentGateways.id, found.gatewayId)).for("update");
  const [request] = await tx.select().from(paymentRequests).where(eq(paymentRequests.id, id)).for("update");
  const payments = (await depositsOf(tx, [found.gatewayId])).get(found.gatewayId) ?? [];
  return { request: request!, gateway: gateway!, payments };
}

/**
 * The requests of one status, in SQL: the outcome their attempts left (kept on the row by the
 * database, indexed) with the request's own facts, as stateOf reads them. An open request is at most
 * MAX_EXPIRES_IN old, which bounds the failed and not-yet-tried ones to the newest rows.
 */
function statusScope(status: PaymentRequestStatus): SQL {
  const r = paymentRequests;
  const openSince = sql`now() - make_interval(secs => ${MAX_EXPIRES_IN})`;
  switch (status) {
    case "paid":
      return eq(r.attemptOutcome, "paid");
    case "cancelled":
      return and(isNotNull(r.cancelledAt), ne(r.attemptOutcome, "paid"))!;
    case "pending":
      return and(
        isNull(r.cancelledAt),
        or(eq(r.attemptOutcome, "in_flight"), and(eq(r.attemptOutcome, "none"), gt(r.expiresAt, sql`now()`), gt(r.createdAt, openSince))),
      )!;
    case "failed":
      return and(isNull(r.cancelledAt), eq(r.attemptOutcome, "failed"), gt(r.expiresAt, sql`now()`), gt(r.createdAt, openSince))!;
    case "expired":
      return and(
        isNull(r.cancelledAt),
        inArray(r.attemptOutcome, ["none", "failed", "expired"]),
        or(eq(r.attemptOutcome, "expired"), lte(r.expiresAt, sql`now()`)),
      )!;
  }
}

/** Newest first, a page; a cashier's list is its own of today whatever the filters say. */
export async function listPaymentRequests(viewer: Viewer, query: PaymentRequestListQuery): Promise<PaymentRequestView[]> {
  const filters: (SQL | undefined)[] = [cashierScope(viewer)];
  if (query.channel) filters.push(eq(paymentRequests.channel, query.channel));
  if (query.collected_by) filters.push(eq(paymentRequests.createdByUserId, query.collected_by));
  if (query.day) {
    const { from, to } = dayBounds(query.day === "today" ? todayIn(viewer.country) : query.day, viewer.country);
    filters.push(gte(paymentRequests.createdAt, from), lt(paymentRequests.createdAt, to));
  }
  if (query.status) filters.push(statusScope(query.status));
  const db = await getDb();
  const clauses = pageClauses(paymentRequests, query, ownedBy(paymentRequests, viewer), and(...filters));
  const rows = await selectJoined(db).where(clauses.where).orderBy(...clauses.orderBy).limit(clauses.limit);
  // (a request whose attempt settled, or whose expiry passed, between the two reads shows the status
  // it has now: the page stays whole, and its `Link` says rightly whether more follow)
  return presentAll(db, rows);
}

type Collector = PaymentRequestView["collected_by"];

/**
 * A day's paid requests and their total, per collector (a cashier: its own line only), from the
 * hourly totals the database keeps with every change (payment_request_hours, migration 0034): a
 * few rows a collector, however many requests the day had. Its `version` changes whenever a request
 * of the day is made or changes status: the totals' count of changes, and the last expiry passed
 * in the window the day's requests expire in (a request expires with no write).
 */
export async function summarize(viewer: Viewer & Pick<Auth, "currency">, day: string) {
  const today = todayIn(viewer.country);
  const date = day === "today" ? today : day;
  const { from, to } = dayBounds(date, viewer.country);
  const db = await getDb();
  // a cashier sees its own requests of today only (as cashierScope says for the list)
  const own = viewer.role === "cashier" ? `member:${viewer.userId}` : undefined;
  const none = viewer.role === "cashier" && date !== today;
  const [hours, [expiry]] = none
    ? [[], []]
    : await Promise.all([
        db
          .select({
            collector: paymentRequestHours.collector,
            paidCount: sql<number>`sum(${paymentRequestHours.paidCount})`.mapWith(Number),
            paidTotal: sql<number>`sum(${paymentRequestHours.paidTotal})`.mapWith(Number),
            changes: sql<number>`sum(${paymentRequestHours.changes})`.mapWith(Number),
          })
          .from(paymentRequestHours)
          .where(
            and(
              ownedBy(paymentRequestHours, viewer),
              gte(paymentRequestHours.hour, from),
              lt(paymentRequestHours.hour, to),
              own ? eq(paymentRequestHours.collector, own) : undefined,
            ),
          )
          .groupBy(paymentRequestHours.collector),
        // the newest expiry passed among those the day's requests can have (one index entry: not
        // filtered by the request's day, which would read the day's requests again; another day's
        // request expiring in the window changes the version too, harmlessly)
        db
          .select({ at: paymentRequests.expiresAt })
          .from(paymentRequests)
          .where(
            and(
              ownedBy(paymentRequests, viewer),
              gt(paymentRequests.expiresAt, from),
              lte(paymentRequests.expiresAt, sql`least(now(), ${new Date(to.getTime() + MAX_EXPIRES_IN * 1000).toISOString()}::timestamptz)`),
              own ? eq(paymentRequests.createdByUserId, viewer.userId!) : undefined,
            ),
          )
          .orderBy(desc(paymentRequests.expiresAt))
          .limit(1),
      ]);
  const paid = hours.filter((h) => h.paidCount > 0);
  const names = await collectorNames(
    db,
    paid.map((h) => h.collector),
  );
  const lines = paid
    .map((h) => ({ key: h.collector, collected_by: names.get(h.collector) ?? null, paid_count: h.paidCount, paid_total: h.paidTotal }))
    .sort((a, b) => b.paid_total - a.paid_total || b.paid_count - a.paid_count || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const seen = createHash("sha256");
  for (const h of [...hours].sort((a, b) => (a.collector < b.collector ? -1 : 1))) seen.update(`${h.collector}:${h.changes}:${h.paidCount}:${h.paidTotal};`);
  seen.update(`expired:${expiry?.at.toISOString() ?? ""}`);
  return {
    day: date,
    currency: viewer.currency,
    paid_count: paid.reduce((n, h) => n + h.paidCount, 0),
    paid_total: paid.reduce((n, h) => n + h.paidTotal, 0),
    version: seen.digest("base64url").slice(0, 16),
    by_collector: lines.map(({ collected_by, paid_count, paid_total }) => ({ collected_by, paid_count, paid_total })),
  };
}

/** The collectors the totals name (`member:{id}`, `api_key:{id}`, '' for none), as a request's view names them. */
async function collectorNames(db: Db, keys: string[]): Promise<Map<string, Collector>> {
  const ids = (type: string) => keys.filter((k) => k.startsWith(`${type}:`)).map((k) => k.slice(type.length + 1));
  const [members, keysNamed] = await Promise.all([
    ids("member").length ? db.select({ id: users.id, name: users.name, email: users.email }).from(users).where(inArray(users.id, ids("member"))) : [],
    ids("api_key").length ? db.select({ id: apiKeys.id, name: apiKeys.name }).from(apiKeys).where(inArray(apiKeys.id, ids("api_key"))) : [],
  ]);
  const names = new Map<string, Collector>();
  for (const m of members) names.set(`member:${m.id}`, { type: "member", id: m.id, name: m.name || m.email || "" });
  for (const k of keysNamed) names.set(`api_key:${k.id}`, { type: "api_key", id: k.id, name: k.name ?? "" });
  return names;
}

/**
 * GET …/{id}?wait=N&status=S: the request as soon as its status is no longer `status`, or after N
 * seconds. Read again every second (a callback may land on another process); a screen waiting for
 * the buyer's PIN makes one request per change instead of one per poll.
 */
export async function waitForChange(viewer: Viewer, id: string, wait: number, seen?: string): Promise<PaymentRequestView> {
  const deadline = Date.now() + wait * 1000;
  for (;;) {
    const view = await getPaymentRequestOrThrow(viewer, id);
    if (!seen || view.status !== seen || Date.now() >= deadline) return view;
    await new Promise((resolve) => setTimeout(resolve, Math.min(1000, Math.max(0, deadline - Date.now()))));
  }
}

/** GET …/summary?wait=N&version=V: the day's summary as soon as its version is not V, or after N seconds. */
export async function waitForSummary(viewer: Viewer & Pick<Auth, "currency">, day: string, wait: number, version?: string) {
  const deadline = Date.now() + wait * 1000;
  for (;;) {
    const summary = await summarize(viewer, day);
    if (!version || summary.version !== version || Date.now() >= deadline) return summary;
    await new Promise((resolve) => setTimeout(resolve, Math.min(1000, Math.max(0, deadline - Date.now()))));
  }
}
