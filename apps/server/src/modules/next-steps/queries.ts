import { EventStatus } from '@nursery/domain';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { eventVisibleSql, type Visibility } from '../events/index.ts';

export interface OutstandingRow {
  id: number;
  notes: string | null;
  created_at: Date | string;
  event_id: number;
  raised: Date | string;
  child_id: number;
  forename: string;
  surname: string;
  author_id: number;
  author_forename: string;
  author_surname: string;
  links: string[] | null;
}

/**
 * The children's next steps not completed, on events not deleted that the user may see (THE visibility
 * rule), newest first (at most 500).
 */
export async function outstandingRows(db: Db, providerId: number, childIds: number[], v: Visibility) {
  const r = await db.execute<OutstandingRow & Record<string, unknown>>(sql`
    select s.id, s.notes, s.created_at, s.event_id::int as event_id, e.raised, s.child_id, c.forename, c.surname,
           a.id as author_id, a.forename as author_forename, a.surname as author_surname,
           array(select l.item_id from next_step_links l
                 where l.provider_id = s.provider_id and l.next_step_id = s.id order by l.item_id) as links
    from next_steps s
    join events e on e.provider_id = s.provider_id and e.id = s.event_id
    join children c on c.provider_id = s.provider_id and c.id = s.child_id
    join people a on a.provider_id = s.provider_id and a.id = s.author_person_id
    where s.provider_id = ${providerId} and s.child_id = any(${sql.param(childIds)}::int[])
      and not s.completed and e.status_id <> ${EventStatus.Deleted} and ${eventVisibleSql(v)}
    order by s.created_at desc, s.id desc
    limit 500`);
  return r.rows;
}

export interface CountRow {
  child_id: number;
  item_id: string;
  completed: boolean;
  n: number;
}

/** Next steps per child, linked framework item and completion, on visible events not deleted. */
export async function countRows(db: Db, providerId: number, childIds: number[], v: Visibility) {
  const r = await db.execute<CountRow & Record<string, unknown>>(sql`
    select s.child_id, l.item_id, s.completed, count(*)::int as n
    from next_steps s
    join next_step_links l on l.provider_id = s.provider_id and l.next_step_id = s.id
    join events e on e.provider_id = s.provider_id and e.id = s.event_id
    where s.provider_id = ${providerId} and s.child_id = any(${sql.param(childIds)}::int[])
      and e.status_id <> ${EventStatus.Deleted} and ${eventVisibleSql(v)}
    group by s.child_id, l.item_id, s.completed
    order by s.child_id, l.item_id, s.completed`);
  return r.rows;
}
