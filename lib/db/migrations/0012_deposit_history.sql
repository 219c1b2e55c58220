CREATE TABLE "deposit_status_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"mode" text NOT NULL,
	"deposit_id" uuid NOT NULL,
	"event" text NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"reason" text,
	"backfilled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp (6) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deposit_status_changes" ADD CONSTRAINT "deposit_status_changes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_status_changes" ADD CONSTRAINT "deposit_status_changes_deposit_id_deposits_id_fk" FOREIGN KEY ("deposit_id") REFERENCES "public"."deposits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deposit_status_changes_deposit_idx" ON "deposit_status_changes" USING btree ("deposit_id","created_at","id");--> statement-breakpoint
CREATE INDEX "deposits_account_created_idx" ON "deposits" USING btree ("account_id","mode","created_at","id");--> statement-breakpoint
CREATE INDEX "marketplace_transactions_account_created_idx" ON "marketplace_transactions" USING btree ("account_id","mode","created_at","id");