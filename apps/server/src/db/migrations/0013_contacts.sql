-- Issue 29: contacts in settings (db/schema/core.ts contacts): the collection password a collector gives
-- at the door (as typed, 1..50 characters; read only through its own audited call) and archiving.
ALTER TABLE "contacts" ADD COLUMN "collection_password" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_collection_password_len" CHECK (char_length("contacts"."collection_password") between 1 and 50);