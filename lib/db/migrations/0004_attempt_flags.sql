ALTER TABLE "deposits" ADD COLUMN "abandoned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "duplicate_of" uuid;--> statement-breakpoint
ALTER TABLE "deposits" ADD COLUMN "late_success" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "deposits" ADD CONSTRAINT "deposits_duplicate_of_deposits_id_fk" FOREIGN KEY ("duplicate_of") REFERENCES "public"."deposits"("id") ON DELETE set null ON UPDATE no action;