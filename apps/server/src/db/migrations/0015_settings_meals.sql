-- Issue 29: the Meals settings page (db/schema/meals.ts): a meal type can be archived (hidden from the
-- floor and, by default, from the settings list; restorable), and the list's order is index-backed.
ALTER TABLE "meal_types" ADD COLUMN "archived" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "meal_types_order_idx" ON "meal_types" USING btree ("provider_id","sort_order","id");