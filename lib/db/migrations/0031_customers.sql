CREATE TABLE "customers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"mode" text NOT NULL,
	"phone_number" text,
	"country" text,
	"name" text,
	"email" text,
	"created_by" text NOT NULL,
	"merged_into" uuid,
	"merged_at" timestamp with time zone,
	"erased_at" timestamp with time zone,
	"created_at" timestamp (6) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customers_erased_check" CHECK ("customers"."erased_at" is null or ("customers"."phone_number" is null and "customers"."name" is null and "customers"."email" is null)),
	CONSTRAINT "customers_phone_check" CHECK ("customers"."erased_at" is not null or "customers"."phone_number" is not null)
);
--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "customer_id" uuid;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_merged_into_customers_id_fk" FOREIGN KEY ("merged_into") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customers_account_phone_key" ON "customers" USING btree ("account_id","mode","phone_number") WHERE "customers"."erased_at" is null;--> statement-breakpoint
CREATE INDEX "customers_list_idx" ON "customers" USING btree ("account_id","mode","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deposits_customer_idx" ON "deposits" USING btree ("customer_id","completed_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "deposits"."customer_id" is not null;--> statement-breakpoint
-- The book for payments made before it, as the code files them (lib/customers/book-customer.ts):
-- one customer per number (digits only, as E.164 keeps them) per account and mode among successful
-- payments, dated by its first payment; each success booked to it; then the name and e-mail of its
-- first marketplace purchase that gave them (the code keeps the first given). Set-based: each
-- statement reads the successes once, whatever their number.
INSERT INTO "customers" ("account_id", "mode", "phone_number", "country", "created_by", "created_at", "updated_at")
SELECT d."account_id", d."mode", regexp_replace(d."phone_number", '\D', '', 'g'),
  (array_agg(d."country" ORDER BY d."completed_at" DESC NULLS LAST))[1],
  'payment', min(coalesce(d."completed_at", d."created_at")), now()
FROM "deposits" d
WHERE d."status" = 'success' AND regexp_replace(d."phone_number", '\D', '', 'g') <> ''
GROUP BY d."account_id", d."mode", regexp_replace(d."phone_number", '\D', '', 'g');
--> statement-breakpoint
UPDATE "deposits" d SET "customer_id" = c."id"
FROM "customers" c
WHERE d."status" = 'success' AND c."account_id" = d."account_id" AND c."mode" = d."mode"
  AND c."phone_number" = regexp_replace(d."phone_number", '\D', '', 'g') AND c."erased_at" IS NULL;
--> statement-breakpoint
UPDATE "customers" c SET "name" = x."name"
FROM (
  SELECT DISTINCT ON (d."customer_id") d."customer_id", t."buyer_full_name" AS "name"
  FROM "deposits" d JOIN "marketplace_transactions" t ON t."deposit_id" = d."id"
  WHERE d."customer_id" IS NOT NULL AND t."buyer_full_name" <> ''
  ORDER BY d."customer_id", d."completed_at" ASC NULLS LAST, d."id"
) x
WHERE c."id" = x."customer_id";
--> statement-breakpoint
UPDATE "customers" c SET "email" = x."email"
FROM (
  SELECT DISTINCT ON (d."customer_id") d."customer_id", t."buyer_email" AS "email"
  FROM "deposits" d JOIN "marketplace_transactions" t ON t."deposit_id" = d."id"
  WHERE d."customer_id" IS NOT NULL AND t."buyer_email" <> ''
  ORDER BY d."customer_id", d."completed_at" ASC NULLS LAST, d."id"
) x
WHERE c."id" = x."customer_id";
