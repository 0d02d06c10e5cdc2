-- Issue 29: staff administration. An invitation's queued time and its activation code's expiry on the
-- login (the code itself is stored as its SHA-256, in activation_code); the provider's outbox view's index.
ALTER TABLE "user_accounts" ADD COLUMN "invited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "user_accounts" ADD COLUMN "activation_expires_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "email_outbox_provider_created_idx" ON "email_outbox" USING btree ("provider_id","created","id");