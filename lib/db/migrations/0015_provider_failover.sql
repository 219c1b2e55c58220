CREATE TABLE "deposit_provider_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"mode" text NOT NULL,
	"deposit_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"position" integer NOT NULL,
	"request_id" text NOT NULL,
	"outcome" text DEFAULT 'sending' NOT NULL,
	"reason" text,
	"created_at" timestamp (6) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "provider_breakers" (
	"provider" text PRIMARY KEY NOT NULL,
	"consecutive_failures" integer DEFAULT 0 NOT NULL,
	"opened_at" timestamp with time zone,
	"probe_at" timestamp with time zone,
	"last_failure_at" timestamp with time zone,
	"last_success_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "deposit_provider_attempts" ADD CONSTRAINT "deposit_provider_attempts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_provider_attempts" ADD CONSTRAINT "deposit_provider_attempts_deposit_id_deposits_id_fk" FOREIGN KEY ("deposit_id") REFERENCES "public"."deposits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_provider_attempts_deposit_provider_key" ON "deposit_provider_attempts" USING btree ("deposit_id","provider");--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_provider_attempts_request_key" ON "deposit_provider_attempts" USING btree ("provider","request_id");--> statement-breakpoint
-- Deposits made before failover existed were offered to one provider each: their one attempt, under
-- the id that provider knows them by (pawaPay: the deposit's id; CinetPay and the sandbox: its track_id).
INSERT INTO "deposit_provider_attempts" ("account_id", "mode", "deposit_id", "provider", "position", "request_id", "outcome", "created_at", "updated_at")
SELECT "account_id", "mode", "id", "provider", 1,
  CASE WHEN "provider" = 'pawapay' THEN "id"::text ELSE "track_id" END,
  CASE WHEN "provider_reference" IS NOT NULL THEN 'accepted'
       WHEN "status" = 'failed' THEN 'rejected'
       ELSE 'unknown' END,
  "created_at", "created_at"
FROM "deposits"
ON CONFLICT DO NOTHING;
