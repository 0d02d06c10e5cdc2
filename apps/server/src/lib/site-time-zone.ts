import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

/** The site's IANA time zone (Europe/London for every UK site), or undefined for an unknown site. */
export async function siteTimeZone(db: Db, providerId: number, siteId: number): Promise<string | undefined> {
  const r = await db.execute<{ time_zone: string }>(
    sql`select time_zone from sites where provider_id = ${providerId} and id = ${siteId}`,
  );
  return r.rows[0]?.time_zone;
}
