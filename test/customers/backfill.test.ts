import fs from "node:fs";
import { asc, sql } from "drizzle-orm";
import { afterEach, beforeEach, expect, it } from "vitest";
import * as customerRoute from "@/app/v1/customers/[customer_id]/route";
import { getDb } from "@/lib/db/client";
import { customers, deposits } from "@/lib/db/schema";
import { settleDeposit } from "@/lib/payments/settle-deposit";
import { setSandboxTransport } from "@/lib/providers/sandbox";
import { call, newAuth } from "@/test/support/api";
import { buy, marketplaceLink } from "@/test/support/money-out";
import { pendingPayments } from "@/test/support/customers";

// The book for payments made before it (0031_customers.sql): here the code books payments (payment
// links, a marketplace buyer who gave a name and e-mail, a failure), the book is wiped as a database
// before the migration would have it, and the migration's backfill makes the same book again.

const migration = fs.readFileSync("lib/db/migrations/0031_customers.sql", "utf8");
const BACKFILL = migration
  .split("--> statement-breakpoint")
  .map((s) => s.trim())
  .filter((s) => s.includes('INSERT INTO "customers"') || s.startsWith('UPDATE "deposits" d SET "customer_id"') || s.startsWith('UPDATE "customers" c SET'));

beforeEach(() => setSandboxTransport(async () => {}));
afterEach(() => setSandboxTransport(undefined));

it("makes the book the code makes: one customer per number, named by its first marketplace purchase, each success booked", { timeout: 60_000 }, async () => {
  expect(BACKFILL).toHaveLength(4);
  const auth = await newAuth("CMR");
  const settle = (id: string) => settleDeposit(id, { status: "success", providerReference: `SBX-${id}` });
  for (const d of await pendingPayments(auth, "237670000801", [1000, 2000])) await settle(d.id);
  const [failed] = await pendingPayments(auth, "237670000802", [500]);
  await settleDeposit(failed!.id, { status: "failed", reason: "refused_by_payer" });
  const m = await marketplaceLink();
  const sold = await buy(m.link.id, "6 70 00 08 03");
  await settle(sold.id);
  const again = await buy(m.link.id, "+237670000803"); // the same buyer, the same name: the first given is kept
  await settle(again.id);
  const other = await newAuth("CMR"); // another account: the same number is another customer there
  for (const d of await pendingPayments(other, "237670000801", [700])) await settle(d.id);

  const db = await getDb();
  const snapshot = async () => ({
    book: await db
      .select({ account: customers.accountId, phone: customers.phoneNumber, name: customers.name, email: customers.email, by: customers.createdBy })
      .from(customers)
      .orderBy(asc(customers.accountId), asc(customers.phoneNumber)),
    booked: await db
      .select({ id: deposits.id, phone: sql<string | null>`(select ${customers.phoneNumber} from ${customers} where ${customers.id} = ${deposits.customerId})` })
      .from(deposits)
      .orderBy(asc(deposits.id)),
  });
  const written = await snapshot();
  expect(written.book.filter((c) => c.account === auth.accountId || c.account === m.accountId || c.account === other.accountId)).toEqual(
    [
      { account: auth.accountId, phone: "237670000801", name: null, email: null, by: "payment" },
      { account: m.accountId, phone: "237670000803", name: "Awa Diop", email: "awa@example.com", by: "payment" },
      { account: other.accountId, phone: "237670000801", name: null, email: null, by: "payment" },
    ].sort((a, b) => a.account.localeCompare(b.account) || a.phone.localeCompare(b.phone)),
  );
  expect(written.booked.find((d) => d.id === failed!.id)!.phone).toBeNull();
  const bookedId = (await db.select({ id: customers.id }).from(customers).where(sql`${customers.phoneNumber} = '237670000803'`))[0]!.id;
  const page = await call(customerRoute.GET, "GET", `/v1/customers/${bookedId}`, { key: m.key });
  expect((page.body as { payments_count: number; amount_paid: number; name: string }).name).toBe("Awa Diop");

  await db.update(deposits).set({ customerId: null });
  await db.delete(customers);
  for (const statement of BACKFILL) await db.execute(sql.raw(statement));
  expect(await snapshot()).toEqual(written);
});
