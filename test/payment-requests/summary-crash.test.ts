import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Auth } from "@/lib/core/auth";
import { getDb } from "@/lib/db/client";
import { deposits } from "@/lib/db/schema";
import { checkLedger } from "@/lib/ledger/check";
import { createPaymentRequest } from "@/lib/payment-requests/create";
import { summarize } from "@/lib/payment-requests/queries";
import { createPaymentRequestBody } from "@/lib/payment-requests/schemas";
import { settleDeposit } from "@/lib/payments/settle-deposit";
import { setSandboxTransport } from "@/lib/providers/sandbox";
import type { CrashPointName } from "@/lib/runtime/crash-point";
import { newAuth } from "@/test/support/api";
import { childImport, crashChildAt, crashTestDatabase } from "@/test/support/crash-child";

// kill -9 while a request's payment is settled: a child process runs the real settleDeposit on
// this file's database and is killed with SIGKILL after the deposit's success (and, by the
// trigger of the same statement, the summary's total) was written, then after its event's number
// was taken (its customer booked, its ledger not yet posted): each time before the commit. Each time nothing
// of it stays: the request is not counted, the ledger check (the totals against the rows included)
// agrees. The success delivered again, twice at once, is counted once.

const TIMEOUT = { timeout: 300_000 };
const CHILD = `
import { useDatabase } from ${childImport("lib/db/client.ts")};
import { settleDeposit } from ${childImport("lib/payments/settle-deposit.ts")};
const job = JSON.parse(process.argv[1]);
await useDatabase(job.settings);
await settleDeposit(job.depositId, { status: "success", providerReference: "SBX-crash" });
console.log("finished");
process.exit(0);
`;

let auth: Auth & { key: string };

crashTestDatabase("kola-summary-crash-");
beforeAll(async () => {
  auth = await newAuth("CMR"); // the first use of the file's database migrates it: slow on a loaded machine
}, 180_000);
afterEach(() => setSandboxTransport(undefined));

describe("kill -9 while a request's payment is settled", () => {
  it("counts nothing of a settlement that did not commit; delivered again, the request is counted once", TIMEOUT, async () => {
    setSandboxTransport(async () => {});
    const asker = { ...auth, role: "owner" as const, userId: null };
    const request = await createPaymentRequest(asker, createPaymentRequestBody.parse({ amount: 3500, phone_number: "670000400" }), { channel: "api" });
    const [deposit] = await (await getDb()).select({ id: deposits.id }).from(deposits).where(eq(deposits.paymentGatewayId, request.gateway_id));
    const state = async () => {
      const day = await summarize(asker, "today"); // PGlite is closed and opened again around each child
      return { paid_count: day.paid_count, paid_total: day.paid_total, lines: day.by_collector.length, problems: await checkLedger() };
    };
    expect(await state()).toEqual({ paid_count: 0, paid_total: 0, lines: 0, problems: [] });

    for (const point of ["settlement-written", "event-sequence-claimed"] satisfies CrashPointName[]) {
      const out = await crashChildAt(point, CHILD, { depositId: deposit!.id });
      expect(out).toBe(`crash-point ${point}\n`);
      expect(await state()).toEqual({ paid_count: 0, paid_total: 0, lines: 0, problems: [] });
    }

    // delivered again, twice at once: one settles, the other changes nothing
    const outcomes = await Promise.all([1, 2].map(() => settleDeposit(deposit!.id, { status: "success", providerReference: "SBX-again" })));
    expect(outcomes.sort()).toEqual([false, true]);
    expect(await state()).toEqual({ paid_count: 1, paid_total: 3500, lines: 1, problems: [] });
    const day = await summarize(asker, "today");
    expect(day.by_collector).toEqual([{ collected_by: request.collected_by, paid_count: 1, paid_total: 3500 }]);
    expect(request.collected_by).toMatchObject({ type: "api_key", id: auth.apiKeyId });
  });
});
