CREATE TABLE "account_phones" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"phone_number" text NOT NULL,
	"country" text NOT NULL,
	"code_hash" text,
	"code_sent_at" timestamp with time zone,
	"code_attempts" integer DEFAULT 0 NOT NULL,
	"verified_at" timestamp with time zone,
	"alerts" boolean DEFAULT true NOT NULL,
	"created_at" timestamp (6) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"mode" text NOT NULL,
	"payment_gateway_id" uuid NOT NULL,
	"code" text NOT NULL,
	"channel" text NOT NULL,
	"stall_id" uuid,
	"phone_number" text NOT NULL,
	"country" text NOT NULL,
	"operator" text NOT NULL,
	"delivery" text NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"created_by_user_id" uuid,
	"created_by_key_id" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp (6) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stalls" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"mode" text NOT NULL,
	"code" text NOT NULL,
	"user_id" uuid,
	"name" text DEFAULT '' NOT NULL,
	"currency" text NOT NULL,
	"min_amount" integer NOT NULL,
	"max_amount" integer NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp (6) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stalls_bounds_check" CHECK ("stalls"."min_amount" > 0 and "stalls"."max_amount" >= "stalls"."min_amount")
);
--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "receipt_code" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "deposit_id" uuid;--> statement-breakpoint
ALTER TABLE "account_phones" ADD CONSTRAINT "account_phones_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_requests" ADD CONSTRAINT "payment_requests_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_requests" ADD CONSTRAINT "payment_requests_payment_gateway_id_payment_gateways_id_fk" FOREIGN KEY ("payment_gateway_id") REFERENCES "public"."payment_gateways"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_requests" ADD CONSTRAINT "payment_requests_stall_id_stalls_id_fk" FOREIGN KEY ("stall_id") REFERENCES "public"."stalls"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_requests" ADD CONSTRAINT "payment_requests_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_requests" ADD CONSTRAINT "payment_requests_created_by_key_id_api_keys_id_fk" FOREIGN KEY ("created_by_key_id") REFERENCES "public"."api_keys"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stalls" ADD CONSTRAINT "stalls_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stalls" ADD CONSTRAINT "stalls_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "account_phones_account_phone_key" ON "account_phones" USING btree ("account_id","phone_number");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_requests_gateway_key" ON "payment_requests" USING btree ("payment_gateway_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_requests_code_key" ON "payment_requests" USING btree ("code");--> statement-breakpoint
CREATE INDEX "payment_requests_list_idx" ON "payment_requests" USING btree ("account_id","mode","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payment_requests_collector_idx" ON "payment_requests" USING btree ("account_id","mode","created_by_user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "stalls_code_key" ON "stalls" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "stalls_one_per_collector_key" ON "stalls" USING btree ("account_id","mode",coalesce("user_id", '00000000-0000-0000-0000-000000000000'::uuid)) WHERE "stalls"."archived_at" is null;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_deposit_id_deposits_id_fk" FOREIGN KEY ("deposit_id") REFERENCES "public"."deposits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "deposits_receipt_code_key" ON "deposits" USING btree ("receipt_code");--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_deposit_key" ON "notifications" USING btree ("deposit_id","kind","recipient");