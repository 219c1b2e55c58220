import { expect, it } from "vitest";
import * as balanceRoute from "@/app/v1/balance/route";
import { getDb } from "@/lib/db/client";
import { marketplaces, sellers } from "@/lib/db/schema";
import { checkLedger } from "@/lib/ledger/check";
import type { Line } from "@/lib/ledger/entry";
import { postEntry } from "@/lib/ledger/post";
import { call, newAccount } from "@/test/support/api";

// GET /v1/balance reads no row per seller: what sellers may be paid is the merchant's seller_payable
// plus merchant_receivable (their debts), their money in flight the seller rows that have some. With
// one seller in debt beside one with money, the debt is not taken from the other's money.

it("one seller in debt beside one with money: available is the latter's, the debt apart, in flight the payouts", async () => {
  const m = await newAccount("CMR");
  const db = await getDb();
  const owner = { accountId: m.accountId, mode: "test" as const };
  const [market] = await db.insert(marketplaces).values({ ...owner, name: "Marché", color: "#0f766e", fee: "5" }).returning();
  const seller = async (phoneNumber: string) =>
    (await db.insert(sellers).values({ ...owner, marketplaceId: market!.id, phoneNumber, country: "CMR", currency: "XAF", name: "Atelier" }).returning())[0]!.id;
  const [inDebt, withMoney] = [await seller("237699000001"), await seller("237699000002")];
  const post = (lines: Line[]) => postEntry(db, { ...owner, currency: "XAF", kind: "release", lines });

  await post([{ account: "provider_clearing", amount: -5000 }, { account: "merchant_available", amount: 5000 }]);
  await post([{ account: "provider_clearing", amount: -10000 }, { account: "seller_payable", amount: 10000, sellerId: withMoney }]);
  await post([{ account: "seller_payable", amount: -4000, sellerId: withMoney }, { account: "payouts_in_flight", amount: 4000, sellerId: withMoney }]);
  // a refund the seller bears after it was paid: its balance goes below zero, the merchant advances it
  await post([{ account: "seller_payable", amount: -3000, sellerId: inDebt, overdraw: true }, { account: "provider_clearing", amount: 3000 }]);

  const res = await call(balanceRoute.GET, "GET", "/v1/balance", { key: m.key });
  const xaf = (amount: number) => [{ currency: "XAF", amount }];
  expect(res).toMatchObject({
    status: 200,
    body: {
      available: xaf(2000),
      pending: xaf(0),
      seller_payable: xaf(6000),
      seller_pending: xaf(0),
      seller_available: xaf(6000),
      seller_in_flight: xaf(4000),
      merchant_in_flight: xaf(0),
      refunds_in_flight: xaf(0),
      seller_debt: xaf(3000),
    },
  });

  // taken back (no payout or sale stands behind these lines), so that the books agree again
  await post([{ account: "payouts_in_flight", amount: -4000, sellerId: withMoney }, { account: "seller_payable", amount: 4000, sellerId: withMoney }]);
  await post([{ account: "seller_payable", amount: -10000, sellerId: withMoney }, { account: "provider_clearing", amount: 10000 }]);
  await post([{ account: "seller_payable", amount: 3000, sellerId: inDebt }, { account: "provider_clearing", amount: -3000 }]);
  expect(await checkLedger()).toEqual([]);
});
