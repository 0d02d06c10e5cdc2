-- Issue 29: the settings hub's Sites page (db/schema/core.ts): a site's address, phone, opening days
-- and hours, and archive; a room's capacity, age range (months) and archive. Existing rooms keep nulls.
ALTER TABLE "rooms" ADD COLUMN "capacity" smallint;--> statement-breakpoint
ALTER TABLE "rooms" ADD COLUMN "age_from_months" smallint;--> statement-breakpoint
ALTER TABLE "rooms" ADD COLUMN "age_to_months" smallint;--> statement-breakpoint
ALTER TABLE "rooms" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "address_lines" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "postcode" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "phone" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "opening_days" smallint[] DEFAULT '{1,2,3,4,5}'::smallint[] NOT NULL;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "opens_at" time DEFAULT '08:00' NOT NULL;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "closes_at" time DEFAULT '18:00' NOT NULL;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "sites_name_idx" ON "sites" USING btree ("provider_id","name","id");--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_capacity" CHECK ("rooms"."capacity" between 1 and 200);--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_ages" CHECK ("rooms"."age_from_months" < "rooms"."age_to_months");--> statement-breakpoint
ALTER TABLE "sites" ADD CONSTRAINT "sites_hours" CHECK ("sites"."opens_at" < "sites"."closes_at");