import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import * as refundsRoute from "@/app/v1/refunds/route";
import * as releaseRoute from "@/app/v1/sellers/[seller_id]/release/route";
import { getDb } from "@/lib/db/client";
import { ledgerEntries, payouts, refunds, sellerShares } from "@/lib/db/schema";
import { checkLedger } from "@/lib/ledger/check";
import { deliverCallbacks, queueSandboxCallbacks } from "@/test/support/money-out";
import { setSandboxTransport } from "@/lib/providers/sandbox";
import { processMoneyWork } from "@/lib/money-out/round";
import { call } from "@/test/support/api";
import { childImport, crashChildAt, crashTestDatabase } from "@/test/support/crash-child";
import { balances, failRefund, marketplaceWithHold, sale, sellersOf } from "@/test/support/sellers";

// kill -9 at each step of a failed refund's consequences (lib/money-out/settle.ts, then the
// background work): a held sale's debit_seller refund, its share released early, then the provider
// fails the refund. A child process (node + tsx) runs the real callback route or background work on
// this file's database, stops at a crash point (lib/runtime/crash-point.ts) and is killed there.
// After each kill nothing is lost or done twice (the ledger check agrees, at most one payout), and
// in the end the seller is paid its 10 000 once.

const TIMEOUT = { timeout: 120_000 };
const CHILD = `
import { useDatabase } from ${childImport("lib/db/client.ts")};
import { setSandboxTransport } from ${childImport("lib/providers/sandbox.ts")};
import { signCallback } from ${childImport("lib/providers/signature.ts")};
import { processMoneyWork } from ${childImport("lib/money-out/round.ts")};
import * as route from ${childImport("app/api/providers/[provider]/disbursements/callback/route.ts")};
const job = JSON.parse(process.argv[1]);
await useDatabase(job.settings);
setSandboxTransport(async () => {}); // its callbacks die with this process
if (job.task === "work") await processMoneyWork();
else await route.POST(new Request("http://kola.test/api/providers/sandbox/disbursements/callback", { method: "POST", headers: { "content-type": "application/json", "x-kola-signature": signCallback(job.raw) }, body: job.raw }), { params: Promise.resolve({ provider: "sandbox" }) });
console.log("finished"); // reached only if the crash point was not
process.exit(0);
`;

crashTestDatabase("kola-failed-refund-crash-");
afterEach(() => setSandboxTransport(undefined));

const seller = (pending: number, available: number, paidOut: number, inFlight = 0) => ({ pending, available, in_flight: inFlight, paid_out: paidOut });
const merchant = (available: number, debt = 0, refunding = 0) => ({ available, seller_debt: debt, refunds_in_flight: refunding });

describe("kill -9 between the steps of a failed refund's consequences", () => {
  it("mid-settlement of the failure, after the payout that follows is recorded, after the provider took it: the seller is paid once", TIMEOUT, async () => {
    queueSandboxCallbacks();
    const m = await marketplaceWithHold(7);
    const deposit = await sale(m.link.id);
    const [{ id }] = await sellersOf(m.key);
    const refunded = await call(refundsRoute.POST, "POST", "/v1/refunds", { key: m.key, json: { track_id: deposit.trackId, seller_share: "debit_seller" } });
    const refundId = (refunded.body as { id: string }).id;
    await call(releaseRoute.POST, "POST", `/v1/sellers/${id}/release`, { key: m.key, json: { track_id: deposit.trackId } });
    setSandboxTransport(async () => {}, () => 0); // the provider's own answer to the refund is lost
    await processMoneyWork(); // the refund sent; the share's payout waits for its outcome
    queueSandboxCallbacks();
    const state = async () => {
      const db = await getDb(); // (on PGlite the child had the folder: opened again)
      const [share] = await db.select().from(sellerShares).where(eq(sellerShares.depositId, deposit.id));
      const [refund] = await db.select().from(refunds).where(eq(refunds.id, refundId));
      const made = await db.select().from(payouts).where(eq(payouts.depositId, deposit.id));
      return {
        refund: refund!.status,
        share: { owed: share!.owed, refunded: share!.refunded, disbursed: share!.disbursedAt !== null },
        payouts: made.map((p) => [p.status, p.amount, p.sentAt !== null]),
        ...(await balances(m.key, id)),
        problems: await checkLedger(),
      };
    };
    const waiting = {
      refund: "processing",
      share: { owed: 10000, refunded: 10000, disbursed: false },
      payouts: [],
      merchant: merchant(20000, 0, 10500),
      seller: seller(0, 0, 0),
      problems: [],
    };
    expect(await state()).toEqual(waiting);

    // 1. the provider's failure, killed between the refund's status and its ledger entry: all rolled back
    const raw = JSON.stringify({ event_id: `crash:${refundId}`, kind: "refund", id: refundId, reference: "SBX-RF-crash", status: "failed", reason: "wallet_closed", timestamp: Math.floor(Date.now() / 1000) });
    const env = { PROVIDER_CALLBACK_SECRET: "crash-test-secret" }; // the child signs the callback with its own secret
    expect(await crashChildAt("disbursement-settled", CHILD, { task: "callback", raw }, env)).toBe("crash-point disbursement-settled\n");
    expect(await state()).toEqual(waiting);

    // 2. the failure told again, settled; the background work records the share's payout and is killed before the provider
    expect(await failRefund(refundId)).toEqual({ received: true, outcome: "settled" });
    const given = { refund: "failed", share: { owed: 10000, refunded: 0, disbursed: false }, payouts: [], merchant: merchant(20500), seller: seller(0, 10000, 0), problems: [] };
    expect(await state()).toEqual(given);
    expect(await crashChildAt("seller-payout-recorded", CHILD, { task: "work" })).toBe("crash-point seller-payout-recorded\n");
    const recorded = { ...given, share: { owed: 0, refunded: 0, disbursed: true }, payouts: [["pending", 10000, false]], seller: seller(0, 0, 0, 10000) };
    expect(await state()).toEqual(recorded);

    // 3. the next round sends that payout; killed after the provider took it, before we wrote so
    expect(await crashChildAt("disbursement-sent", CHILD, { task: "work" })).toBe("crash-point disbursement-sent\n");
    expect(await state()).toEqual(recorded);

    // 4. the reconciler's next look (claims are time-based: the clock moved back): sent again under its own id, settled once
    const past = new Date(Date.now() - 60_000);
    const db = await getDb();
    await db.update(payouts).set({ checkedAt: null, createdAt: past }).where(eq(payouts.depositId, deposit.id));
    await processMoneyWork();
    expect(await deliverCallbacks()).toEqual([{ received: true, outcome: "settled" }]);
    await processMoneyWork();
    expect(await deliverCallbacks()).toEqual([]);
    expect(await state()).toEqual({ ...recorded, payouts: [["success", 10000, true]], seller: seller(0, 0, 10000) });
    const [payout] = await db.select({ id: payouts.id }).from(payouts).where(eq(payouts.depositId, deposit.id));
    const entries = await db.select({ kind: ledgerEntries.kind }).from(ledgerEntries).where(eq(ledgerEntries.payoutId, payout!.id));
    expect(entries.map((e) => e.kind).sort()).toEqual(["payout", "payout_succeeded"]);
  });
});
