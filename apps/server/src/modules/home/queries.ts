import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/**
 * Children due in: booked at the site on the date, not marked off, and not yet checked in to any
 * of that day's sessions. Reads bookings_site_date_idx.
 */
export async function countDueIn(db: Db, providerId: number, siteId: number, date: string): Promise<number> {
  const r = await db.execute<{ n: number }>(sql`
    select count(distinct b.child_id)::int as n
    from bookings b
    where b.provider_id = ${providerId} and b.site_id = ${siteId} and b.date = ${date}
      and not b.deleted and b.marked_off_category_id is null and b.actual_start is null
      and not exists (
        select 1 from bookings c
        where c.provider_id = b.provider_id and c.site_id = b.site_id and c.date = b.date
          and c.child_id = b.child_id and not c.deleted and c.actual_start is not null)`);
  return r.rows[0]?.n ?? 0;
}
