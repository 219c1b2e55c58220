import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Auth } from "@/lib/core/auth";
import { getDb } from "@/lib/db/client";
import { depositProviderAttempts, deposits } from "@/lib/db/schema";
import { createPaymentRequest } from "@/lib/payment-requests/create";
import { pushRequests } from "@/lib/payment-requests/push";
import { getPaymentRequestOrThrow } from "@/lib/payment-requests/queries";
import { createPaymentRequestBody } from "@/lib/payment-requests/schemas";
import { reconcilePending } from "@/lib/payments/reconcile";
import { setSandboxTransport } from "@/lib/providers/sandbox";
import type { CrashPointName } from "@/lib/runtime/crash-point";
import { newAuth } from "@/test/support/api";
import { childImport, crashChildAt, crashTestDatabase } from "@/test/support/crash-child";

// kill -9 between a request to pay and its push: a child process runs the real `request-push`
// round on this file's database and is killed at a crash point. Afterwards the phone is rung at most
// once: the next round pushes what was never offered, and nothing already claimed is offered again.

const TIMEOUT = { timeout: 60_000 };
const CHILD = `
import { useDatabase } from ${childImport("lib/db/client.ts")};
import { pushRequests } from ${childImport("lib/payment-requests/push.ts")};
import { setSandboxTransport } from ${childImport("lib/providers/sandbox.ts")};
const job = JSON.parse(process.argv[1]);
await useDatabase(job.settings);
setSandboxTransport(async () => {});
await pushRequests();
console.log("finished");
process.exit(0);
`;

let auth: Auth & { key: string };

crashTestDatabase("kola-push-crash-");
beforeAll(async () => {
  auth = await newAuth("CMR");
});
afterEach(() => setSandboxTransport(undefined));

async function requestCrashingAt(point: CrashPointName, phone: string) {
  const asker = { ...auth, role: "owner" as const, userId: null };
  const request = await createPaymentRequest(asker, createPaymentRequestBody.parse({ amount: 1500, phone_number: phone }), { channel: "api" });
  expect(await crashChildAt(point, CHILD)).toBe(`crash-point ${point}\n`);
  const db = await getDb();
  const [deposit] = await db.select().from(deposits).where(eq(deposits.paymentGatewayId, request.gateway_id));
  const attempts = async () =>
    (await db.select({ outcome: depositProviderAttempts.outcome }).from(depositProviderAttempts).where(eq(depositProviderAttempts.depositId, deposit!.id))).map((a) => a.outcome);
  return { request, db, deposit: deposit!, attempts, asker };
}

describe("kill -9 in a request's push", () => {
  it("after the request committed, before its round offered it: the next round pushes it, once", TIMEOUT, async () => {
    const { deposit, attempts } = await requestCrashingAt("push-due", "670000020");
    expect(await attempts()).toEqual([]);
    setSandboxTransport(async () => {});
    expect(await pushRequests()).toBe(1);
    expect(await pushRequests()).toBe(0);
    expect(await attempts()).toEqual(["accepted"]);
    const db = await getDb();
    const [row] = await db.select().from(deposits).where(eq(deposits.id, deposit.id));
    expect([row!.status, row!.providerReference?.startsWith("SBX")]).toEqual(["pending", true]);
  });

  it("after the provider's attempt was claimed, before it was sent: never offered again; the reconciler ends it and it can be sent again", TIMEOUT, async () => {
    const { deposit, attempts, db, request, asker } = await requestCrashingAt("attempt-claimed", "670000021");
    expect(await attempts()).toEqual(["sending"]);
    expect(await pushRequests()).toBe(0); // an attempt exists: the round leaves it to the reconciler
    expect(await attempts()).toEqual(["sending"]);
    // past the longest an initiation can take, the sandbox's "not found" is final
    await db.update(deposits).set({ createdAt: new Date(Date.now() - 60_000), checkedAt: null }).where(eq(deposits.id, deposit.id));
    await db.update(depositProviderAttempts).set({ updatedAt: new Date(Date.now() - 121_000) }).where(eq(depositProviderAttempts.depositId, deposit.id));
    expect(await reconcilePending()).toBeGreaterThanOrEqual(1);
    const view = await getPaymentRequestOrThrow(asker, request.id);
    expect([view.status, view.failure_reason, view.can_resend]).toEqual(["failed", "provider_unreachable", true]);
    expect(await attempts()).toEqual(["sending"]);
  });
});
