CREATE TABLE "ledger_balances" (
	"account_id" uuid NOT NULL,
	"mode" text NOT NULL,
	"ledger_account" text NOT NULL,
	"currency" text NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_balances_account_id_mode_ledger_account_currency_pk" PRIMARY KEY("account_id","mode","ledger_account","currency"),
	CONSTRAINT "ledger_balances_non_negative_check" CHECK ("ledger_balances"."ledger_account" = 'provider_clearing' or "ledger_balances"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"mode" text NOT NULL,
	"kind" text NOT NULL,
	"currency" text NOT NULL,
	"deposit_id" uuid,
	"payout_id" uuid,
	"refund_id" uuid,
	"available_at" timestamp with time zone,
	"created_at" timestamp (6) with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_postings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"mode" text NOT NULL,
	"entry_id" uuid NOT NULL,
	"ledger_account" text NOT NULL,
	"currency" text NOT NULL,
	"amount" bigint NOT NULL,
	"created_at" timestamp (6) with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"mode" text NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"country" text NOT NULL,
	"operator" text NOT NULL,
	"phone_number" text NOT NULL,
	"deposit_id" uuid,
	"marketplace_gateway_id" uuid,
	"retry_of" uuid,
	"provider" text NOT NULL,
	"provider_reference" text,
	"failure_reason" text,
	"sent_at" timestamp with time zone,
	"checked_at" timestamp with time zone,
	"created_at" timestamp (6) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "payouts_amount_check" CHECK ("payouts"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"mode" text NOT NULL,
	"deposit_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"automatic" boolean DEFAULT false NOT NULL,
	"provider" text NOT NULL,
	"provider_reference" text,
	"failure_reason" text,
	"sent_at" timestamp with time zone,
	"checked_at" timestamp with time zone,
	"created_at" timestamp (6) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "refunds_amount_check" CHECK ("refunds"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "outbox_events" ALTER COLUMN "deposit_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "refunded_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_events" ADD COLUMN "payout_id" uuid;--> statement-breakpoint
ALTER TABLE "outbox_events" ADD COLUMN "refund_id" uuid;--> statement-breakpoint
ALTER TABLE "ledger_balances" ADD CONSTRAINT "ledger_balances_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_deposit_id_deposits_id_fk" FOREIGN KEY ("deposit_id") REFERENCES "public"."deposits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_postings" ADD CONSTRAINT "ledger_postings_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_postings" ADD CONSTRAINT "ledger_postings_entry_id_ledger_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."ledger_entries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_deposit_id_deposits_id_fk" FOREIGN KEY ("deposit_id") REFERENCES "public"."deposits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_marketplace_gateway_id_marketplace_gateways_id_fk" FOREIGN KEY ("marketplace_gateway_id") REFERENCES "public"."marketplace_gateways"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_retry_of_payouts_id_fk" FOREIGN KEY ("retry_of") REFERENCES "public"."payouts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_deposit_id_deposits_id_fk" FOREIGN KEY ("deposit_id") REFERENCES "public"."deposits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_deposit_kind_key" ON "ledger_entries" USING btree ("deposit_id","kind") WHERE "ledger_entries"."payout_id" is null and "ledger_entries"."refund_id" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_payout_kind_key" ON "ledger_entries" USING btree ("payout_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_refund_kind_key" ON "ledger_entries" USING btree ("refund_id","kind");--> statement-breakpoint
CREATE INDEX "ledger_entries_release_idx" ON "ledger_entries" USING btree ("available_at") WHERE "ledger_entries"."available_at" is not null;--> statement-breakpoint
CREATE INDEX "ledger_postings_list_idx" ON "ledger_postings" USING btree ("account_id","mode","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "ledger_postings_entry_idx" ON "ledger_postings" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "payouts_list_idx" ON "payouts" USING btree ("account_id","mode","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payouts_open_idx" ON "payouts" USING btree ("created_at") WHERE "payouts"."status" in ('pending', 'processing');--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_one_live_per_sale_key" ON "payouts" USING btree ("deposit_id") WHERE "payouts"."deposit_id" is not null and "payouts"."status" <> 'failed';--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_retry_of_key" ON "payouts" USING btree ("retry_of");--> statement-breakpoint
CREATE INDEX "refunds_list_idx" ON "refunds" USING btree ("account_id","mode","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "refunds_deposit_idx" ON "refunds" USING btree ("deposit_id");--> statement-breakpoint
CREATE INDEX "refunds_open_idx" ON "refunds" USING btree ("created_at") WHERE "refunds"."status" in ('pending', 'processing');--> statement-breakpoint
ALTER TABLE "outbox_events" ADD CONSTRAINT "outbox_events_payout_id_payouts_id_fk" FOREIGN KEY ("payout_id") REFERENCES "public"."payouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox_events" ADD CONSTRAINT "outbox_events_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_events_payout_type_key" ON "outbox_events" USING btree ("payout_id","type");--> statement-breakpoint
CREATE UNIQUE INDEX "outbox_events_refund_type_key" ON "outbox_events" USING btree ("refund_id","type");--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_refunded_amount_check" CHECK ("deposits"."refunded_amount" >= 0 and "deposits"."refunded_amount" <= "deposits"."amount");