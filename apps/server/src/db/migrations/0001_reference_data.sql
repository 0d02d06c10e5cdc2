-- Global reference data and rules drizzle-kit cannot express.

-- Event statuses: fixed ids of spec 000 §3 (Draft=1, Pending=3, Archived=4, Published=5, Deleted=6),
-- the same for every provider (mirrors EVENT_STATUSES of @nursery/domain).
INSERT INTO "event_statuses" ("id", "value", "incomplete", "awaiting_approval", "deleted", "published") VALUES
  (1, 'Draft', true, false, false, false),
  (3, 'Pending', true, true, false, false),
  (4, 'Archived', false, false, false, false),
  (5, 'Published', false, false, false, true),
  (6, 'Deleted', false, false, true, false);
--> statement-breakpoint

-- No overlapping shifts of one staff member on one date. An exclusion constraint would need the
-- btree_gist extension (not loaded in PGlite), so a trigger raises the same SQLSTATE (23P01).
CREATE FUNCTION "shifts_no_overlap"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM "shifts" s
    WHERE s."provider_id" = NEW."provider_id"
      AND s."staff_id" = NEW."staff_id"
      AND s."date" = NEW."date"
      AND s."id" <> NEW."id"
      AND s."time_from" < NEW."time_to"
      AND NEW."time_from" < s."time_to"
  ) THEN
    RAISE EXCEPTION 'shift overlaps another shift of staff % on %', NEW."staff_id", NEW."date"
      USING ERRCODE = '23P01', CONSTRAINT = 'shifts_no_overlap';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "shifts_no_overlap"
  BEFORE INSERT OR UPDATE OF "provider_id", "staff_id", "date", "time_from", "time_to" ON "shifts"
  FOR EACH ROW EXECUTE FUNCTION "shifts_no_overlap"();
