import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Auth } from "@/lib/core/auth";
import { getDb } from "@/lib/db/client";
import { outboxEvents } from "@/lib/db/schema";
import { settleDeposit } from "@/lib/payments/settle-deposit";
import type { CrashPointName } from "@/lib/runtime/crash-point";
import { newAuth } from "@/test/support/api";
import { childImport, crashChildAt, crashTestDatabase } from "@/test/support/crash-child";
import { customersOf, depositRow, pendingPayments } from "@/test/support/customers";

// kill -9 inside a success's transaction: after the status update, before its customer is booked;
// after the booking, before its event. Either way the crash leaves the payment pending and no
// customer (or the customer as it was); the success settled again books it once: no payment
// without its customer, none counted twice.

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
crashTestDatabase("kola-customer-crash-");
beforeAll(async () => {
  auth = await newAuth("CMR");
});

const points: CrashPointName[] = ["settlement-written", "customer-booked"];

describe("kill -9 while a success books its customer", () => {
  it.each(points)("at %s: nothing of the success is left; settled again, it is booked once", TIMEOUT, async (point) => {
    const phone = point === "settlement-written" ? "237670000501" : "237670000502";
    // the number paid once already: its customer exists, with one payment
    const [first, second] = await pendingPayments(auth, phone, [1000, 2000]);
    await settleDeposit(first!.id, { status: "success", providerReference: "SBX-first" });
    const before = (await customersOf(auth.accountId)).filter((c) => c.phoneNumber === phone);
    expect(before).toHaveLength(1);

    expect(await crashChildAt(point, CHILD, { depositId: second!.id })).toBe(`crash-point ${point}\n`);
    expect([(await depositRow(second!.id)).status, (await depositRow(second!.id)).customerId]).toEqual(["pending", null]);
    const db = await getDb();
    expect(await db.select().from(outboxEvents).where(eq(outboxEvents.depositId, second!.id))).toEqual([]);
    expect((await customersOf(auth.accountId)).filter((c) => c.phoneNumber === phone)).toEqual(before);

    expect(await settleDeposit(second!.id, { status: "success", providerReference: "SBX-again" })).toBe(true);
    expect(await settleDeposit(second!.id, { status: "success", providerReference: "SBX-again" })).toBe(false);
    const after = (await customersOf(auth.accountId)).filter((c) => c.phoneNumber === phone);
    expect(after.map((c) => c.id)).toEqual([before[0]!.id]);
    expect([(await depositRow(first!.id)).customerId, (await depositRow(second!.id)).customerId]).toEqual([before[0]!.id, before[0]!.id]);
  });

  it("a first payment of a number killed before its booking leaves no customer; settled again, one", TIMEOUT, async () => {
    const [only] = await pendingPayments(auth, "237670000503", [1500]);
    await crashChildAt("customer-booked", CHILD, { depositId: only!.id });
    expect((await customersOf(auth.accountId)).filter((c) => c.phoneNumber === "237670000503")).toEqual([]);
    await settleDeposit(only!.id, { status: "success", providerReference: "SBX-again" });
    const book = (await customersOf(auth.accountId)).filter((c) => c.phoneNumber === "237670000503");
    expect(book.map((c) => c.createdBy)).toEqual(["payment"]);
    expect((await depositRow(only!.id)).customerId).toBe(book[0]!.id);
  });
});
