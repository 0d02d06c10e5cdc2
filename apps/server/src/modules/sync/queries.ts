import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/** Reports older than this no longer count: a tablet left in a drawer should not warn for ever. */
export const REPORT_WINDOW_DAYS = 7;

export interface SyncReport {
  providerId: number;
  deviceId: string;
  userId: number;
  siteId: number | null;
  unsyncedEvents: number;
  unsyncedMedia: number;
}

/** One row per device (the latest report wins); a device that changes hands reports as its new user. */
export async function upsertReport(db: Db, r: SyncReport, at: Date): Promise<void> {
  await db.execute(sql`
    insert into device_sync_reports
      (provider_id, device_id, user_id, site_id, unsynced_events, unsynced_media, reported_at)
    values (${r.providerId}, ${r.deviceId}, ${r.userId}, ${r.siteId}, ${r.unsyncedEvents},
            ${r.unsyncedMedia}, ${at.toISOString()})
    on conflict (provider_id, device_id) do update set
      user_id = excluded.user_id, site_id = excluded.site_id,
      unsynced_events = excluded.unsynced_events, unsynced_media = excluded.unsynced_media,
      reported_at = excluded.reported_at`);
}

/**
 * Devices other than `deviceId` at the provider's site with unsynced events, reported within the window.
 * Reads device_sync_reports_site_idx (provider, site, reported_at).
 */
export async function countOtherDevicesUnsynced(
  db: Db,
  providerId: number,
  siteId: number,
  deviceId: string,
  now: Date,
): Promise<number> {
  const since = new Date(now.getTime() - REPORT_WINDOW_DAYS * 86_400_000).toISOString();
  const r = await db.execute<{ n: number }>(sql`
    select count(*)::int as n from device_sync_reports
    where provider_id = ${providerId} and site_id = ${siteId} and reported_at >= ${since}
      and device_id <> ${deviceId} and unsynced_events > 0`);
  return r.rows[0]?.n ?? 0;
}
