CREATE TABLE "payment_page_payments" (
	"deposit_id" uuid PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"mode" text NOT NULL,
	"payment_page_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"additional_info" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp (6) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_page_payments_quantity_check" CHECK ("payment_page_payments"."quantity" >= 1)
);
--> statement-breakpoint
CREATE TABLE "payment_pages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"mode" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"currency" text NOT NULL,
	"country" text NOT NULL,
	"amount_type" text NOT NULL,
	"amount" integer,
	"min_amount" integer,
	"max_amount" integer,
	"max_quantity" integer DEFAULT 1 NOT NULL,
	"stock" integer,
	"max_payments" integer,
	"units_taken" integer DEFAULT 0 NOT NULL,
	"payments_taken" integer DEFAULT 0 NOT NULL,
	"ends_at" timestamp with time zone,
	"closed_message" text DEFAULT '' NOT NULL,
	"form_blocks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"success_url" text DEFAULT '' NOT NULL,
	"closed_at" timestamp with time zone,
	"created_at" timestamp (6) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_pages_taken_check" CHECK ("payment_pages"."units_taken" >= 0 and "payment_pages"."payments_taken" >= 0)
);
--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "payment_page_id" uuid;--> statement-breakpoint
ALTER TABLE "payment_page_payments" ADD CONSTRAINT "payment_page_payments_deposit_id_deposits_id_fk" FOREIGN KEY ("deposit_id") REFERENCES "public"."deposits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_page_payments" ADD CONSTRAINT "payment_page_payments_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_page_payments" ADD CONSTRAINT "payment_page_payments_payment_page_id_payment_pages_id_fk" FOREIGN KEY ("payment_page_id") REFERENCES "public"."payment_pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_pages" ADD CONSTRAINT "payment_pages_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_page_payments_page_idx" ON "payment_page_payments" USING btree ("payment_page_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "payment_pages_list_idx" ON "payment_pages" USING btree ("account_id","mode","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_payment_page_id_payment_pages_id_fk" FOREIGN KEY ("payment_page_id") REFERENCES "public"."payment_pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deposits_payment_page_idx" ON "deposits" USING btree ("payment_page_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
-- A payment page's counters follow its payments' statuses in the status change's own transaction,
-- whichever path changes it (callback, reconciler, sweeper): a payment that fails or expires gives
-- its units and its place back; a late success (expired -> success) takes them again, past the
-- stock if it must (the money came: the provider is the truth).
CREATE FUNCTION "payment_page_release"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  units integer;
  sign integer;
BEGIN
  IF OLD.status = 'pending' AND NEW.status IN ('failed', 'expired') THEN
    sign := -1;
  ELSIF OLD.status IN ('failed', 'expired') AND NEW.status = 'success' THEN
    sign := 1;
  ELSE
    RETURN NULL;
  END IF;
  SELECT quantity INTO units FROM payment_page_payments WHERE deposit_id = NEW.id;
  IF units IS NULL THEN
    RETURN NULL;
  END IF;
  UPDATE payment_pages
    SET units_taken = units_taken + sign * units, payments_taken = payments_taken + sign
    WHERE id = NEW.payment_page_id;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "payment_page_release" AFTER UPDATE OF "status" ON "deposits"
  FOR EACH ROW WHEN (NEW.payment_page_id IS NOT NULL AND OLD.status IS DISTINCT FROM NEW.status)
  EXECUTE FUNCTION "payment_page_release"();
