CREATE INDEX "email_tokens_expires_idx" ON "email_tokens" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "invitations_unaccepted_expires_idx" ON "invitations" USING btree ("expires_at") WHERE "invitations"."accepted_at" is null;--> statement-breakpoint
CREATE INDEX "provider_logs_created_idx" ON "provider_logs" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "sessions_expires_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "webhook_attempts_created_idx" ON "webhook_attempts" USING btree ("created_at");