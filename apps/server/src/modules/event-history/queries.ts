import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

export interface HistoryRow {
  id: string | number;
  at: string | Date;
  action: 'create' | 'update' | 'transition';
  from_status_id: number | null;
  to_status_id: number;
  details: unknown;
  person_id: number | null;
  forename: string | null;
  surname: string | null;
  staff_id: number | null;
}

/** The event's history rows, newest first, with the person who made each (and their staff id). */
export async function historyRows(db: Db, providerId: number, eventId: number): Promise<HistoryRow[]> {
  const r = await db.execute<HistoryRow & Record<string, unknown>>(sql`
    select h.id, h.at, h.action, h.from_status_id, h.to_status_id, h.details, h.person_id,
      p.forename, p.surname, st.id as staff_id
    from event_history h
    left join people p on p.provider_id = h.provider_id and p.id = h.person_id
    left join staff st on st.provider_id = h.provider_id and st.person_id = h.person_id
    where h.provider_id = ${providerId} and h.event_id = ${eventId}
    order by h.at desc, h.id desc`);
  return r.rows;
}
