-- Issue 30: the e-mailed password reset link. Its code is stored only as its SHA-256 (reset_code), with
-- the instant it stops working (reset_expires_at: 1 hour); using it clears both (single use).
ALTER TABLE "user_accounts" ADD COLUMN "reset_code" text;--> statement-breakpoint
ALTER TABLE "user_accounts" ADD COLUMN "reset_expires_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "user_accounts_reset_key" ON "user_accounts" USING btree ("reset_code");