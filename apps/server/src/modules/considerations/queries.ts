// SQL of GraphQL pendingConsiderations: Pending events (status 3) at the user's sites through
// events_site_status_raised_idx (provider_id, site_id, status_id, raised, id), their consideration by
// considerations_event_key (provider_id, event_id), the child and the staff member by primary key.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

type Runner = Pick<Db, 'execute'>;

export interface PendingConsiderationRow {
  id: number;
  status: string;
  notes: string | null;
  visible_to_parents: boolean;
  staff_id: number | null;
  event_id: number;
  created: Date | string;
  child_id: number;
  child_forename: string;
  child_surname: string;
  child_has_image: boolean;
  staff_forename: string | null;
  staff_surname: string | null;
}

/** Newest first, at most `limit`; Resolved considerations need nobody and are left out. */
export async function pendingConsiderations(
  db: Runner,
  providerId: number,
  siteIds: readonly number[],
  limit: number,
) {
  const r = await db.execute<PendingConsiderationRow & Record<string, unknown>>(sql`
    select co.id, co.status, co.notes, co.visible_to_parents, co.staff_id, co.event_id,
      co.created_at as created, c.id as child_id, c.forename as child_forename,
      c.surname as child_surname, c.has_image as child_has_image,
      sp.forename as staff_forename, sp.surname as staff_surname
    from events e
    join considerations co on co.provider_id = e.provider_id and co.event_id = e.id
    join children c on c.provider_id = co.provider_id and c.id = co.child_id
    left join staff st on st.provider_id = co.provider_id and st.id = co.staff_id
    left join people sp on sp.provider_id = st.provider_id and sp.id = st.person_id
    where e.provider_id = ${providerId} and e.site_id = any(${`{${siteIds.join(',')}}`}::int[])
      and e.status_id = 3 and co.status <> 'Resolved'
    order by co.created_at desc, co.id desc
    limit ${limit}`);
  return r.rows;
}
