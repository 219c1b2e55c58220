import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb, inTransaction } from "./client";
import { accounts } from "./schema";

// inTransaction(): one transaction that code calling getDb() joins without being handed it.

const business = (name: string) => ({
  email: `${name}-${Math.random().toString(36).slice(2)}@example.com`,
  businessName: name,
  country: "CMR",
  currency: "XAF",
});

/** Code that knows nothing of transactions: it asks getDb() for the database. */
async function addAccount(name: string): Promise<void> {
  const db = await getDb();
  await db.insert(accounts).values(business(name));
}

async function accountsNamed(name: string): Promise<number> {
  const db = await getDb();
  const [row] = await db.select({ n: count() }).from(accounts).where(eq(accounts.businessName, name));
  return row!.n;
}

describe("inTransaction", () => {
  it("commits what getDb() callers wrote inside it, together", async () => {
    const result = await inTransaction(async () => {
      await addAccount("together");
      await addAccount("together");
      return "done";
    });
    expect([result, await accountsNamed("together")]).toEqual(["done", 2]);
  });

  it("rolls back everything written inside it when the work throws", async () => {
    const failure = inTransaction(async () => {
      await addAccount("rolled-back");
      expect(await accountsNamed("rolled-back")).toBe(1); // seen inside
      throw new Error("boom");
    });
    await expect(failure).rejects.toThrow("boom");
    expect(await accountsNamed("rolled-back")).toBe(0);
  });

  it("makes a .transaction() inside it a savepoint: a failed inner part is undone alone", async () => {
    await inTransaction(async () => {
      await addAccount("outer");
      const inner = (await getDb()).transaction(async (tx) => {
        await tx.insert(accounts).values(business("inner"));
        throw new Error("inner failed");
      });
      await expect(inner).rejects.toThrow("inner failed");
      await addAccount("outer");
    });
    expect([await accountsNamed("outer"), await accountsNamed("inner")]).toEqual([2, 0]);
  });

  it("hands work that outlives it (a timer started inside) the database, not the ended transaction", async () => {
    let later!: Promise<number>;
    await inTransaction(async () => {
      later = new Promise((resolve, reject) =>
        setTimeout(() => addAccount("after").then(() => accountsNamed("after")).then(resolve, reject), 0),
      );
    });
    expect(await later).toBe(1);
    expect(await accountsNamed("after")).toBe(1);
  });
});
