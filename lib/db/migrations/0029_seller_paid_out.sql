-- A seller's paid-out total, kept by the transaction that settles each of its payouts
-- (lib/money-out/settle.ts) instead of summed over its payouts at every read. Counted here from the
-- payouts that succeeded so far; payouts are locked against change (SHARE) until the migration's
-- transaction commits, so none settles between the count and the code that keeps it.
ALTER TABLE "sellers" ADD COLUMN "paid_out" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
LOCK TABLE "payouts" IN SHARE MODE;--> statement-breakpoint
UPDATE "sellers" s SET "paid_out" = t."total"
FROM (SELECT "seller_id", sum("amount") AS "total" FROM "payouts" WHERE "seller_id" IS NOT NULL AND "status" = 'success' GROUP BY "seller_id") t
WHERE t."seller_id" = s."id";--> statement-breakpoint
ALTER TABLE "sellers" ADD CONSTRAINT "sellers_paid_out_check" CHECK ("sellers"."paid_out" >= 0);--> statement-breakpoint
-- the index that summed it at every read
DROP INDEX "payouts_seller_paid_idx";
