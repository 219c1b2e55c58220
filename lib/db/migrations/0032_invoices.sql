CREATE TABLE "invoice_reminders" (
	"invoice_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"mode" text NOT NULL,
	"step" integer NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"messages" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "invoice_reminders_invoice_id_step_pk" PRIMARY KEY("invoice_id","step")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"mode" text NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"customer_name" text NOT NULL,
	"customer_phone" text DEFAULT '' NOT NULL,
	"customer_email" text DEFAULT '' NOT NULL,
	"language" text DEFAULT 'fr' NOT NULL,
	"currency" text NOT NULL,
	"country" text NOT NULL,
	"lines" jsonb NOT NULL,
	"total" integer NOT NULL,
	"memo" text DEFAULT '' NOT NULL,
	"due_date" date NOT NULL,
	"allow_partial" boolean DEFAULT false NOT NULL,
	"min_part_amount" integer,
	"reminder_days" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"amount_reserved" integer DEFAULT 0 NOT NULL,
	"amount_paid" integer DEFAULT 0 NOT NULL,
	"paid_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp (6) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_amounts_check" CHECK ("invoices"."amount_reserved" >= 0 and "invoices"."amount_paid" >= 0 and "invoices"."total" > 0)
);
--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "invoice_id" uuid;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "invoice_id" uuid;--> statement-breakpoint
ALTER TABLE "invoice_reminders" ADD CONSTRAINT "invoice_reminders_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_reminders" ADD CONSTRAINT "invoice_reminders_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoices_list_idx" ON "invoices" USING btree ("account_id","mode","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "invoices_open_idx" ON "invoices" USING btree ("due_date") WHERE "invoices"."paid_at" is null and "invoices"."cancelled_at" is null;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deposits_invoice_idx" ON "deposits" USING btree ("invoice_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
-- An invoice's amounts follow its payments' statuses in the status change's own transaction,
-- whichever path changes it (callback, reconciler, sweeper): a payment that succeeds is paid; one
-- that fails or expires gives its reservation back; a late success (expired -> success) takes its
-- reservation again and is paid, past the total if it must (the money came: the provider is the truth).
CREATE FUNCTION "invoice_payment_settled"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.status = 'pending' AND NEW.status = 'success' THEN
    UPDATE invoices SET amount_paid = amount_paid + NEW.amount,
      paid_at = CASE WHEN paid_at IS NULL AND amount_paid + NEW.amount >= total THEN now() ELSE paid_at END
      WHERE id = NEW.invoice_id;
  ELSIF OLD.status = 'pending' AND NEW.status IN ('failed', 'expired') THEN
    UPDATE invoices SET amount_reserved = amount_reserved - NEW.amount WHERE id = NEW.invoice_id;
  ELSIF OLD.status IN ('failed', 'expired') AND NEW.status = 'success' THEN
    UPDATE invoices SET amount_reserved = amount_reserved + NEW.amount, amount_paid = amount_paid + NEW.amount,
      paid_at = CASE WHEN paid_at IS NULL AND amount_paid + NEW.amount >= total THEN now() ELSE paid_at END
      WHERE id = NEW.invoice_id;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "invoice_payment_settled" AFTER UPDATE OF "status" ON "deposits"
  FOR EACH ROW WHEN (NEW.invoice_id IS NOT NULL AND OLD.status IS DISTINCT FROM NEW.status)
  EXECUTE FUNCTION "invoice_payment_settled"();
--> statement-breakpoint
-- No reminder after payment or cancellation: the reminders written but not yet claimed by the
-- notifier are withdrawn in the transaction that pays or cancels the invoice (one claimed already
-- may be on its way: the notifier sends at most once, and never after its claim is undone).
CREATE FUNCTION "invoice_reminders_withdrawn"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE notifications SET status = 'failed', error = 'withdrawn: the invoice is paid or cancelled'
    WHERE invoice_id = NEW.id AND status = 'pending';
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "invoice_reminders_withdrawn" AFTER UPDATE OF "paid_at", "cancelled_at" ON "invoices"
  FOR EACH ROW WHEN ((OLD.paid_at IS NULL AND NEW.paid_at IS NOT NULL) OR (OLD.cancelled_at IS NULL AND NEW.cancelled_at IS NOT NULL))
  EXECUTE FUNCTION "invoice_reminders_withdrawn"();
