import { eq, sql } from "drizzle-orm";
import type { Db, Tx } from "@/lib/db/client";
import { deposits, outboxEvents } from "@/lib/db/schema";

// Events in a total order per deposit: every event about a deposit (its status changes,
// and the refunds and seller payouts of that payment) takes the deposit's next number and a
// `created_at` later than the previous event's, by one update of the deposit's row in the
// transaction that writes the event. The row lock serialises two writers (a late provider success
// and the expiry sweeper), so the numbers follow the commit order and no two events share one; the
// unique index (sequence_deposit_id, sequence) holds the rule even if this code is wrong. A
// rolled-back transaction gives its number back with everything else: no gap, no duplicate.

type EventValues = Omit<typeof outboxEvents.$inferInsert, "sequence" | "sequenceDepositId" | "createdAt">;
/** The number and time an event about `depositId` gets, claimed on the deposit's row in this transaction. */
export type EventSequenceSlot = { depositId: string; sequence: number };

/**
 * Claims the deposit's next number (and the time of its event) under the deposit's row lock. Money
 * out claims it right after its own conditional update, before the sale's share: the deposit, then
 * the share, as a refund's creation locks them.
 */
export async function claimEventSequence(tx: Db | Tx, depositId: string): Promise<EventSequenceSlot> {
  // clock_timestamp() is read once the row lock is held, so after the previous event's commit; the
  // microsecond keeps the order strict even if the clock stood still or stepped back
  const [next] = await tx
    .update(deposits)
    .set({
      eventSequence: sql`${deposits.eventSequence} + 1`,
      lastEventAt: sql`greatest(clock_timestamp(), ${deposits.lastEventAt} + interval '1 microsecond')`,
    })
    .where(eq(deposits.id, depositId))
    .returning({ sequence: deposits.eventSequence });
  if (!next) throw new Error(`claimEventSequence: no deposit ${depositId}`);
  return { depositId, sequence: next.sequence };
}

/** The stable id of the event announcing an outbox row (its webhook deliveries carry it): `evt_` and the row's id in hex. */
export function eventIdOf(outboxId: string): string {
  return `evt_${outboxId.replaceAll("-", "")}`;
}

/**
 * Writes an outbox event with the number and time in `slot` (claimed in this transaction). Without one (a withdrawal, whose
 * one event is all there is) it is number 1 at the statement's time.
 */
export async function insertEvent(tx: Db | Tx, values: EventValues, slot: EventSequenceSlot | null): Promise<void> {
  if (!slot) {
    await tx.insert(outboxEvents).values({ ...values, sequence: 1, createdAt: sql`clock_timestamp()` });
    return;
  }
  await tx.insert(outboxEvents).values({ ...values, sequenceDepositId: slot.depositId, sequence: slot.sequence, createdAt: eventSequenceTime(slot) });
}

/**
 * The time of the event in `slot`, as the deposit's row holds it, to the microsecond (a JavaScript
 * Date would cut it to the millisecond): the event and the history row of the change it announces
 * share it.
 */
export function eventSequenceTime(slot: EventSequenceSlot) {
  return sql`(select ${deposits.lastEventAt} from ${deposits} where ${deposits.id} = ${slot.depositId})`;
}
