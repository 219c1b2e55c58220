import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import * as disbursementCallback from "@/app/api/providers/[provider]/disbursements/callback/route";
import { getDb } from "@/lib/db/client";
import { payouts, sellers } from "@/lib/db/schema";
import { checkLedger } from "@/lib/ledger/check";
import { processMoneyWork } from "@/lib/money-out/round";
import { setSandboxTransport } from "@/lib/providers/sandbox";
import type { CrashPointName } from "@/lib/runtime/crash-point";
import { childImport, crashChildAt, crashTestDatabase } from "@/test/support/crash-child";
import { callbackRequest, queueSandboxCallbacks, queuedCallbacks } from "@/test/support/money-out";
import { balances, marketplaceWithHold, sale, sellersOf } from "@/test/support/sellers";

// kill -9 while a seller payout's success is recorded: a child process (node + tsx) runs the real
// disbursement callback route on this file's database and is killed with SIGKILL after the payout's
// status changed (before its entry and the seller's paid_out), then after paid_out was counted
// (before the commit). Each time nothing of it stays: the payout is still processing, paid_out
// still 0, the ledger check (paid_out against the sum of the payouts included) agrees. The
// callback delivered again settles it once and counts it once.

const TIMEOUT = { timeout: 90_000 };
const url = childImport;
const CHILD = `
import { useDatabase } from ${url("lib/db/client.ts")};
import { signCallback } from ${url("lib/providers/signature.ts")};
import * as route from ${url("app/api/providers/[provider]/disbursements/callback/route.ts")};
const job = JSON.parse(process.argv[1]);
await useDatabase(job.settings);
const res = await route.POST(new Request("http://kola.test" + job.path, { method: "POST", headers: { "content-type": "application/json", "x-kola-signature": signCallback(job.raw) }, body: job.raw }), { params: Promise.resolve({ provider: "sandbox" }) });
console.error(res.status, await res.text()); // reached only if the crash point was not
console.log("finished");
process.exit(0);
`;

crashTestDatabase("kola-paid-out-crash-");
afterEach(() => setSandboxTransport(undefined));

describe("kill -9 while a seller payout's success is recorded", () => {
  it("rolls back the outcome with the seller's paid_out; delivered again, the payout is counted once", TIMEOUT, async () => {
    queueSandboxCallbacks();
    const m = await marketplaceWithHold(0); // no hold: the share is due at once
    const deposit = await sale(m.link.id);
    const [{ id }] = await sellersOf(m.key);
    await processMoneyWork(); // the payout made and sent: processing, the sandbox's answer queued
    const [callback] = (await queuedCallbacks()).filter((c) => c.path.includes("/disbursements/"));
    const state = async () => {
      const db = await getDb(); // PGlite is closed and opened again around each child
      const [payout] = await db.select({ status: payouts.status }).from(payouts).where(eq(payouts.depositId, deposit.id));
      const [seller] = await db.select({ paidOut: sellers.paidOut }).from(sellers).where(eq(sellers.id, id!));
      return { payout: payout!.status, paid_out: seller!.paidOut, problems: await checkLedger() };
    };
    expect(await state()).toEqual({ payout: "processing", paid_out: 0, problems: [] });

    for (const point of ["disbursement-settled", "seller-paid-out-counted"] satisfies CrashPointName[]) {
      const out = await crashChildAt(point, CHILD, { path: callback!.path, raw: callback!.raw }, { PROVIDER_CALLBACK_SECRET: "crash-test-secret" });
      expect(out).toBe(`crash-point ${point}\n`);
      expect(await state()).toEqual({ payout: "processing", paid_out: 0, problems: [] });
    }

    queueSandboxCallbacks();
    // nothing new to send: the payout is still the one in flight (stamped as asked about just now, so
    // that on a slow machine, where the crashes above took over 10 s, the round does not settle it by
    // asking the sandbox before the callback below is delivered)
    await (await getDb()).update(payouts).set({ checkedAt: new Date() }).where(eq(payouts.depositId, deposit.id));
    await processMoneyWork();
    expect(await (await getDb()).select({ id: payouts.id }).from(payouts).where(eq(payouts.depositId, deposit.id))).toHaveLength(1);
    // the provider's answer, delivered (twice: the second changes nothing)
    const deliver = async () =>
      (await disbursementCallback.POST(callbackRequest(callback!.path, callback!.raw, callback!.signature), { params: Promise.resolve({ provider: "sandbox" }) })).json();
    expect(await deliver()).toEqual({ received: true, outcome: "settled" });
    expect(await deliver()).toEqual({ received: true, outcome: "replay" });
    expect(await state()).toEqual({ payout: "success", paid_out: 10000, problems: [] });
    expect((await balances(m.key, id!)).seller).toEqual({ pending: 0, available: 0, in_flight: 0, paid_out: 10000 });
  });
});
