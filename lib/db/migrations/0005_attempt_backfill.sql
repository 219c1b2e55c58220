-- Before the one-attempt and paid-once indexes (0006): rows written while those rules were only
-- checked by the application may break them. Keep the oldest as it is and flag the others, as the
-- application does from now on: extra pending attempts count as given up (they stay pending until
-- their provider answers or they expire), extra successes on one payment link are duplicates.
UPDATE "deposits" d SET "abandoned_at" = now()
WHERE d."status" = 'pending' AND d."abandoned_at" IS NULL AND d."payment_gateway_id" IS NOT NULL
  AND EXISTS (SELECT 1 FROM "deposits" o WHERE o."payment_gateway_id" = d."payment_gateway_id"
    AND o."status" = 'pending' AND (o."created_at", o."id") < (d."created_at", d."id"));--> statement-breakpoint
UPDATE "deposits" d SET "abandoned_at" = now()
WHERE d."status" = 'pending' AND d."abandoned_at" IS NULL AND d."marketplace_gateway_id" IS NOT NULL
  AND EXISTS (SELECT 1 FROM "deposits" o WHERE o."marketplace_gateway_id" = d."marketplace_gateway_id"
    AND o."phone_number" = d."phone_number" AND o."status" = 'pending' AND (o."created_at", o."id") < (d."created_at", d."id"));--> statement-breakpoint
UPDATE "deposits" d SET "duplicate_of" = (
    SELECT k."id" FROM "deposits" k WHERE k."payment_gateway_id" = d."payment_gateway_id" AND k."status" = 'success'
    ORDER BY coalesce(k."completed_at", k."created_at"), k."created_at", k."id" LIMIT 1)
WHERE d."status" = 'success' AND d."payment_gateway_id" IS NOT NULL
  AND EXISTS (SELECT 1 FROM "deposits" o WHERE o."payment_gateway_id" = d."payment_gateway_id" AND o."status" = 'success'
    AND (coalesce(o."completed_at", o."created_at"), o."created_at", o."id") < (coalesce(d."completed_at", d."created_at"), d."created_at", d."id"));
