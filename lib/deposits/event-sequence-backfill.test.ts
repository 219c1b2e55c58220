import fs from "node:fs";
import { asc, inArray, sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { hashApiKey } from "@/lib/accounts/api-keys";
import { findAuthByKeyHash } from "@/lib/accounts/queries";
import { getDb } from "@/lib/db/client";
import { deposits, outboxEvents, webhookDeliveries } from "@/lib/db/schema";
import { settleDeposit } from "@/lib/payments/settle-deposit";
import { newAccount } from "@/test/support/api";
import { createEndpoint } from "@/lib/webhooks/create-endpoint";
import { dispatchOutbox } from "@/lib/webhooks/dispatch";
import { pendingPayment } from "@/test/support/webhooks";

// The migration that numbers events (0018_event_sequence.sql) numbers those written before it by
// their created_at: here the code writes events, their numbers are wiped as the columns' defaults
// would have them, and the migration's backfill gives back exactly what the code had written.

const migration = fs.readFileSync("lib/db/migrations/0018_event_sequence.sql", "utf8");
const statements = migration.split("--> statement-breakpoint").map((s) => s.trim());
const BACKFILL = statements.filter((s) => s.includes("-- Events written before") || (s.startsWith("UPDATE") && !s.includes("ADD COLUMN")));
const UNIQUE = statements.find((s) => s.startsWith('CREATE UNIQUE INDEX "outbox_events_deposit_sequence_key"'))!;

it("numbers the events written before it as the code numbers them, and each deposit's counter and deliveries with them", { timeout: 120_000 }, async () => {
  const { key } = await newAccount("CMR");
  const auth = (await findAuthByKeyHash(hashApiKey(key)))!;
  await createEndpoint(auth, { url: "http://127.0.0.1:9/hook", event_types: [], description: "", enabled: true });
  const late = await pendingPayment(auth);
  await settleDeposit(late.id, { status: "expired", reason: "expired" });
  await settleDeposit(late.id, { status: "success", providerReference: "SBX-late" });
  const failed = await pendingPayment(auth);
  await settleDeposit(failed.id, { status: "failed", reason: "insufficient_funds" });
  await dispatchOutbox();

  const db = await getDb();
  const ids = [late.id, failed.id];
  const snapshot = async () => ({
    events: await db
      .select({ deposit: outboxEvents.sequenceDepositId, sequence: outboxEvents.sequence, type: outboxEvents.type })
      .from(outboxEvents)
      .where(inArray(outboxEvents.depositId, ids))
      .orderBy(asc(outboxEvents.createdAt)),
    deposits: await db
      .select({ id: deposits.id, count: deposits.eventSequence, last: sql<string>`${deposits.lastEventAt}::text` })
      .from(deposits)
      .where(inArray(deposits.id, ids))
      .orderBy(asc(deposits.createdAt)),
    deliveries: await db
      .select({ deposit: webhookDeliveries.depositId, sequence: webhookDeliveries.sequence, type: webhookDeliveries.eventType })
      .from(webhookDeliveries)
      .where(sql`${webhookDeliveries.accountId} = ${auth.accountId}`)
      .orderBy(asc(webhookDeliveries.eventCreatedAt)),
  });
  const written = await snapshot();
  expect(written.events).toEqual([
    { deposit: late.id, sequence: 1, type: "payment.expired" },
    { deposit: late.id, sequence: 2, type: "payment.succeeded" },
    { deposit: failed.id, sequence: 1, type: "payment.failed" },
  ]);

  // as a database before the migration would have them: no numbers, no counters
  await db.execute(sql`drop index "outbox_events_deposit_sequence_key"`);
  await db.update(outboxEvents).set({ sequenceDepositId: null, sequence: 1 }).where(inArray(outboxEvents.depositId, ids));
  await db.update(deposits).set({ eventSequence: 0, lastEventAt: null }).where(inArray(deposits.id, ids));
  await db.update(webhookDeliveries).set({ depositId: null, sequence: 1 }).where(sql`${webhookDeliveries.accountId} = ${auth.accountId}`);
  expect(BACKFILL).toHaveLength(4);
  for (const statement of BACKFILL) await db.execute(sql.raw(statement));
  await db.execute(sql.raw(UNIQUE));

  expect(await snapshot()).toEqual(written);
});
