import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import * as callback from "@/app/api/providers/[provider]/callback/route";
import type { Auth } from "@/lib/core/auth";
import { formatReceiptCode } from "@/lib/core/receipt-code";
import { getDb } from "@/lib/db/client";
import { deposits, outboxEvents } from "@/lib/db/schema";
import { createGateway } from "@/lib/gateways/create-gateway";
import { reconcilePending } from "@/lib/payments/reconcile";
import { startPayment } from "@/lib/payments/start-payment";
import { setSandboxTransport } from "@/lib/providers/sandbox";
import { signCallback } from "@/lib/providers/signature";
import type { CrashPointName } from "@/lib/runtime/crash-point";
import { newAuth } from "@/test/support/api";
import { childImport, crashChildAt, crashTestDatabase } from "@/test/support/crash-child";

// kill -9 around the settlement that gives a receipt code (test/support/crash-child.ts): the code is
// written with the success or not at all, so after recovery the success has exactly one code, and
// it is the one its event announced.

const TIMEOUT = { timeout: 60_000 };
const CHILD = `
import { useDatabase } from ${childImport("lib/db/client.ts")};
import { settleDeposit } from ${childImport("lib/payments/settle-deposit.ts")};
const job = JSON.parse(process.argv[1]);
await useDatabase(job.settings);
await settleDeposit(job.depositId, { status: "success", providerReference: "SBX-crash" });
console.log("finished");
process.exit(0);
`;

let auth: Auth;
crashTestDatabase("kola-receipt-crash-");
beforeAll(async () => {
  auth = await newAuth("CMR");
});
afterEach(() => setSandboxTransport(undefined));

async function pending() {
  setSandboxTransport(async () => {}); // the sandbox's own callback is lost with the dead process
  const gateway = await createGateway(auth, { amount: 5000, shop_name: "Shop", message: "", order_id: "", success_url: "", failure_url: "" });
  const deposit = await startPayment({ kind: "link", gateway }, { country: "CMR", operator: "MTN_MOMO_CMR", phone: "670000010", client_token: randomUUID().replaceAll("-", "") });
  setSandboxTransport(undefined);
  return deposit;
}

async function stateOf(depositId: string) {
  const db = await getDb();
  const [row] = await db.select({ status: deposits.status, code: deposits.receiptCode }).from(deposits).where(eq(deposits.id, depositId));
  const events = await db.select().from(outboxEvents).where(eq(outboxEvents.depositId, depositId));
  return { status: row!.status, code: row!.code, events: events.map((e) => [e.type, (e.data as { receipt_code?: string }).receipt_code]) };
}

describe("kill -9 while a success gets its receipt code", () => {
  for (const point of ["settlement-written", "event-sequence-claimed"] satisfies CrashPointName[]) {
    it(`at ${point}: no code survives the dead transaction; the recovered success has one, the one announced`, TIMEOUT, async () => {
      const deposit = await pending();
      expect(await crashChildAt(point, CHILD, { depositId: deposit.id })).toBe(`crash-point ${point}\n`);
      expect(await stateOf(deposit.id)).toEqual({ status: "pending", code: null, events: [] });

      // the reconciler asks the sandbox, which collected: settled once, with one code
      const db = await getDb();
      await db.update(deposits).set({ createdAt: new Date(Date.now() - 60_000) }).where(eq(deposits.id, deposit.id));
      expect(await reconcilePending()).toBeGreaterThanOrEqual(1);
      const recovered = await stateOf(deposit.id);
      expect(recovered).toEqual({ status: "success", code: expect.stringMatching(/^[0-9A-HJKMNP-TV-Z]{10}$/), events: [["payment.succeeded", formatReceiptCode(recovered.code!)]] });

      // the provider's callback, late: already settled, the code unchanged
      const raw = JSON.stringify({ event_id: randomUUID(), reference: "SBX-late", track_id: deposit.trackId, status: "success", amount: 5000, currency: "XAF", timestamp: Math.floor(Date.now() / 1000) });
      const late = await callback.POST(
        new Request("http://kola.test/api/providers/sandbox/callback", { method: "POST", headers: { "x-kola-signature": signCallback(raw) }, body: raw }),
        { params: Promise.resolve({ provider: "sandbox" }) },
      );
      expect(await late.json()).toEqual({ received: true, outcome: "already_settled" });
      expect(await stateOf(deposit.id)).toEqual(recovered);
    });
  }
});
