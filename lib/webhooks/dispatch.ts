import { and, eq, inArray } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { claimOutboxEvents, markOutboxEvents } from "@/lib/db/outbox";
import { webhookDeliveries, webhookEndpoints } from "@/lib/db/schema";
import { eventPayload } from "./events";
import { eventIdOf } from "@/lib/deposits/event-sequence";

/**
 * Fans the outbox out: each event not yet dispatched becomes one delivery per enabled endpoint of
 * its account and mode that subscribes to its type and existed when it happened. Events are
 * claimed with FOR UPDATE SKIP LOCKED and marked in the same transaction as their deliveries are
 * written, so every event is dispatched exactly once however many workers run.
 */
export async function dispatchOutbox(limit = 500): Promise<{ events: number; deliveries: number }> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const events = await claimOutboxEvents(tx, "dispatchedAt", limit);
    if (events.length === 0) return { events: 0, deliveries: 0 };

    const accountIds = [...new Set(events.map((e) => e.accountId))];
    const endpoints = await tx
      .select({
        id: webhookEndpoints.id,
        accountId: webhookEndpoints.accountId,
        mode: webhookEndpoints.mode,
        eventTypes: webhookEndpoints.eventTypes,
        createdAt: webhookEndpoints.createdAt,
      })
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.enabled, true), inArray(webhookEndpoints.accountId, accountIds)));

    const rows: (typeof webhookDeliveries.$inferInsert)[] = [];
    for (const event of events) {
      const targets = endpoints.filter(
        (e) =>
          e.accountId === event.accountId &&
          e.mode === event.mode &&
          e.createdAt <= event.createdAt &&
          (e.eventTypes.length === 0 || e.eventTypes.includes(event.type)),
      );
      if (targets.length === 0) continue;
      const eventId = eventIdOf(event.id);
      const payload = eventPayload({ id: eventId, type: event.type, createdAt: event.createdAt, sequence: event.sequence, data: event.data });
      for (const endpoint of targets) {
        rows.push({
          accountId: event.accountId,
          mode: event.mode,
          endpointId: endpoint.id,
          eventId,
          eventType: event.type,
          eventCreatedAt: event.createdAt,
          depositId: event.sequenceDepositId,
          sequence: event.sequence,
          payload,
        });
      }
    }
    for (let i = 0; i < rows.length; i += 1000) {
      await tx.insert(webhookDeliveries).values(rows.slice(i, i + 1000)).onConflictDoNothing();
    }
    await markOutboxEvents(tx, "dispatchedAt", events);
    return { events: events.length, deliveries: rows.length };
  });
}
