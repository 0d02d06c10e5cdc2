-- The sync screen's list of other devices with unsynced work (issue 6) needs the new permission
-- viewDeviceSync: roles that manage staff (editStaff) get it, as the demo Manager does.
UPDATE "roles" SET "permissions" = array_append("permissions", 'viewDeviceSync')
WHERE 'editStaff' = ANY("permissions") AND NOT ('viewDeviceSync' = ANY("permissions"));
