import { randomUUID } from "node:crypto";
import { asc, eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import * as callback from "@/app/api/providers/[provider]/callback/route";
import type { Auth } from "@/lib/core/auth";
import { getDb } from "@/lib/db/client";
import { depositProviderAttempts, deposits, depositStatusChanges, outboxEvents } from "@/lib/db/schema";
import { createGateway } from "@/lib/gateways/create-gateway";
import { newAuth } from "@/test/support/api";
import { childImport, crashChildAt, crashTestDatabase } from "@/test/support/crash-child";
import { reconcilePending, sweepExpired } from "@/lib/payments/reconcile";
import type { CrashPointName } from "@/lib/runtime/crash-point";
import { setSandboxTransport } from "@/lib/providers/sandbox";
import { signCallback } from "@/lib/providers/signature";
import { settleDeposit } from "@/lib/payments/settle-deposit";
import { startPayment } from "@/lib/payments/start-payment";

// kill -9 inside the money paths: a child process (node + tsx) runs the real startPayment or
// settleDeposit on this file's database, stops at a crash point (lib/runtime/crash-point.ts) and
// is killed with SIGKILL there. Afterwards nothing is lost and nothing is done twice: the sweeper
// or the reconciler finishes what the dead process left. On PGlite the database is a temp folder
// the child opens while this process has it closed; on PostgreSQL, this file's own database.

const TIMEOUT = { timeout: 60_000 };
const CHILD = `
import { useDatabase } from ${childImport("lib/db/client.ts")};
import { findPaymentLink } from ${childImport("lib/checkout/queries.ts")};
import { startPayment } from ${childImport("lib/payments/start-payment.ts")};
import { settleDeposit } from ${childImport("lib/payments/settle-deposit.ts")};
import { setSandboxTransport } from ${childImport("lib/providers/sandbox.ts")};
const job = JSON.parse(process.argv[1]);
await useDatabase(job.settings);
setSandboxTransport(async () => {});
if (job.task === "pay") {
  const gateway = await findPaymentLink(job.gatewayId);
  await startPayment({ kind: "link", gateway }, job.input);
} else {
  await settleDeposit(job.depositId, { status: "success", providerReference: "SBX-crash" });
}
console.log("finished");
process.exit(0);
`;

let auth: Auth;

crashTestDatabase("kola-crash-");
beforeAll(async () => {
  auth = await newAuth("CMR");
});
afterEach(() => {
  setSandboxTransport(undefined);
  delete process.env.DEPOSIT_EXPIRY_SECONDS;
});

/** Runs `job` in a child process that stops at `point`; kills it there with SIGKILL. */
async function crashAt(point: CrashPointName, job: Record<string, unknown>): Promise<void> {
  expect(await crashChildAt(point, CHILD, job)).toBe(`crash-point ${point}\n`);
}

async function newLink() {
  return createGateway(auth, { amount: 5000, shop_name: "Shop", message: "", order_id: "", success_url: "", failure_url: "" });
}

async function stateOf(gatewayId: string) {
  const db = await getDb();
  const rows = await db.select().from(deposits).where(eq(deposits.paymentGatewayId, gatewayId));
  const events = await db.select().from(outboxEvents);
  const history = await db.select().from(depositStatusChanges).orderBy(asc(depositStatusChanges.createdAt));
  return {
    deposits: rows.map((r) => ({ status: r.status, reference: r.providerReference })),
    events: events.filter((e) => rows.some((r) => r.id === e.depositId)).map((e) => e.type),
    // the deposit's history commits with the change it records, or not at all
    history: history.filter((h) => rows.some((r) => r.id === h.depositId)).map((h) => `${h.event}:${h.fromStatus ?? ""}>${h.toStatus}`),
  };
}

const token = () => randomUUID().replaceAll("-", "");


/** A new link paid by a child process killed at `point`; its deposit and provider attempts as they were left. */
async function payCrashingAt(point: CrashPointName) {
  const link = await newLink();
  await crashAt(point, {
    task: "pay",
    gatewayId: link.id,
    input: { country: "CMR", operator: "MTN_MOMO_CMR", phone: "670000010", client_token: token() },
  });
  const db = await getDb();
  const [deposit] = await db.select().from(deposits).where(eq(deposits.paymentGatewayId, link.id));
  const attempts = () => db.select({ provider: depositProviderAttempts.provider, outcome: depositProviderAttempts.outcome }).from(depositProviderAttempts).where(eq(depositProviderAttempts.depositId, deposit!.id));
  return { link, db, deposit, attempts };
}

describe("kill -9 inside the money paths", () => {
  it("after the deposit is recorded, before the provider is asked: the sweeper expires it once, the link stays payable", TIMEOUT, async () => {
    const link = await newLink();
    await crashAt("deposit-recorded", {
      task: "pay",
      gatewayId: link.id,
      input: { country: "CMR", operator: "MTN_MOMO_CMR", phone: "670000010", client_token: token() },
    });
    expect(await stateOf(link.id)).toEqual({ deposits: [{ status: "pending", reference: null }], events: [], history: ["created:>pending"] });

    // the provider never heard of it (not found): expired once, announced once, nobody charged
    process.env.DEPOSIT_EXPIRY_SECONDS = "0.001";
    expect(await sweepExpired()).toBeGreaterThanOrEqual(1);
    expect(await sweepExpired()).toBe(0);
    expect(await stateOf(link.id)).toEqual({
      deposits: [{ status: "expired", reference: null }],
      events: ["payment.expired"],
      history: ["created:>pending", "status_changed:pending>expired"],
    });

    setSandboxTransport(async () => {});
    const again = await startPayment({ kind: "link", gateway: link }, { country: "CMR", operator: "MTN_MOMO_CMR", phone: "670000010", client_token: token() });
    expect(again.status).toBe("pending");
    await settleDeposit(again.id, { status: "failed", reason: "refused_by_payer" }); // nothing left pending for the next test
  });

  it("after a provider's attempt is claimed, before its request is sent: never sent twice, ended failed (provider_unreachable) once nothing can be in flight", TIMEOUT, async () => {
    const { link, db, deposit, attempts } = await payCrashingAt("attempt-claimed");
    expect([await stateOf(link.id), await attempts()]).toEqual([{ deposits: [{ status: "pending", reference: null }], events: [], history: ["created:>pending"] }, [{ provider: "sandbox", outcome: "sending" }]]);

    // younger than the longest an initiation can take: it may still be on its way, so it waits
    await db.update(deposits).set({ createdAt: new Date(Date.now() - 60_000) }).where(eq(deposits.id, deposit!.id));
    await reconcilePending();
    expect((await stateOf(link.id)).deposits).toEqual([{ status: "pending", reference: null }]);

    // past it, the process that claimed it is dead: the provider's "not found" is final, announced once
    await db.update(depositProviderAttempts).set({ updatedAt: new Date(Date.now() - 121_000) }).where(eq(depositProviderAttempts.depositId, deposit!.id));
    await db.update(deposits).set({ checkedAt: null }).where(eq(deposits.id, deposit!.id));
    expect(await reconcilePending()).toBeGreaterThanOrEqual(1);
    expect(await stateOf(link.id)).toEqual({
      deposits: [{ status: "failed", reference: null }],
      events: ["payment.failed"],
      history: ["created:>pending", "status_changed:pending>failed"],
    });
    expect(await attempts()).toEqual([{ provider: "sandbox", outcome: "sending" }]); // and it was never sent again
  });

  it("after the sandbox took the payment, before our books say so: its reference is already saved, so the sweeper asks the sandbox and settles it (success, not expired), once", TIMEOUT, async () => {
    const { link, db, deposit, attempts } = await payCrashingAt("collection-requested");
    // the sandbox's reference is in the database; its callback died with the process
    expect([await stateOf(link.id), await attempts()]).toEqual([
      { deposits: [{ status: "pending", reference: expect.stringMatching(/^SBX-/) }], events: [], history: ["created:>pending"] },
      [{ provider: "sandbox", outcome: "sending" }],
    ]);

    // well past our expiry: the sweeper asks the sandbox first, which has it, and it succeeded
    process.env.DEPOSIT_EXPIRY_SECONDS = "30";
    await db.update(deposits).set({ createdAt: new Date(Date.now() - 60_000) }).where(eq(deposits.id, deposit!.id));
    expect(await sweepExpired()).toBe(1);
    await db.update(deposits).set({ checkedAt: null }).where(eq(deposits.id, deposit!.id));
    expect(await reconcilePending()).toBe(0);
    expect(await sweepExpired()).toBe(0);
    expect(await stateOf(link.id)).toEqual({
      deposits: [{ status: "success", reference: deposit!.providerReference }],
      events: ["payment.succeeded"],
      history: ["created:>pending", "status_changed:pending>success"],
    });
  });

  it("mid-settlement (status written, event not yet): rolled back whole; the reconciler settles it once, the late callback changes nothing", TIMEOUT, async () => {
    setSandboxTransport(async () => {}); // the provider's callback is lost with the dead process
    const link = await newLink();
    const deposit = await startPayment({ kind: "link", gateway: link }, { country: "CMR", operator: "MTN_MOMO_CMR", phone: "670000010", client_token: token() });
    setSandboxTransport(undefined);
    await crashAt("settlement-written", { task: "settle", depositId: deposit.id });
    expect(await stateOf(link.id)).toEqual({ deposits: [{ status: "pending", reference: expect.stringMatching(/^SBX-/) }], events: [], history: ["created:>pending"] });

    const db = await getDb();
    await db.update(deposits).set({ createdAt: new Date(Date.now() - 60_000) }).where(eq(deposits.id, deposit.id));
    expect(await reconcilePending()).toBeGreaterThanOrEqual(1);
    expect(await reconcilePending()).toBe(0); // asked once: checked_at
    const raw = JSON.stringify({ event_id: randomUUID(), reference: "SBX-late", track_id: deposit.trackId, status: "success", amount: 5000, currency: "XAF", timestamp: Math.floor(Date.now() / 1000) });
    const late = await callback.POST(
      new Request("http://kola.test/api/providers/sandbox/callback", { method: "POST", headers: { "x-kola-signature": signCallback(raw) }, body: raw }),
      { params: Promise.resolve({ provider: "sandbox" }) },
    );
    expect(await late.json()).toEqual({ received: true, outcome: "already_settled" });
    expect(await stateOf(link.id)).toEqual({
      deposits: [{ status: "success", reference: deposit.providerReference }],
      events: ["payment.succeeded"],
      history: ["created:>pending", "status_changed:pending>success"],
    });
  });
});
