ALTER TABLE "deposits" ADD COLUMN "event_sequence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "last_event_at" timestamp (6) with time zone;--> statement-breakpoint
ALTER TABLE "outbox_events" ADD COLUMN "sequence_deposit_id" uuid;--> statement-breakpoint
ALTER TABLE "outbox_events" ADD COLUMN "sequence" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD COLUMN "deposit_id" uuid;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD COLUMN "sequence" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
-- Events written before this migration take their numbers in the order of their created_at
-- (the best the rows know); each deposit's counter starts after its last event.
UPDATE "outbox_events" o SET "sequence_deposit_id" = coalesce(o."deposit_id", (SELECT r."deposit_id" FROM "refunds" r WHERE r."id" = o."refund_id"), (SELECT p."deposit_id" FROM "payouts" p WHERE p."id" = o."payout_id"));--> statement-breakpoint
UPDATE "outbox_events" o SET "sequence" = n."sequence" FROM (SELECT "id", row_number() OVER (PARTITION BY "sequence_deposit_id" ORDER BY "created_at", "id") AS "sequence" FROM "outbox_events" WHERE "sequence_deposit_id" IS NOT NULL) n WHERE o."id" = n."id";--> statement-breakpoint
UPDATE "deposits" d SET "event_sequence" = e."count", "last_event_at" = e."last" FROM (SELECT "sequence_deposit_id", count(*)::integer AS "count", max("created_at") AS "last" FROM "outbox_events" WHERE "sequence_deposit_id" IS NOT NULL GROUP BY "sequence_deposit_id") e WHERE d."id" = e."sequence_deposit_id";--> statement-breakpoint
UPDATE "webhook_deliveries" w SET "deposit_id" = o."sequence_deposit_id", "sequence" = o."sequence" FROM "outbox_events" o WHERE w."event_id" = 'evt_' || replace(o."id"::text, '-', '');--> statement-breakpoint
ALTER TABLE "outbox_events" ADD CONSTRAINT "outbox_events_sequence_deposit_id_deposits_id_fk" FOREIGN KEY ("sequence_deposit_id") REFERENCES "public"."deposits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_events_deposit_sequence_key" ON "outbox_events" USING btree ("sequence_deposit_id","sequence");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_pending_sequence_idx" ON "webhook_deliveries" USING btree ("endpoint_id","deposit_id","sequence") WHERE "webhook_deliveries"."status" = 'pending' and "webhook_deliveries"."deposit_id" is not null;