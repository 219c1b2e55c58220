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
-- The book for payments made before it: one customer per number (digits only, as E.164 keeps them)
-- per account and mode among successful payments, dated by its first payment, named by its latest
-- marketplace purchase that gave a name; then each success is booked to its customer.
INSERT INTO "customers" ("account_id", "mode", "phone_number", "country", "name", "email", "created_by", "created_at", "updated_at")
SELECT DISTINCT ON (d."account_id", d."mode", regexp_replace(d."phone_number", '\D', '', 'g'))
  d."account_id", d."mode", regexp_replace(d."phone_number", '\D', '', 'g'), d."country",
  (SELECT nullif(t."buyer_full_name", '') FROM "marketplace_transactions" t JOIN "deposits" s ON s."id" = t."deposit_id"
    WHERE s."account_id" = d."account_id" AND s."mode" = d."mode" AND s."status" = 'success' AND t."buyer_full_name" <> ''
      AND regexp_replace(s."phone_number", '\D', '', 'g') = regexp_replace(d."phone_number", '\D', '', 'g')
    ORDER BY s."completed_at" DESC NULLS LAST LIMIT 1),
  (SELECT nullif(t."buyer_email", '') FROM "marketplace_transactions" t JOIN "deposits" s ON s."id" = t."deposit_id"
    WHERE s."account_id" = d."account_id" AND s."mode" = d."mode" AND s."status" = 'success' AND t."buyer_email" <> ''
      AND regexp_replace(s."phone_number", '\D', '', 'g') = regexp_replace(d."phone_number", '\D', '', 'g')
    ORDER BY s."completed_at" DESC NULLS LAST LIMIT 1),
  'payment',
  min(coalesce(d."completed_at", d."created_at")) OVER (PARTITION BY d."account_id", d."mode", regexp_replace(d."phone_number", '\D', '', 'g')),
  now()
FROM "deposits" d
WHERE d."status" = 'success' AND regexp_replace(d."phone_number", '\D', '', 'g') <> ''
ORDER BY d."account_id", d."mode", regexp_replace(d."phone_number", '\D', '', 'g'), d."completed_at" DESC NULLS LAST;
--> statement-breakpoint
UPDATE "deposits" d SET "customer_id" = c."id"
FROM "customers" c
WHERE d."status" = 'success' AND c."account_id" = d."account_id" AND c."mode" = d."mode"
  AND c."phone_number" = regexp_replace(d."phone_number", '\D', '', 'g') AND c."erased_at" IS NULL;
