-- Issue 32: @fastify/rate-limit's per-address counters on PostgreSQL (lib/rate-limit-store.ts): one row per
-- route and address with the hits of the window ending at window_ends, so several instances share each limit.
CREATE TABLE "rate_limit_hits" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"window_ends" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rate_limit_hits_window_idx" ON "rate_limit_hits" USING btree ("window_ends");