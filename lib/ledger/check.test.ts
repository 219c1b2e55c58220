import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { closeDb, databaseSettings, getDb, useDatabase } from "@/lib/db/client";
import { deposits, ledgerBalances, ledgerEntries, ledgerPostings, sellerBalances, sellerShares } from "@/lib/db/schema";
import { buy, deliverCallbacks, marketplaceLink, newLink, payLink, queueSandboxCallbacks } from "@/test/support/money-out";
import { setSandboxTransport } from "@/lib/providers/sandbox";
import { newAccount } from "@/test/support/api";
import { checkLedger } from "./check";
import { postEntry } from "./post";

// The invariant check behind `npm run ledger:check` (and the end of every test file, test/support/setup.ts):
// each way the books can disagree with themselves is found, and the command exits non-zero.

let dataDir: string;
let accountId: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "kola-ledger-check-"));
  if (!databaseSettings().databaseUrl) await useDatabase({ dataDir }); // the command opens the same folder
  queueSandboxCallbacks();
  const m = await newAccount("CMR");
  accountId = m.accountId;
  await payLink(await newLink(m.key, 5000));
  await buy((await marketplaceLink("+237 6 99 00 00 00", { seller_payout_delay_days: "7" })).link.id); // a seller's share, held
  await deliverCallbacks();
  setSandboxTransport(undefined);
});
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

/** `npm run ledger:check` on this file's database: its exit code and output. */
async function command(): Promise<{ status: number | null; out: string }> {
  const settings = databaseSettings();
  if (!settings.databaseUrl) await closeDb(); // PGlite: one process at a time on a folder
  const env = { ...process.env, LOG_LEVEL: "silent", ...(settings.databaseUrl ? { DATABASE_URL: settings.databaseUrl } : { DATA_DIR: dataDir, DATABASE_URL: "" }) };
  const run = spawnSync(process.execPath, ["--conditions=react-server", "--import", "tsx", "scripts/ledger-check.ts"], { cwd: process.cwd(), env, encoding: "utf8", timeout: 60_000 });
  return { status: run.status, out: run.stdout };
}

/** The held share released and marked paid out with `owed` left on it, no payout made; how to undo it (no line left behind). */
async function strandShare(owed: number): Promise<() => Promise<void>> {
  const db = await getDb();
  const [share] = await db.select().from(sellerShares);
  const { sellerId, held, accountId: owner } = share!; // the marketplace's merchant
  const lines = [
    { account: "seller_pending" as const, amount: -held, sellerId },
    { account: "seller_payable" as const, amount: held, sellerId },
  ];
  const entryId = await postEntry(db, { accountId: owner, mode: "test", currency: "XAF", kind: "release", lines });
  await db.update(sellerShares).set({ held: 0, owed, releasedAt: new Date(), disbursedAt: new Date() });
  return async () => {
    await db.delete(ledgerEntries).where(eq(ledgerEntries.id, entryId!)); // its postings go with it
    for (const line of lines) {
      await db.update(sellerBalances).set({ balance: sql`${sellerBalances.balance} - ${line.amount}` }).where(and(eq(sellerBalances.sellerId, sellerId), eq(sellerBalances.ledgerAccount, line.account)));
      await db.update(ledgerBalances).set({ balance: sql`${ledgerBalances.balance} - ${line.amount}` }).where(and(eq(ledgerBalances.accountId, owner), eq(ledgerBalances.ledgerAccount, line.account)));
    }
    await db.update(sellerShares).set({ held, owed: 0, releasedAt: null, disbursedAt: null });
  };
}

const available = () => and(eq(ledgerBalances.accountId, accountId), eq(ledgerBalances.ledgerAccount, "merchant_available"));

describe("ledger:check", () => {
  it("agrees with books written by the ledger", async () => {
    expect(await checkLedger()).toEqual([]);
    expect(await command()).toEqual({ status: 0, out: "ledger:check: the books agree\n" });
  });

  it("finds a balance row that is not the sum of its postings, and exits 1", async () => {
    const db = await getDb();
    await db.update(ledgerBalances).set({ balance: sql`${ledgerBalances.balance} + 1` }).where(available());
    const problem = { problem: "balance_mismatch", account_id: accountId, mode: "test", ledger_account: "merchant_available", currency: "XAF", balance: 5001, postings: 5000 };
    expect(await checkLedger()).toEqual([problem]);
    expect(await command()).toEqual({ status: 1, out: `${JSON.stringify(problem)}\nledger:check: 1 difference(s)\n` });
    await (await getDb()).update(ledgerBalances).set({ balance: sql`${ledgerBalances.balance} - 1` }).where(available());
  });

  it.each<[string, () => Promise<() => Promise<void>>, string[]]>([
    [
      "an entry whose postings do not sum to zero",
      async () => {
        const db = await getDb();
        const [posting] = await db.select().from(ledgerPostings).where(eq(ledgerPostings.accountId, accountId)).limit(1);
        await db.insert(ledgerPostings).values({ ...posting!, id: undefined, amount: 7 });
        await db.update(ledgerBalances).set({ balance: sql`${ledgerBalances.balance} + 7` }).where(
          and(eq(ledgerBalances.accountId, accountId), eq(ledgerBalances.ledgerAccount, posting!.ledgerAccount)),
        );
        return async () => {
          await db.delete(ledgerPostings).where(and(eq(ledgerPostings.accountId, accountId), eq(ledgerPostings.amount, 7)));
          await db.update(ledgerBalances).set({ balance: sql`${ledgerBalances.balance} - 7` }).where(
            and(eq(ledgerBalances.accountId, accountId), eq(ledgerBalances.ledgerAccount, posting!.ledgerAccount)),
          );
        };
      },
      ["unbalanced_entry"],
    ],
    [
      "a deposit whose refunded amount no refund explains",
      async () => {
        const db = await getDb();
        await db.update(deposits).set({ refundedAmount: 100 }).where(eq(deposits.accountId, accountId));
        return async () => void (await db.update(deposits).set({ refundedAmount: 0 }).where(eq(deposits.accountId, accountId)));
      },
      ["refunded_amount_mismatch"],
    ],
    [
      "money in flight that no open payout holds",
      async () => {
        const db = await getDb();
        const line = (account: "merchant_available" | "payouts_in_flight", amount: number) => ({ account, amount });
        await postEntry(db, { accountId, mode: "test", currency: "XAF", kind: "release", lines: [line("merchant_available", -10), line("payouts_in_flight", 10)] });
        return async () =>
          void (await postEntry(db, { accountId, mode: "test", currency: "XAF", kind: "release", lines: [line("merchant_available", 10), line("payouts_in_flight", -10)] }));
      },
      ["in_flight_mismatch"],
    ],
    [
      "a seller's balance that is not the sum of its postings",
      async () => {
        const db = await getDb();
        const payable = eq(sellerBalances.ledgerAccount, "seller_pending");
        await db.update(sellerBalances).set({ balance: sql`${sellerBalances.balance} + 3` }).where(payable);
        return async () => void (await db.update(sellerBalances).set({ balance: sql`${sellerBalances.balance} - 3` }).where(payable));
      },
      ["seller_balance_mismatch", "seller_held_mismatch"],
    ],
    [
      "a sale's share whose refunded part no refund explains",
      async () => {
        const db = await getDb();
        await db.update(sellerShares).set({ refunded: 10 });
        return async () => void (await db.update(sellerShares).set({ refunded: 0 }));
      },
      ["share_refunded_mismatch"],
    ],
    [
      // as a payout of 0 netted against a debit_seller refund under way used to leave it, once the refund failed
      "a seller's available money that no share owes",
      () => strandShare(0),
      ["seller_payable_not_owed"],
    ],
    [
      "a share that owes money nothing will pay (paid out, no failed payout to send again)",
      () => strandShare(10000),
      ["share_owed_unpayable"],
    ],
    [
      "a line to a seller account that names no seller",
      async () => {
        const db = await getDb();
        await db.update(ledgerPostings).set({ sellerId: null }).where(eq(ledgerPostings.ledgerAccount, "seller_pending"));
        const [share] = await db.select().from(sellerShares);
        return async () => void (await db.update(ledgerPostings).set({ sellerId: share!.sellerId }).where(eq(ledgerPostings.ledgerAccount, "seller_pending")));
      },
      ["seller_line_without_seller", "seller_balance_mismatch"],
    ],
  ])("finds %s", async (_, tamper, found) => {
    const undo = await tamper();
    expect((await checkLedger()).map((p) => p.problem)).toEqual(found);
    await undo();
    expect(await checkLedger()).toEqual([]);
  });

  it("refuses an unbalanced entry and a debit below zero before writing anything", async () => {
    const db = await getDb();
    await expect(postEntry(db, { accountId, mode: "test", currency: "XAF", kind: "release", lines: [{ account: "merchant_available", amount: 1 }] })).rejects.toThrow(
      "unbalanced release entry",
    );
    await expect(
      postEntry(db, {
        accountId,
        mode: "test",
        currency: "XAF",
        kind: "release",
        lines: [
          { account: "merchant_available", amount: -5001 },
          { account: "payouts_in_flight", amount: 5001 },
        ],
      }),
    ).rejects.toMatchObject({ type: "INSUFFICIENT_BALANCE" });
    expect(await checkLedger()).toEqual([]);
  });
});
