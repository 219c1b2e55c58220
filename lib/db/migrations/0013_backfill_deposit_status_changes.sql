-- The history of deposits made before deposit_status_changes existed, inferred from what was kept:
-- each deposit was made (created_at) pending; a give-up is its abandoned_at; each status change
-- wrote one outbox event in the same transaction, so the events give the changes and their times
-- (a success after an expiry event was a late success: expired → success). A deposit in a final
-- status without any event (inserted so directly) gets one change at its completed_at.
INSERT INTO "deposit_status_changes" ("account_id", "mode", "deposit_id", "event", "from_status", "to_status", "reason", "backfilled", "created_at")
SELECT d."account_id", d."mode", d."id", 'created', NULL, 'pending', NULL, true, d."created_at" FROM "deposits" d;
--> statement-breakpoint
INSERT INTO "deposit_status_changes" ("account_id", "mode", "deposit_id", "event", "from_status", "to_status", "reason", "backfilled", "created_at")
SELECT d."account_id", d."mode", d."id", 'given_up', 'pending', 'pending', NULL, true, d."abandoned_at"
FROM "deposits" d WHERE d."abandoned_at" IS NOT NULL;
--> statement-breakpoint
INSERT INTO "deposit_status_changes" ("account_id", "mode", "deposit_id", "event", "from_status", "to_status", "reason", "backfilled", "created_at")
SELECT e."account_id", e."mode", e."deposit_id", 'status_changed',
  CASE WHEN s."to_status" = 'success' AND EXISTS (
    SELECT 1 FROM "outbox_events" x WHERE x."deposit_id" = e."deposit_id" AND x."type" LIKE '%.expired' AND x."created_at" <= e."created_at"
  ) THEN 'expired' ELSE 'pending' END,
  s."to_status",
  CASE WHEN s."to_status" = 'success' THEN NULL ELSE e."data"->>'failure_reason' END,
  true, e."created_at"
FROM "outbox_events" e
CROSS JOIN LATERAL (
  SELECT CASE WHEN e."type" LIKE '%.succeeded' THEN 'success' WHEN e."type" LIKE '%.failed' THEN 'failed' ELSE 'expired' END AS "to_status"
) s;
--> statement-breakpoint
INSERT INTO "deposit_status_changes" ("account_id", "mode", "deposit_id", "event", "from_status", "to_status", "reason", "backfilled", "created_at")
SELECT d."account_id", d."mode", d."id", 'status_changed', 'pending', d."status", d."failure_reason", true, coalesce(d."completed_at", d."updated_at")
FROM "deposits" d
WHERE d."status" <> 'pending' AND NOT EXISTS (SELECT 1 FROM "outbox_events" e WHERE e."deposit_id" = d."id");
