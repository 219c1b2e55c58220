CREATE TABLE "seller_balances" (
	"seller_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"mode" text NOT NULL,
	"ledger_account" text NOT NULL,
	"currency" text NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seller_balances_seller_id_ledger_account_pk" PRIMARY KEY("seller_id","ledger_account"),
	CONSTRAINT "seller_balances_non_negative_check" CHECK ("seller_balances"."ledger_account" = 'seller_payable' or "seller_balances"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "seller_shares" (
	"deposit_id" uuid PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"mode" text NOT NULL,
	"seller_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"amount" integer NOT NULL,
	"fee" integer NOT NULL,
	"release_at" timestamp with time zone NOT NULL,
	"released_at" timestamp with time zone,
	"held" integer NOT NULL,
	"owed" integer DEFAULT 0 NOT NULL,
	"refunded" integer DEFAULT 0 NOT NULL,
	"disbursed_at" timestamp with time zone,
	"created_at" timestamp (6) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seller_shares_amounts_check" CHECK ("seller_shares"."held" >= 0 and "seller_shares"."owed" >= 0 and "seller_shares"."refunded" >= 0 and "seller_shares"."refunded" <= "seller_shares"."amount" and "seller_shares"."held" + "seller_shares"."owed" <= "seller_shares"."amount")
);
--> statement-breakpoint
CREATE TABLE "sellers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"mode" text NOT NULL,
	"marketplace_id" uuid NOT NULL,
	"phone_number" text NOT NULL,
	"country" text NOT NULL,
	"currency" text NOT NULL,
	"name" text NOT NULL,
	"held_at" timestamp with time zone,
	"hold_reason" text DEFAULT '' NOT NULL,
	"created_at" timestamp (6) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ledger_balances" DROP CONSTRAINT "ledger_balances_non_negative_check";--> statement-breakpoint
ALTER TABLE "ledger_postings" ADD COLUMN "seller_id" uuid;--> statement-breakpoint
ALTER TABLE "marketplace_transactions" ADD COLUMN "seller_id" uuid;--> statement-breakpoint
ALTER TABLE "marketplaces" ADD COLUMN "seller_payout_delay_days" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "seller_id" uuid;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "seller_id" uuid;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "seller_share" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "share_part" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "seller_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "seller_balances" ADD CONSTRAINT "seller_balances_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_balances" ADD CONSTRAINT "seller_balances_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_shares" ADD CONSTRAINT "seller_shares_deposit_id_deposits_id_fk" FOREIGN KEY ("deposit_id") REFERENCES "public"."deposits"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_shares" ADD CONSTRAINT "seller_shares_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_shares" ADD CONSTRAINT "seller_shares_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sellers" ADD CONSTRAINT "sellers_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sellers" ADD CONSTRAINT "sellers_marketplace_id_marketplaces_id_fk" FOREIGN KEY ("marketplace_id") REFERENCES "public"."marketplaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "seller_shares_seller_idx" ON "seller_shares" USING btree ("seller_id","created_at" DESC NULLS LAST,"deposit_id");--> statement-breakpoint
CREATE INDEX "seller_shares_due_idx" ON "seller_shares" USING btree ("release_at") WHERE "seller_shares"."released_at" is null;--> statement-breakpoint
CREATE INDEX "seller_shares_payable_idx" ON "seller_shares" USING btree ("created_at") WHERE "seller_shares"."released_at" is not null and "seller_shares"."disbursed_at" is null and "seller_shares"."owed" > 0;--> statement-breakpoint
CREATE UNIQUE INDEX "sellers_marketplace_phone_key" ON "sellers" USING btree ("marketplace_id","phone_number");--> statement-breakpoint
CREATE INDEX "sellers_list_idx" ON "sellers" USING btree ("account_id","mode","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "ledger_postings" ADD CONSTRAINT "ledger_postings_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "marketplace_transactions" ADD CONSTRAINT "marketplace_transactions_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_seller_id_sellers_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."sellers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_postings_seller_idx" ON "ledger_postings" USING btree ("seller_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "ledger_postings"."seller_id" is not null;--> statement-breakpoint
CREATE INDEX "payouts_seller_idx" ON "payouts" USING btree ("seller_id","created_at" DESC NULLS LAST) WHERE "payouts"."seller_id" is not null;--> statement-breakpoint
CREATE INDEX "refunds_seller_idx" ON "refunds" USING btree ("seller_id","created_at" DESC NULLS LAST) WHERE "refunds"."seller_id" is not null;--> statement-breakpoint
ALTER TABLE "ledger_balances" ADD CONSTRAINT "ledger_balances_non_negative_check" CHECK ("ledger_balances"."ledger_account" in ('provider_clearing', 'seller_payable') or "ledger_balances"."balance" >= 0);--> statement-breakpoint
ALTER TABLE "marketplaces" ADD CONSTRAINT "marketplaces_seller_payout_delay_days_check" CHECK ("marketplaces"."seller_payout_delay_days" between 0 and 30);--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_split_check" CHECK ("refunds"."seller_amount" >= 0 and "refunds"."seller_amount" <= "refunds"."share_part" and "refunds"."share_part" <= "refunds"."amount");--> statement-breakpoint
-- Backfill (issue 19): the sellers of the sales made before sellers existed, keyed by their link's
-- payout phone; each sale, payout and ledger line of seller money names its seller; each sale gets
-- its share (released: there was no hold), and the seller balances are the sums of their postings.
INSERT INTO "sellers" ("account_id", "mode", "marketplace_id", "phone_number", "country", "currency", "name", "created_at")
SELECT DISTINCT ON (g."marketplace_id", g."phone_number") g."account_id", g."mode", g."marketplace_id", g."phone_number", g."country", g."currency", g."shop_name", g."created_at"
FROM "marketplace_gateways" g
WHERE EXISTS (SELECT 1 FROM "marketplace_transactions" t WHERE t."marketplace_gateway_id" = g."id")
ORDER BY g."marketplace_id", g."phone_number", g."created_at" DESC
ON CONFLICT DO NOTHING;--> statement-breakpoint
UPDATE "marketplace_transactions" t SET "seller_id" = s."id"
FROM "marketplace_gateways" g, "sellers" s
WHERE g."id" = t."marketplace_gateway_id" AND s."marketplace_id" = g."marketplace_id" AND s."phone_number" = g."phone_number" AND t."seller_id" IS NULL;--> statement-breakpoint
UPDATE "payouts" p SET "seller_id" = t."seller_id"
FROM "marketplace_transactions" t
WHERE p."kind" = 'seller' AND t."deposit_id" = p."deposit_id" AND p."seller_id" IS NULL;--> statement-breakpoint
INSERT INTO "seller_shares" ("deposit_id", "account_id", "mode", "seller_id", "currency", "amount", "fee", "release_at", "released_at", "held", "owed", "disbursed_at", "created_at")
SELECT d."id", d."account_id", d."mode", t."seller_id", d."currency", sp."amount", d."amount" - sp."amount", e."created_at", e."created_at", 0,
  coalesce((SELECT sum(f."amount") FROM "payouts" f WHERE f."deposit_id" = d."id" AND f."status" = 'failed'
            AND NOT EXISTS (SELECT 1 FROM "payouts" r WHERE r."retry_of" = f."id")), 0),
  (SELECT min(o."created_at") FROM "payouts" o WHERE o."deposit_id" = d."id"),
  e."created_at"
FROM "ledger_entries" e
JOIN "ledger_postings" sp ON sp."entry_id" = e."id" AND sp."ledger_account" = 'seller_payable'
JOIN "deposits" d ON d."id" = e."deposit_id"
JOIN "marketplace_transactions" t ON t."deposit_id" = d."id"
WHERE e."kind" = 'marketplace_sale';--> statement-breakpoint
-- refunds before issue 19 were all the merchant's; the seller's part is recorded (rounded down, so
-- the parts never exceed the share) for later refunds' proportions
UPDATE "refunds" r SET "seller_id" = h."seller_id", "seller_share" = 'merchant', "share_part" = (r."amount"::bigint * h."amount" / (h."amount" + h."fee"))::integer
FROM "seller_shares" h
WHERE h."deposit_id" = r."deposit_id" AND NOT r."automatic";--> statement-breakpoint
UPDATE "seller_shares" h SET "refunded" = coalesce((SELECT sum(r."share_part") FROM "refunds" r WHERE r."deposit_id" = h."deposit_id" AND r."status" <> 'failed'), 0);--> statement-breakpoint
UPDATE "ledger_postings" p SET "seller_id" = t."seller_id"
FROM "ledger_entries" e, "marketplace_transactions" t
WHERE p."entry_id" = e."id" AND e."kind" = 'marketplace_sale' AND t."deposit_id" = e."deposit_id" AND p."ledger_account" = 'seller_payable';--> statement-breakpoint
UPDATE "ledger_postings" p SET "seller_id" = o."seller_id"
FROM "ledger_entries" e, "payouts" o
WHERE p."entry_id" = e."id" AND e."payout_id" = o."id" AND o."kind" = 'seller' AND p."ledger_account" IN ('seller_payable', 'payouts_in_flight');--> statement-breakpoint
INSERT INTO "seller_balances" ("seller_id", "account_id", "mode", "ledger_account", "currency", "balance")
SELECT p."seller_id", p."account_id", p."mode", p."ledger_account", p."currency", sum(p."amount")
FROM "ledger_postings" p WHERE p."seller_id" IS NOT NULL
GROUP BY p."seller_id", p."account_id", p."mode", p."ledger_account", p."currency";
