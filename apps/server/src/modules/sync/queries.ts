import type { OtherDevice } from '@nursery/domain/offline';
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

/**
 * The other devices behind countOtherDevicesUnsynced, with whose work they hold (the latest report's
 * user), most recent report first. Same index; at most `limit` rows.
 */
export async function listOtherDevicesUnsynced(
  db: Db,
  providerId: number,
  siteId: number,
  deviceId: string,
  now: Date,
  limit: number,
): Promise<OtherDevice[]> {
  const since = new Date(now.getTime() - REPORT_WINDOW_DAYS * 86_400_000).toISOString();
  const r = await db.execute<{
    device_id: string;
    user_id: number;
    forename: string | null;
    surname: string | null;
    unsynced_events: number;
    unsynced_media: number;
    reported_at: string | Date;
  }>(sql`
    select d.device_id, d.user_id, p.forename, p.surname, d.unsynced_events, d.unsynced_media,
           d.reported_at
    from device_sync_reports d
    left join user_accounts u on u.provider_id = d.provider_id and u.id = d.user_id
    left join people p on p.provider_id = u.provider_id and p.id = u.person_id
    where d.provider_id = ${providerId} and d.site_id = ${siteId} and d.reported_at >= ${since}
      and d.device_id <> ${deviceId} and d.unsynced_events > 0
    order by d.reported_at desc, d.device_id
    limit ${limit}`);
  return r.rows.map((row) => ({
    deviceID: row.device_id,
    userID: row.user_id,
    staffName: [row.forename, row.surname].filter(Boolean).join(' '),
    unsyncedEvents: row.unsynced_events,
    unsyncedMedia: row.unsynced_media,
    reportedAt: new Date(row.reported_at).toISOString(),
  }));
}
