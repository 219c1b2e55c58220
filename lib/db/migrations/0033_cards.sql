CREATE TABLE "card_payers" (
	"deposit_id" uuid PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"mode" text NOT NULL,
	"name" text NOT NULL,
	"surname" text NOT NULL,
	"email" text NOT NULL,
	"address" text NOT NULL,
	"city" text NOT NULL,
	"country" text NOT NULL,
	"state" text NOT NULL,
	"zip_code" text NOT NULL,
	"price" integer NOT NULL,
	"surcharge" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (6) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "card_payers_surcharge_check" CHECK ("card_payers"."surcharge" >= 0 and "card_payers"."price" > 0)
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "cards_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "card_fee_rule" text DEFAULT 'merchant' NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "card_surcharge_bps" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "card_payers" ADD CONSTRAINT "card_payers_deposit_id_deposits_id_fk" FOREIGN KEY ("deposit_id") REFERENCES "public"."deposits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "card_payers" ADD CONSTRAINT "card_payers_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_card_surcharge_check" CHECK ("accounts"."card_surcharge_bps" >= 0 and "accounts"."card_surcharge_bps" <= 1000);