import { asc, inArray, isNull, sql } from "drizzle-orm";
import type { Tx } from "./client";
import { outboxEvents } from "./schema";

// The outbox has one reader per consumer (webhook dispatch, mail fan-out), each with its own mark
// column. A reader claims events FOR UPDATE SKIP LOCKED and marks them in the same transaction as it
// writes what they cause, so every event is handled once per consumer however many workers run.

export type OutboxMark = "dispatchedAt" | "notifiedAt";

export type OutboxEvent = Pick<typeof outboxEvents.$inferSelect, "id" | "accountId" | "mode" | "type" | "depositId" | "sequenceDepositId" | "sequence" | "data" | "createdAt">;

/** Up to `limit` events this consumer has not handled yet, oldest first, locked for this transaction. */
export function claimOutboxEvents(tx: Tx, mark: OutboxMark, limit: number): Promise<OutboxEvent[]> {
  return tx
    .select({
      id: outboxEvents.id,
      accountId: outboxEvents.accountId,
      mode: outboxEvents.mode,
      type: outboxEvents.type,
      depositId: outboxEvents.depositId,
      sequenceDepositId: outboxEvents.sequenceDepositId,
      sequence: outboxEvents.sequence,
      data: outboxEvents.data,
      createdAt: outboxEvents.createdAt,
    })
    .from(outboxEvents)
    .where(isNull(outboxEvents[mark]))
    .orderBy(asc(outboxEvents.createdAt), asc(outboxEvents.id))
    .limit(limit)
    .for("update", { skipLocked: true });
}

/** Marks claimed events as handled by this consumer. */
export async function markOutboxEvents(tx: Tx, mark: OutboxMark, events: { id: string }[]): Promise<void> {
  await tx
    .update(outboxEvents)
    .set({ [mark]: sql`now()` })
    .where(inArray(outboxEvents.id, events.map((e) => e.id)));
}
