import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { Auth } from "@/lib/core/auth";
import { formatReceiptCode } from "@/lib/core/receipt-code";
import { getDb } from "@/lib/db/client";
import { isUniqueViolation } from "@/lib/db/errors";
import { deposits, depositStatusChanges, outboxEvents } from "@/lib/db/schema";
import { settleDeposit } from "@/lib/payments/settle-deposit";
import { setSandboxTransport } from "@/lib/providers/sandbox";
import { newAuth } from "@/test/support/api";
import { pendingPayment } from "@/test/support/webhooks";

// The one in 2^50 chance made certain: the generator is told to draw a code another payment holds.
// The unique index refuses it; the success is not lost: drawn again, in a savepoint of its own.

const drawn = vi.hoisted(() => ({ queue: [] as string[] }));
vi.mock("@/lib/deposits/receipt-code", async (original) => {
  const actual = await original<typeof import("@/lib/deposits/receipt-code")>();
  return { ...actual, newReceiptCode: () => drawn.queue.shift() ?? actual.newReceiptCode() };
});

let auth: Auth;
beforeAll(async () => {
  auth = await newAuth("CMR");
});
afterEach(() => {
  drawn.queue = [];
  setSandboxTransport(undefined);
});

async function stateOf(depositId: string) {
  const db = await getDb();
  const [row] = await db.select({ status: deposits.status, code: deposits.receiptCode }).from(deposits).where(eq(deposits.id, depositId));
  const events = await db.select().from(outboxEvents).where(eq(outboxEvents.depositId, depositId));
  const history = await db.select().from(depositStatusChanges).where(eq(depositStatusChanges.depositId, depositId));
  return { ...row, events: events.map((e) => [e.type, (e.data as { receipt_code?: string }).receipt_code]), changes: history.length };
}

/** A success whose code is known: what the next draws collide with. */
async function heldCode(): Promise<string> {
  const held = await pendingPayment(auth);
  expect(await settleDeposit(held.id, { status: "success" })).toBe(true);
  return (await stateOf(held.id)).code!;
}

describe("a receipt code already taken", () => {
  it("is drawn again: the success keeps its new code, announced with it", async () => {
    const taken = await heldCode();
    const deposit = await pendingPayment(auth);
    drawn.queue = [taken, "FRESH00001"];
    expect(await settleDeposit(deposit.id, { status: "success" })).toBe(true);
    expect(await stateOf(deposit.id)).toEqual({ status: "success", code: "FRESH00001", events: [["payment.succeeded", "FRESH-00001"]], changes: 2 });
    expect(drawn.queue).toEqual([]);
  });

  it("inside a caller's transaction too (a provider's callback settles in its own): the savepoint keeps the rest", async () => {
    const taken = await heldCode();
    const deposit = await pendingPayment(auth);
    drawn.queue = [taken, taken, "FRESH00002"];
    const db = await getDb();
    expect(await db.transaction((tx) => settleDeposit(deposit.id, { status: "success" }, tx))).toBe(true);
    expect(await stateOf(deposit.id)).toEqual({ status: "success", code: "FRESH00002", events: [["payment.succeeded", "FRESH-00002"]], changes: 2 });
  });

  it("three times in a row means a broken generator: nothing is written, and a later settlement succeeds", async () => {
    const taken = await heldCode();
    const deposit = await pendingPayment(auth);
    drawn.queue = [taken, taken, taken];
    const error = await settleDeposit(deposit.id, { status: "success" }).catch((e: unknown) => e);
    expect(isUniqueViolation(error, "deposits_receipt_code_key")).toBe(true);
    expect(await stateOf(deposit.id)).toEqual({ status: "pending", code: null, events: [], changes: 1 });
    expect(await settleDeposit(deposit.id, { status: "success" })).toBe(true);
    const after = await stateOf(deposit.id);
    expect(after).toEqual({ status: "success", code: expect.stringMatching(/^[0-9A-HJKMNP-TV-Z]{10}$/), events: [["payment.succeeded", formatReceiptCode(after.code!)]], changes: 2 });
  });
});
