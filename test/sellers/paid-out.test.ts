import fs from "node:fs";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as disbursementCallback from "@/app/api/providers/[provider]/disbursements/callback/route";
import { getDb } from "@/lib/db/client";
import { payouts, sellers } from "@/lib/db/schema";
import { checkLedger } from "@/lib/ledger/check";
import { processMoneyWork } from "@/lib/money-out/round";
import { buy, callbackRequest, deliverCallbacks, queuedCallbacks } from "@/test/support/money-out";
import { balances, marketplaceWithHold, moneyRound, sale, sellersOf, sellerTestHooks } from "@/test/support/sellers";

// A seller's paid_out is kept by the transaction that settles each of its payouts (not summed at
// every read): 100 payouts of one seller settling at once, each announced twice by the provider,
// count each payout once, and the total is the sum of the payouts that succeeded.

sellerTestHooks();

describe("100 payouts of one seller settling at once", { timeout: 240_000 }, () => {
  it("paid_out is the sum of the payouts, each counted once", async () => {
    const m = await marketplaceWithHold(0); // no hold: each share is due at once
    const phone = (i: number) => `23767${String(i).padStart(3, "0")}0000`; // ends in 00: the sandbox says success
    await Promise.all(Array.from({ length: 100 }, (_, i) => buy(m.link.id, phone(i))));
    await deliverCallbacks(); // 100 sales of one seller, 10 000 each
    const [{ id }] = await sellersOf(m.key);

    // the background work makes and sends the payouts: the sandbox's answers wait in the queue
    const db = await getDb();
    const sent = async () => (await db.select({ n: sql<number>`count(*)::int` }).from(payouts).where(sql`${payouts.sellerId} = ${id} and ${payouts.sentAt} is not null`))[0]!.n;
    for (let round = 0; round < 20 && (await sent()) < 100; round++) await processMoneyWork();
    const callbacks = (await queuedCallbacks()).filter((c) => c.path.includes("/disbursements/"));
    expect([await sent(), callbacks.length]).toEqual([100, 100]);
    expect((await balances(m.key, id!)).seller).toEqual({ pending: 0, available: 0, in_flight: 1_000_000, paid_out: 0 });

    const deliver = async ({ path, raw, signature }: (typeof callbacks)[number]) =>
      (await disbursementCallback.POST(callbackRequest(path, raw, signature), { params: Promise.resolve({ provider: "sandbox" }) })).json();
    const answers = (await Promise.all([...callbacks, ...callbacks].map(deliver))) as { outcome: string }[];
    // the second of each pair finds its event seen (replay) or its payout settled (already_settled)
    expect(answers.filter((a) => a.outcome === "settled")).toHaveLength(100);
    expect(answers.filter((a) => a.outcome === "replay" || a.outcome === "already_settled")).toHaveLength(100);

    const [row] = await db.select({ paidOut: sellers.paidOut }).from(sellers).where(eq(sellers.id, id!));
    const [sum] = await db
      .select({ total: sql<number>`sum(${payouts.amount})::bigint`.mapWith(Number) })
      .from(payouts)
      .where(sql`${payouts.sellerId} = ${id} and ${payouts.status} = 'success'`);
    expect([row!.paidOut, sum!.total]).toEqual([1_000_000, 1_000_000]);
    expect((await balances(m.key, id!)).seller).toEqual({ pending: 0, available: 0, in_flight: 0, paid_out: 1_000_000 });
    expect(await checkLedger()).toEqual([]);
  });
});

describe("ledger:check", () => {
  it("reports a seller whose paid_out disagrees with its payouts", async () => {
    const m = await marketplaceWithHold(0);
    await buy(m.link.id);
    await deliverCallbacks();
    const [{ id }] = await sellersOf(m.key);
    const db = await getDb();
    await db.update(sellers).set({ paidOut: 700 }).where(eq(sellers.id, id!));
    expect(await checkLedger()).toEqual([{ problem: "seller_paid_out_mismatch", seller_id: id, paid_out: 700, succeeded: 0 }]);
    await db.update(sellers).set({ paidOut: 0 }).where(eq(sellers.id, id!));
    expect(await checkLedger()).toEqual([]);
  });
});

describe("the migration that made paid_out", () => {
  it("counts the payouts that succeeded before it", async () => {
    const m = await marketplaceWithHold(0);
    await sale(m.link.id);
    await moneyRound(); // made and sent
    await moneyRound(); // the sandbox's success delivered
    const [{ id }] = await sellersOf(m.key);
    const db = await getDb();
    await db.update(sellers).set({ paidOut: 0 }).where(eq(sellers.id, id!)); // as the column was made: 0
    const migration = fs.readFileSync("lib/db/migrations/0029_seller_paid_out.sql", "utf8");
    const backfill = migration.split("--> statement-breakpoint").find((statement) => statement.includes('UPDATE "sellers"'))!;
    await db.execute(sql.raw(backfill));
    expect((await balances(m.key, id!)).seller).toEqual({ pending: 0, available: 0, in_flight: 0, paid_out: 10000 });
    expect(await checkLedger()).toEqual([]);
  });
});
