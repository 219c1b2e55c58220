import { randomUUID } from "node:crypto";
import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as callback from "@/app/api/providers/[provider]/callback/route";
import { hashApiKey } from "@/lib/accounts/api-keys";
import { findAuthByKeyHash } from "@/lib/accounts/queries";
import { getDb } from "@/lib/db/client";
import { deposits, outboxEvents } from "@/lib/db/schema";
import { createGateway } from "@/lib/gateways/create-gateway";
import { newAccount } from "@/test/support/api";
import { childImport, crashChildAt, crashTestDatabase } from "@/test/support/crash-child";
import { setSandboxTransport } from "@/lib/providers/sandbox";
import { signCallback } from "@/lib/providers/signature";
import { settleDeposit } from "@/lib/payments/settle-deposit";
import { startPayment } from "@/lib/payments/start-payment";

// kill -9 between a late success's number (taken on its deposit's row) and its outbox row, in one
// transaction: the number is given back with everything else; no gap, no twice.

crashTestDatabase("kola-event-order-");

const CHILD = `
import { useDatabase } from ${childImport("lib/db/client.ts")};
import { settleDeposit } from ${childImport("lib/payments/settle-deposit.ts")};
const job = JSON.parse(process.argv[1]);
await useDatabase(job.settings);
await settleDeposit(job.depositId, { status: "success", providerReference: "SBX-crash" });
console.log("finished");
process.exit(0);
`;

describe("kill -9 between an event's number and its row", () => {
  it("the late success's number is given back with it: settled again, the deposit's events are 1, 2", { timeout: 60_000 }, async () => {
    const { key } = await newAccount("CMR");
    const auth = (await findAuthByKeyHash(hashApiKey(key)))!;
    setSandboxTransport(async () => {});
    const gateway = await createGateway(auth, { amount: 5000, shop_name: "Shop", message: "", order_id: "", success_url: "", failure_url: "" });
    const deposit = await startPayment({ kind: "link", gateway }, { country: "CMR", operator: "MTN_MOMO_CMR", phone: "670000003", client_token: randomUUID().replaceAll("-", "") });
    setSandboxTransport(undefined);
    expect(await settleDeposit(deposit.id, { status: "expired", reason: "expired" })).toBe(true);

    await crashChildAt("event-sequence-claimed", CHILD, { depositId: deposit.id });
    const db = await getDb();
    const state = async () => {
      const [row] = await db.select({ status: deposits.status, eventSequence: deposits.eventSequence }).from(deposits).where(eq(deposits.id, deposit.id));
      const list = (await db.select().from(outboxEvents).where(eq(outboxEvents.sequenceDepositId, deposit.id)).orderBy(asc(outboxEvents.sequence))).map((e) => [e.sequence, e.type]);
      return { ...row, events: list };
    };
    expect(await state()).toEqual({ status: "expired", eventSequence: 1, events: [[1, "payment.expired"]] });

    const lateSuccess = async () => {
      const raw = JSON.stringify({ event_id: randomUUID(), reference: "SBX-late", track_id: deposit.trackId, status: "success", amount: 5000, currency: "XAF", timestamp: Math.floor(Date.now() / 1000) });
      const res = await callback.POST(
        new Request("http://kola.test/api/providers/sandbox/callback", { method: "POST", headers: { "x-kola-signature": signCallback(raw) }, body: raw }),
        { params: Promise.resolve({ provider: "sandbox" }) },
      );
      return [res.status, await res.json()];
    };
    // the provider's success comes again (its callback is retried): number 2, once
    expect(await lateSuccess()).toEqual([200, { received: true, outcome: "settled" }]);
    expect(await lateSuccess()).toEqual([200, { received: true, outcome: "already_settled" }]);
    expect(await state()).toEqual({
      status: "success",
      eventSequence: 2,
      events: [
        [1, "payment.expired"],
        [2, "payment.succeeded"],
      ],
    });
  });
});
