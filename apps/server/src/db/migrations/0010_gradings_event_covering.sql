-- Issue 17 (bench "big picture"): the Big Picture's summary reads the age range and value of every
-- grading of each event it counts, by (provider, event, child, item). With both in the index the read
-- is an index-only scan (no heap page per grading). drizzle-orm's index builder has no INCLUDE, so the
-- schema (db/schema/spotlight.ts) still declares the plain unique index; the key is unchanged, so
-- uniqueness and ON CONFLICT inference are as before.
DROP INDEX IF EXISTS "gradings_event_item_key";--> statement-breakpoint
CREATE UNIQUE INDEX "gradings_event_item_key" ON "gradings" USING btree ("provider_id","event_id","child_id","item_id") INCLUDE ("age_range_id","value");
