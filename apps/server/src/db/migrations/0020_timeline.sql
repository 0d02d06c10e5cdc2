-- Issue 31: the timeline's room filter (GET api/v2/events?roomID=): the children of a room by index.
CREATE INDEX "children_room_idx" ON "children" USING btree ("provider_id","room_id");
