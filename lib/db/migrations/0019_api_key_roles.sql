-- API keys get a role and the member who made it (lib/accounts/roles.ts `keyRoles`). The keys made
-- before roles existed keep what they could do (admin) and are the account's first owner's.
ALTER TABLE "api_keys" ADD COLUMN "role" text;--> statement-breakpoint
ALTER TABLE "api_keys" ADD COLUMN "created_by" uuid;--> statement-breakpoint
UPDATE "api_keys" SET "role" = 'admin', "created_by" = (
  SELECT "m"."user_id" FROM "memberships" "m"
  WHERE "m"."account_id" = "api_keys"."account_id" AND "m"."role" = 'owner'
  ORDER BY "m"."created_at", "m"."id" LIMIT 1
);--> statement-breakpoint
ALTER TABLE "api_keys" ALTER COLUMN "role" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "api_keys" ALTER COLUMN "created_by" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_keys_created_by_idx" ON "api_keys" USING btree ("account_id","created_by");--> statement-breakpoint
CREATE INDEX "invitations_invited_by_idx" ON "invitations" USING btree ("account_id","invited_by") WHERE "invitations"."accepted_at" is null and "invitations"."revoked_at" is null;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_role_check" CHECK ("api_keys"."role" in ('admin', 'developer', 'viewer'));--> statement-breakpoint
-- An open invitation is only as good as its sender: those of members already removed, or whose
-- role is now below the invitation's, stop working (as a removal or demotion does from now on).
UPDATE "invitations" SET "revoked_at" = now()
WHERE "accepted_at" IS NULL AND "revoked_at" IS NULL AND NOT EXISTS (
  SELECT 1 FROM "memberships" "m"
  WHERE "m"."account_id" = "invitations"."account_id" AND "m"."user_id" = "invitations"."invited_by"
    AND array_position(ARRAY['viewer', 'developer', 'admin', 'owner'], "m"."role")
      >= array_position(ARRAY['viewer', 'developer', 'admin', 'owner'], "invitations"."role")
);
