import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import * as payoutsRoute from "@/app/v1/payouts/route";
import * as refundsRoute from "@/app/v1/refunds/route";
import { getDb } from "@/lib/db/client";
import { outboxEvents, payouts, refunds } from "@/lib/db/schema";
import { checkLedger } from "@/lib/ledger/check";
import type { CrashPointName } from "@/lib/runtime/crash-point";
import { setSandboxTransport } from "@/lib/providers/sandbox";
import { call, newAccount } from "@/test/support/api";
import { childImport, crashChildAt, crashTestDatabase } from "@/test/support/crash-child";
import { processMoneyOut } from "@/lib/money-out/send";
import { deliverCallbacks, depositByTrackId, entriesOf, newLink, payLink, queueSandboxCallbacks, queuedCallbacks } from "@/test/support/money-out";

// kill -9 between a provider's answer and our books, for payouts and refunds: a child process
// (node + tsx) runs the real sender or callback route on this file's database, stops at a crash
// point (lib/runtime/crash-point.ts) and is killed there with SIGKILL. Afterwards no money is
// missing (the ledger check agrees at every step), and the reconciler finishes the job once.

const TIMEOUT = { timeout: 90_000 };
const url = childImport;
const CHILD = `
import { useDatabase } from ${url("lib/db/client.ts")};
import { setSandboxTransport } from ${url("lib/providers/sandbox.ts")};
import { processMoneyOut } from ${url("lib/money-out/send.ts")};
import { signCallback } from ${url("lib/providers/signature.ts")};
import * as route from ${url("app/api/providers/[provider]/disbursements/callback/route.ts")};
const job = JSON.parse(process.argv[1]);
await useDatabase(job.settings);
setSandboxTransport(async () => {}); // its callbacks die with this process
if (job.task === "send") await processMoneyOut();
else { const res = await route.POST(new Request("http://kola.test" + job.path, { method: "POST", headers: { "content-type": "application/json", "x-kola-signature": signCallback(job.raw) }, body: job.raw }), { params: Promise.resolve({ provider: "sandbox" }) }); console.error(res.status, await res.text()); } // reached only if the crash point was not
console.log("finished");
process.exit(0);
`;

crashTestDatabase("kola-money-crash-");
afterEach(() => setSandboxTransport(undefined));

async function crashAt(point: CrashPointName, job: Record<string, unknown>): Promise<void> {
  // the child signs the provider's callback itself: this process's callback secret is its own
  expect(await crashChildAt(point, CHILD, job, { PROVIDER_CALLBACK_SECRET: "crash-test-secret" })).toBe(`crash-point ${point}\n`);
}

/** A merchant paid 5000 XAF, with a withdrawal or a refund of 2000 recorded (pending); its table and id. */
async function moneyGoingOut(kind: "payout" | "refund") {
  queueSandboxCallbacks();
  const m = await newAccount("CMR");
  const deposit = await payLink(await newLink(m.key, 5000));
  await deliverCallbacks();
  const res =
    kind === "payout"
      ? await call(payoutsRoute.POST, "POST", "/v1/payouts", { key: m.key, json: { amount: 2000, operator: "MTN_MOMO_CMR", phone_number: "670000000" } })
      : await call(refundsRoute.POST, "POST", "/v1/refunds", { key: m.key, json: { track_id: deposit.trackId, amount: 2000 } });
  expect(res.status).toBe(200);
  return { ...m, trackId: deposit.trackId, id: (res.body as { id: string }).id, table: kind === "payout" ? payouts : refunds };
}

async function stateOf(kind: "payout" | "refund", m: Awaited<ReturnType<typeof moneyGoingOut>>) {
  const db = await getDb();
  const [row] = await db.select().from(m.table).where(eq(m.table.id, m.id));
  const events = await db.select({ type: outboxEvents.type }).from(outboxEvents).where(eq(outboxEvents.accountId, m.accountId));
  return { status: row!.status, events: events.map((e) => e.type).filter((t) => t.startsWith(kind)), problems: await checkLedger() };
}

/** The reconciler's next look: claims and their 10 s grace are time-based, so the clock is moved back. */
async function later(m: Awaited<ReturnType<typeof moneyGoingOut>>) {
  const db = await getDb();
  const past = new Date(Date.now() - 60_000);
  await db.update(m.table).set({ checkedAt: null, createdAt: past, sentAt: past }).where(eq(m.table.id, m.id));
}

const done = { payout: ["payout", { payouts_in_flight: -2000, provider_clearing: 2000 }], refund: ["refund", { provider_clearing: 2000, refunds_in_flight: -2000 }] } as const;

describe.each(["payout", "refund"] as const)("kill -9 while a %s goes out", (kind) => {
  it("after the provider took it, before we recorded that: still pending, nothing missing; the sender sends it again under the same id, once", TIMEOUT, async () => {
    const m = await moneyGoingOut(kind);
    await crashAt("disbursement-sent", { task: "send" });
    expect(await stateOf(kind, m)).toEqual({ status: "pending", events: [], problems: [] });

    queueSandboxCallbacks();
    await later(m);
    await processMoneyOut();
    expect(await deliverCallbacks()).toEqual([{ received: true, outcome: "settled" }]);
    expect(await stateOf(kind, m)).toEqual({ status: "success", events: [`${kind}.succeeded`], problems: [] });
    expect((await entriesOf(m.accountId)).at(-1)).toEqual([`${done[kind][0]}_succeeded`, done[kind][1]]);
    expect(await processMoneyOut()).toBe(0);
  });

  it("mid-settlement (outcome written, posting not yet): rolled back whole; the reconciler settles it once, the late callback changes nothing", TIMEOUT, async () => {
    const m = await moneyGoingOut(kind);
    await processMoneyOut(); // sent: processing, the sandbox's callback is queued
    const [callback] = (await queuedCallbacks()).filter((c) => c.path.includes("/disbursements/"));
    await crashAt("disbursement-settled", { task: "callback", path: callback!.path, raw: callback!.raw });
    expect(await stateOf(kind, m)).toEqual({ status: "processing", events: [], problems: [] });

    // asked: the sandbox says processing for 3 s after it took the payout or refund, then success
    await vi.waitFor(
      async () => {
        await later(m);
        expect(await processMoneyOut()).toBe(1);
      },
      { timeout: 15_000, interval: 500 },
    );
    expect(await deliverCallbacks()).toEqual([{ received: true, outcome: "already_settled" }]);
    expect(await stateOf(kind, m)).toEqual({ status: "success", events: [`${kind}.succeeded`], problems: [] });
    if (kind === "refund") expect((await depositByTrackId(m.trackId)).refundedAmount).toBe(2000);
  });
});
