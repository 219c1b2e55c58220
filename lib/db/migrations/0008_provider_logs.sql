CREATE TABLE "provider_logs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" text NOT NULL,
	"deposit_id" uuid,
	"account_id" uuid,
	"mode" text,
	"kind" text NOT NULL,
	"operation" text NOT NULL,
	"http_status" integer,
	"outcome" text NOT NULL,
	"alert" boolean DEFAULT false NOT NULL,
	"request" jsonb,
	"response" jsonb,
	"latency_ms" integer,
	"created_at" timestamp (6) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "provider_logs" ADD CONSTRAINT "provider_logs_deposit_id_deposits_id_fk" FOREIGN KEY ("deposit_id") REFERENCES "public"."deposits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_logs" ADD CONSTRAINT "provider_logs_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "provider_logs_deposit_idx" ON "provider_logs" USING btree ("deposit_id","created_at");--> statement-breakpoint
CREATE INDEX "provider_logs_provider_idx" ON "provider_logs" USING btree ("provider","kind","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "provider_logs_alert_idx" ON "provider_logs" USING btree ("account_id","mode","created_at" DESC NULLS LAST) WHERE "provider_logs"."alert";