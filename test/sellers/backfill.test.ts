import fs from "node:fs";
import { eq, sql } from "drizzle-orm";
import { expect, it } from "vitest";
import * as retryRoute from "@/app/v1/payouts/[payout_id]/retry/route";
import * as sellersRoute from "@/app/v1/sellers/route";
import { getDb, type Db } from "@/lib/db/client";
import {
  deposits,
  ledgerBalances,
  ledgerEntries,
  ledgerPostings,
  marketplaceGateways,
  marketplaces,
  marketplaceTransactions,
  payouts,
  refunds,
  sellerShares,
} from "@/lib/db/schema";
import { checkLedger } from "@/lib/ledger/check";
import type { LedgerAccount } from "@/lib/core/ledger-kinds";
import { call, newAccount } from "@/test/support/api";

// The migration that made sellers (0017_sellers.sql) also gives the books written before it their
// sellers: here its backfill runs over rows shaped as the code before sellers wrote them (no
// seller anywhere; a sale's share paid out at once, one payout failed, one in flight, a refund
// borne by the merchant), and afterwards ledger:check agrees and the failed payout can be retried.

const migration = fs.readFileSync("lib/db/migrations/0017_sellers.sql", "utf8");
const BACKFILL = migration.slice(migration.indexOf("-- Backfill (issue 19)"));

async function entry(db: Db, owner: { accountId: string; mode: "test" }, kind: string, lines: [LedgerAccount, number][], source: { depositId?: string; payoutId?: string; refundId?: string }) {
  const [e] = await db
    .insert(ledgerEntries)
    .values({ ...owner, currency: "XAF", kind: kind as "payment", ...source })
    .returning();
  await db.insert(ledgerPostings).values(lines.map(([ledgerAccount, amount]) => ({ ...owner, entryId: e!.id, ledgerAccount, currency: "XAF", amount })));
}

/** The merchant's balance rows, as the ledger kept them: the sums of its postings. */
async function balancesFromPostings(db: Db, accountId: string) {
  const sums = await db
    .select({ ledgerAccount: ledgerPostings.ledgerAccount, balance: sql<number>`sum(${ledgerPostings.amount})::bigint`.mapWith(Number) })
    .from(ledgerPostings)
    .where(eq(ledgerPostings.accountId, accountId))
    .groupBy(ledgerPostings.ledgerAccount);
  await db.insert(ledgerBalances).values(sums.map((s) => ({ accountId, mode: "test" as const, currency: "XAF", ...s })));
}

it("gives the sales, payouts, refunds and ledger lines made before sellers existed their seller", async () => {
  const db = await getDb();
  const m = await newAccount("CMR");
  const owner = { accountId: m.accountId, mode: "test" as const };
  const [market] = await db.insert(marketplaces).values({ ...owner, name: "Marché", color: "#0f766e", fee: "5" }).returning();
  const [gateway] = await db
    .insert(marketplaceGateways)
    .values({ ...owner, marketplaceId: market!.id, amount: 10000, fee: 500, currency: "XAF", country: "CMR", shopName: "Atelier", phoneNumber: "237699000001", marketplaceColor: "#0f766e" })
    .returning();
  const paid = async (n: number, amount = 10500, gatewayId: string | null = gateway!.id) => {
    const [d] = await db
      .insert(deposits)
      .values({ ...owner, trackId: `TRKLEGACY${n}`, amount, currency: "XAF", country: "CMR", operator: "MTN_MOMO_CMR", phoneNumber: `23767000002${n}`, status: "success", provider: "sandbox", marketplaceGatewayId: gatewayId })
      .returning();
    if (gatewayId) {
      await db.insert(marketplaceTransactions).values({
        ...owner,
        marketplaceGatewayId: gatewayId,
        depositId: d!.id,
        buyerFullName: "Awa",
        buyerEmail: "awa@example.com",
        buyerPhone: d!.phoneNumber,
        buyerCountry: "CMR",
        buyerOperator: "MTN_MOMO_CMR",
        buyerPrice: amount,
        productPrice: 10000,
      });
    }
    return d!;
  };
  const payout = async (depositId: string, status: "failed" | "pending") =>
    (await db.insert(payouts).values({ ...owner, kind: "seller", status, amount: 10000, currency: "XAF", country: "CMR", operator: "MTN_MOMO_CMR", phoneNumber: "237699000001", depositId, marketplaceGatewayId: gateway!.id, provider: "sandbox" }).returning())[0]!;

  // a payment link's 5 000, then two sales as the code before sellers posted them
  const link = await paid(3, 5000, null);
  await entry(db, owner, "payment", [["provider_clearing", -5000], ["merchant_available", 5000]], { depositId: link.id });
  const first = await paid(1);
  await entry(db, owner, "marketplace_sale", [["provider_clearing", -10500], ["seller_payable", 10000], ["merchant_available", 500]], { depositId: first.id });
  const failed = await payout(first.id, "failed");
  await entry(db, owner, "payout", [["seller_payable", -10000], ["payouts_in_flight", 10000]], { payoutId: failed.id });
  await entry(db, owner, "payout_failed", [["payouts_in_flight", -10000], ["seller_payable", 10000]], { payoutId: failed.id });
  const second = await paid(2);
  await entry(db, owner, "marketplace_sale", [["provider_clearing", -10500], ["seller_payable", 10000], ["merchant_available", 500]], { depositId: second.id });
  const inFlight = await payout(second.id, "pending");
  await entry(db, owner, "payout", [["seller_payable", -10000], ["payouts_in_flight", 10000]], { payoutId: inFlight.id });
  const [refund] = await db.insert(refunds).values({ ...owner, depositId: second.id, amount: 2100, currency: "XAF", provider: "sandbox" }).returning();
  await db.update(deposits).set({ refundedAmount: 2100 }).where(eq(deposits.id, second.id));
  await entry(db, owner, "refund", [["merchant_available", -2100], ["refunds_in_flight", 2100]], { refundId: refund!.id });
  await balancesFromPostings(db, m.accountId);
  // before the backfill: the five seller_payable lines name no seller
  expect((await checkLedger()).map((p) => p.problem)).toEqual(Array(5).fill("seller_line_without_seller"));

  for (const statement of BACKFILL.split("--> statement-breakpoint")) if (statement.trim()) await db.execute(sql.raw(statement));

  expect(await checkLedger()).toEqual([]);
  const sellers = (await call(sellersRoute.GET, "GET", "/v1/sellers", { key: m.key })).body;
  expect(sellers).toMatchObject([{ phone_number: "237699000001", name: "Atelier", balance: { pending: 0, available: 10000, in_flight: 10000, paid_out: 0 } }]);
  const shares = await db.select().from(sellerShares).where(eq(sellerShares.accountId, m.accountId)).orderBy(sellerShares.amount, sellerShares.owed);
  expect(shares.map((s) => [s.amount, s.fee, s.held, s.owed, s.refunded, s.releasedAt !== null, s.disbursedAt !== null])).toEqual([
    [10000, 500, 0, 0, 2000, true, true], // the second sale: paid out (in flight); 2 000 of the refund was its share
    [10000, 500, 0, 10000, 0, true, true], // the first: its payout failed, the share waits
  ]);
  const [split] = await db.select().from(refunds).where(eq(refunds.id, refund!.id));
  expect([split!.sellerShare, split!.sharePart, split!.sellerAmount]).toEqual(["merchant", 2000, 0]);

  const retried = await call(retryRoute.POST, "POST", `/v1/payouts/${failed.id}/retry`, { key: m.key });
  expect(retried.body).toMatchObject({ status: "pending", amount: 10000, retry_of: failed.id, seller_id: expect.any(String) });
  expect(await checkLedger()).toEqual([]);
});
