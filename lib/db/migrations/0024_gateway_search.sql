-- Hand-written: the trigram operator classes the indexes below use (pg_trgm: trusted, in PostgreSQL's
-- contrib and in PGlite's, which lib/db/client.ts loads).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "payment_gateways_shop_name_trgm_idx" ON "payment_gateways" USING gin ("shop_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "payment_gateways_order_id_trgm_idx" ON "payment_gateways" USING gin ("order_id" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "payment_gateways_message_trgm_idx" ON "payment_gateways" USING gin ("message" gin_trgm_ops);