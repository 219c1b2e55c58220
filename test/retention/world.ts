import { randomBytes, randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { findPaymentLink } from "@/lib/checkout/queries";
import { getDb } from "@/lib/db/client";
import * as schema from "@/lib/db/schema";
import { settleDeposit } from "@/lib/payments/settle-deposit";
import { startPayment } from "@/lib/payments/start-payment";
import { setSandboxTransport } from "@/lib/providers/sandbox";
import { createRefund } from "@/lib/refunds/create-refund";
import { newAuth } from "@/test/support/api";
import { createLink } from "@/test/support/checkout";

// The retention tests' world: a merchant's money (payments paid, pending and being refunded), and
// beside it rows of every table the retention job prunes, each named and dated against the test's
// clock `now` (a year ahead: every row the money flows wrote is old by then), with what the job's
// defaults must do to it.

const H = 3_600_000;
const D = 24 * H;

/** The tables the job prunes, and the rows of each this world made: name → [id, kept by the defaults]. */
export type Seeded = Record<string, Record<string, { id: string; kept: boolean }>>;

/** The money tables (and what money needs), never touched: table → its rows' count and checksum. */
export const MONEY_TABLES = [
  "deposits",
  "deposit_status_changes",
  "outbox_events",
  "ledger_entries",
  "ledger_postings",
  "ledger_balances",
  "refunds",
  "payouts",
  "seller_shares",
  "seller_balances",
  "marketplace_transactions",
  "deposit_provider_attempts",
  "provider_callbacks",
  "webhook_deliveries",
] as const;

export async function moneyChecksums(): Promise<Record<string, string>> {
  const db = await getDb();
  const sums: Record<string, string> = {};
  for (const table of MONEY_TABLES) {
    const result = (await db.execute(
      sql`select count(*)::int || ':' || coalesce(md5(string_agg(t::text, ',' order by t::text)), '') as sum from ${sql.identifier(table)} t`,
    )) as unknown;
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { sum: string }[];
    sums[table] = rows[0]!.sum;
  }
  return sums;
}

async function paidDeposit(key: string, phone: string, settle: boolean) {
  const gateway = (await findPaymentLink((await createLink(key)).id))!;
  const deposit = await startPayment({ kind: "link", gateway }, { country: "CMR", operator: "MTN_MOMO_CMR", phone, client_token: randomUUID().replaceAll("-", "") });
  if (settle) await settleDeposit(deposit.id, { status: "success", providerReference: `SBX-${randomBytes(4).toString("hex")}` });
  return deposit;
}

/** Builds the world; `now` is the clock the job is run with. */
export async function seedWorld(now: Date) {
  const at = (ms: number) => new Date(now.getTime() + ms);
  setSandboxTransport(async () => {});
  const auth = await newAuth("CMR");
  const paid = await paidDeposit(auth.key, "670000031", true);
  const refunded = await paidDeposit(auth.key, "670000032", true);
  const pending = await paidDeposit(auth.key, "670000033", false);
  setSandboxTransport(undefined);
  await createRefund(auth, { track_id: refunded.trackId, amount: 1000, reason: "" }); // pending: no money-out job runs here
  const db = await getDb();
  const [owner] = await db.select({ userId: schema.memberships.userId }).from(schema.memberships).where(eq(schema.memberships.accountId, auth.accountId));
  const userId = owner!.userId;
  const seeded: Seeded = {};
  const add = (table: string, name: string, id: string, kept: boolean) => ((seeded[table] ??= {})[name] = { id, kept });
  const tag = randomBytes(4).toString("hex");

  for (const [name, resetAt, kept] of [["window ended", at(-1_000), false], ["window running", at(60_000), true]] as const) {
    const key = `test:${tag}:${name}`;
    await db.insert(schema.rateLimits).values({ key, count: 3, resetAt });
    add("rate_limits", name, key, kept);
  }
  for (const [name, age, kept] of [["49 h old", 49 * H, false], ["47 h old", 47 * H, true], ["23 h old", 23 * H, true]] as const) {
    const key = `${tag}-${name}`;
    await db.insert(schema.idempotencyKeys).values({ accountId: auth.accountId, mode: "test", key, requestHash: "h", responseStatus: 200, responseBody: "{}", createdAt: at(-age) });
    add("idempotency_keys", name, key, kept);
  }
  for (const [name, expiresAt, kept] of [["expired 8 days ago", at(-8 * D), false], ["expired 6 days ago", at(-6 * D), true], ["alive", at(D), true]] as const) {
    const [row] = await db.insert(schema.sessions).values({ accountId: auth.accountId, userId, tokenHash: `${tag}-${name}`, expiresAt }).returning({ id: schema.sessions.id });
    add("sessions", name, row!.id, kept);
  }
  for (const [name, expiresAt, usedAt, kept] of [
    ["used, expired 8 days ago", at(-8 * D), at(-9 * D), false],
    ["unused, expired 8 days ago", at(-8 * D), null, false],
    ["used, expired 6 days ago", at(-6 * D), at(-7 * D), true],
    ["alive", at(H), null, true],
  ] as const) {
    const [row] = await db
      .insert(schema.emailTokens)
      .values({ purpose: "password_reset", secretHash: "x", userId, email: `${tag}@example.com`, expiresAt, usedAt })
      .returning({ id: schema.emailTokens.id });
    add("email_tokens", name, row!.id, kept);
  }
  for (const [name, expiresAt, accepted, kept] of [
    ["never accepted, expired 8 days ago", at(-8 * D), false, false],
    ["never accepted, expired 6 days ago", at(-6 * D), false, true],
    ["accepted, expired 30 days ago", at(-30 * D), true, true],
  ] as const) {
    const [row] = await db
      .insert(schema.invitations)
      .values({ accountId: auth.accountId, email: `${tag}-${name.replaceAll(/\W/g, "")}@example.com`, role: "viewer", secretHash: "x", expiresAt, acceptedAt: accepted ? at(-31 * D) : null })
      .returning({ id: schema.invitations.id });
    add("invitations", name, row!.id, kept);
  }

  const [endpoint] = await db
    .insert(schema.webhookEndpoints)
    .values({ accountId: auth.accountId, mode: "test", url: "https://example.com/hook", secret: "whsec_x" })
    .returning({ id: schema.webhookEndpoints.id });
  const delivery = async (status: "succeeded" | "pending") =>
    (
      await db
        .insert(schema.webhookDeliveries)
        .values({ accountId: auth.accountId, mode: "test", endpointId: endpoint!.id, eventId: randomUUID(), eventType: "deposit.succeeded", eventCreatedAt: at(-40 * D), payload: "{}", status })
        .returning({ id: schema.webhookDeliveries.id })
    )[0]!.id;
  const done = await delivery("succeeded");
  const waiting = await delivery("pending");
  for (const [name, deliveryId, age, kept] of [
    ["delivered, 31 days old", done, 31 * D, false],
    ["delivered, 29 days old", done, 29 * D, true],
    ["still pending, 31 days old", waiting, 31 * D, true],
  ] as const) {
    const [row] = await db
      .insert(schema.webhookAttempts)
      .values({ deliveryId, attempt: 1, statusCode: 500, latencyMs: 10, createdAt: at(-age) })
      .returning({ id: schema.webhookAttempts.id });
    add("webhook_attempts", name, row!.id, kept);
  }

  const live = { accountId: auth.accountId, mode: "live" as const };
  const test = { accountId: auth.accountId, mode: "test" as const };
  const logs: [string, Partial<typeof schema.providerLogs.$inferInsert>, number, boolean][] = [
    ["a paid payment's, 91 days old", { depositId: paid.id, ...test }, 91 * D, false],
    ["a paid payment's, 89 days old", { depositId: paid.id, ...test }, 89 * D, true],
    ["a payment still pending, 91 days old", { depositId: pending.id, ...test }, 91 * D, true],
    ["a payment being refunded, 91 days old", { depositId: refunded.id, ...test }, 91 * D, true],
    ["about no payment, 91 days old", {}, 91 * D, false],
    ["a live alert mailed, 91 days old", { ...live, alert: true, notifiedAt: at(-91 * D) }, 91 * D, false],
    ["a live alert not mailed yet, 91 days old", { ...live, alert: true }, 91 * D, true],
    ["a live alert whose mail is pending, 91 days old", { ...live, alert: true, notifiedAt: at(-91 * D) }, 91 * D, true],
  ];
  for (const [name, values, age, kept] of logs) {
    const [row] = await db
      .insert(schema.providerLogs)
      .values({ provider: "sandbox", kind: "callback", operation: "POST /callback", outcome: "settled", ...values, createdAt: at(-age) })
      .returning({ id: schema.providerLogs.id });
    add("provider_logs", name, row!.id, kept);
  }
  await db.insert(schema.notifications).values({
    ...live,
    kind: "provider_alert",
    providerLogId: seeded.provider_logs!["a live alert whose mail is pending, 91 days old"]!.id,
    recipient: `${tag}@example.com`,
    language: "fr",
    subject: "alert",
    text: "alert",
  });
  return { auth, seeded };
}

const ID_COLUMN: Record<string, string> = { rate_limits: "key", idempotency_keys: "key" };

/** Of the world's rows, the names of those still there, per table. */
export async function stillThere(seeded: Seeded): Promise<Record<string, string[]>> {
  const db = await getDb();
  const there: Record<string, string[]> = {};
  for (const [table, rows] of Object.entries(seeded)) {
    const ids = Object.values(rows).map((row) => row.id);
    const result = (await db.execute(
      sql`select ${sql.identifier(ID_COLUMN[table] ?? "id")}::text as id from ${sql.identifier(table)} where ${sql.identifier(ID_COLUMN[table] ?? "id")}::text in ${sql`(${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`}`,
    )) as unknown;
    const found = new Set(((Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { id: string }[]).map((row) => row.id));
    there[table] = Object.entries(rows).filter(([, row]) => found.has(row.id)).map(([name]) => name);
  }
  return there;
}

/** What the defaults keep of the world, per table. */
export function keptByDefaults(seeded: Seeded): Record<string, string[]> {
  return Object.fromEntries(Object.entries(seeded).map(([table, rows]) => [table, Object.entries(rows).filter(([, row]) => row.kept).map(([name]) => name)]));
}
