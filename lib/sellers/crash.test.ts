import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { getDb } from "@/lib/db/client";
import { ledgerEntries, payouts, sellerShares } from "@/lib/db/schema";
import { checkLedger } from "@/lib/ledger/check";
import { setSandboxTransport } from "@/lib/providers/sandbox";
import { deliverCallbacks, queueSandboxCallbacks, queuedCallbacks } from "@/test/support/money-out";
import { processMoneyWork } from "@/lib/money-out/round";
import { childImport, crashChildAt, crashTestDatabase } from "@/test/support/crash-child";
import { balances, marketplaceWithHold, sale, sellersOf } from "@/test/support/sellers";

// kill -9 between a seller payout's ledger entry and the provider call: a child process
// (node + tsx) runs the real background money work on this file's database; it releases the share,
// commits the payout with its entry, stops at the crash point before asking the provider and is
// killed there with SIGKILL. Afterwards nothing is missing (the ledger check agrees), the share is
// paid by that one payout, and the next round sends it once: the seller is paid exactly once.

const TIMEOUT = { timeout: 90_000 };
const CHILD = `
import { useDatabase } from ${childImport("lib/db/client.ts")};
import { setSandboxTransport } from ${childImport("lib/providers/sandbox.ts")};
import { processMoneyWork } from ${childImport("lib/money-out/round.ts")};
const job = JSON.parse(process.argv[1]);
await useDatabase(job.settings);
setSandboxTransport(async () => { console.log("provider called"); }); // its callbacks die with this process
await processMoneyWork();
console.log("finished"); // reached only if the crash point was not
process.exit(0);
`;

crashTestDatabase("kola-seller-crash-");
afterEach(() => setSandboxTransport(undefined));

describe("kill -9 between a seller payout's ledger entry and the provider call", () => {
  it("leaves the payout recorded and its money in flight; the next round sends it once, and the seller is paid once", TIMEOUT, async () => {
    queueSandboxCallbacks();
    const m = await marketplaceWithHold(0); // no hold: the share is due at once
    const deposit = await sale(m.link.id);
    const [{ id }] = await sellersOf(m.key);
    expect(await balances(m.key, id!)).toEqual({
      merchant: { available: 20500, seller_debt: 0, refunds_in_flight: 0 },
      seller: { pending: 0, available: 10000, in_flight: 0, paid_out: 0 },
    });

    const out = await crashChildAt("seller-payout-recorded", CHILD);
    expect(out).toBe("crash-point seller-payout-recorded\n"); // the provider was never called
    const db = await getDb();
    const made = await db.select().from(payouts).where(eq(payouts.depositId, deposit.id));
    expect(made.map((p) => [p.status, p.amount, p.sentAt])).toEqual([["pending", 10000, null]]);
    const [share] = await db.select().from(sellerShares).where(eq(sellerShares.depositId, deposit.id));
    expect([share!.owed, share!.disbursedAt !== null]).toEqual([0, true]);
    expect(await balances(m.key, id!)).toEqual({
      merchant: { available: 20500, seller_debt: 0, refunds_in_flight: 0 },
      seller: { pending: 0, available: 0, in_flight: 10000, paid_out: 0 },
    });
    expect(await checkLedger()).toEqual([]);

    queueSandboxCallbacks();
    await processMoneyWork(); // the same payout, sent under its own id; no second payout for the share
    expect((await queuedCallbacks()).filter((c) => c.path.includes("/disbursements/"))).toHaveLength(1);
    expect(await deliverCallbacks()).toEqual([{ received: true, outcome: "settled" }]);
    await processMoneyWork();
    expect(await db.select({ id: payouts.id }).from(payouts).where(eq(payouts.depositId, deposit.id))).toHaveLength(1);
    const entries = await db.select({ kind: ledgerEntries.kind }).from(ledgerEntries).where(eq(ledgerEntries.payoutId, made[0]!.id));
    expect(entries.map((e) => e.kind).sort()).toEqual(["payout", "payout_succeeded"]);
    expect(await balances(m.key, id!)).toEqual({
      merchant: { available: 20500, seller_debt: 0, refunds_in_flight: 0 },
      seller: { pending: 0, available: 0, in_flight: 0, paid_out: 10000 },
    });
    expect(await checkLedger()).toEqual([]);
  });
});
