CREATE TABLE "payout_numbers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"mode" text NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"country" text NOT NULL,
	"operator" text NOT NULL,
	"phone_number" text NOT NULL,
	"created_at" timestamp (6) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payout_numbers" ADD CONSTRAINT "payout_numbers_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payout_numbers_account_number_key" ON "payout_numbers" USING btree ("account_id","mode","operator","phone_number");--> statement-breakpoint
CREATE INDEX "payout_numbers_list_idx" ON "payout_numbers" USING btree ("account_id","mode","created_at");