// SQL of the emergency contacts list. Every query takes the provider first and reads one site's
// current children through children_site_name_idx (provider_id, site_id, surname, forename); contacts
// by the child_contacts primary key (provider_id, child_id, contact_id); the flags as correlated
// index probes per child (events_child_type_raised_idx, event_subjects_child_idx): no N+1 round trips.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type ListChildRow, listChildColumns } from '../children/index.ts';
import { eventVisibleSql, type Visibility } from '../events/index.ts';

type Runner = Pick<Db, 'execute'>;

/** The site's zone (null when the site is not the provider's). */
export async function emergencySite(db: Runner, providerId: number, siteId: number) {
  const r = await db.execute<{ time_zone: string }>(sql`
    select time_zone from sites where provider_id = ${providerId} and id = ${siteId}`);
  return r.rows[0];
}

export interface EmergencyChildRow extends ListChildRow {
  send: boolean;
  reminders: number;
  accidents: number;
}

/** Statuses of an open reminder: Draft, Pending, Published (not Archived 4 nor Deleted 6). */
const OPEN_REMINDER_STATUSES = sql`(1, 3, 5)`;

/**
 * The site's current children (started by `today`, not left before it), by surname, forename, id,
 * with their counts of open reminders (due from the start of today, or undated) and of today's
 * accidents. `dayStart`/`dayEnd` are the site's midnight instants around today.
 */
export async function emergencyChildren(
  db: Runner,
  providerId: number,
  siteId: number,
  today: string,
  dayStart: Date,
  dayEnd: Date,
  visibility: Visibility,
) {
  const start = dayStart.toISOString();
  const end = dayEnd.toISOString();
  const r = await db.execute<EmergencyChildRow & Record<string, unknown>>(sql`
    with task_types as (
      select id from event_types where provider_id = ${providerId} and tag = 'task'
    ), accident_types as (
      select id from event_types where provider_id = ${providerId} and tag = 'accident'
    )
    select ${listChildColumns}, c.send,
      (select count(*)::int from (
         select e.id from events e
         where e.provider_id = c.provider_id and e.child_id = c.id
           and e.type_id in (select id from task_types) and e.status_id in ${OPEN_REMINDER_STATUSES}
           and (e.due is null or e.due >= ${start}::timestamptz) and ${eventVisibleSql(visibility)}
         union
         select e.id from event_subjects s
         join events e on e.provider_id = s.provider_id and e.id = s.event_id
         where s.provider_id = c.provider_id and s.child_id = c.id
           and e.type_id in (select id from task_types) and e.status_id in ${OPEN_REMINDER_STATUSES}
           and (e.due is null or e.due >= ${start}::timestamptz) and ${eventVisibleSql(visibility)}
       ) open_reminders) as reminders,
      (select count(*)::int from events e
       where e.provider_id = c.provider_id and e.child_id = c.id
         and e.type_id in (select id from accident_types) and e.status_id <> 6
         and e.raised >= ${start}::timestamptz and e.raised < ${end}::timestamptz
         and ${eventVisibleSql(visibility)}) as accidents
    from children c
    where c.provider_id = ${providerId} and c.site_id = ${siteId}
      and c.start_date <= ${today}::date and (c.end_date is null or c.end_date >= ${today}::date)
    order by c.surname, c.forename, c.id`);
  return r.rows;
}

export interface EmergencyContactRow {
  child_id: number;
  contact_id: number;
  forename: string;
  surname: string;
  relationship: string | null;
  telmob: string | null;
  telhome: string | null;
  telwork: string | null;
}

/** The emergency contacts (child_contacts.emergency) of the site's current children, by child and priority. */
export async function emergencyContacts(db: Runner, providerId: number, siteId: number, today: string) {
  const r = await db.execute<EmergencyContactRow & Record<string, unknown>>(sql`
    select cc.child_id, ct.id as contact_id, p.forename, p.surname,
      coalesce(cc.relationship, ct.type) as relationship, p.telmob, p.telhome, p.telwork
    from children c
    join child_contacts cc on cc.provider_id = c.provider_id and cc.child_id = c.id
    join contacts ct on ct.provider_id = cc.provider_id and ct.id = cc.contact_id
    join people p on p.provider_id = ct.provider_id and p.id = ct.person_id
    where c.provider_id = ${providerId} and c.site_id = ${siteId}
      and c.start_date <= ${today}::date and (c.end_date is null or c.end_date >= ${today}::date)
      and cc.emergency
    order by cc.child_id, cc.priority, p.surname, p.forename, ct.id`);
  return r.rows;
}

export interface ExceptionRow {
  child_id: number;
  name: string;
  item: string;
}

/**
 * The children's recorded needs: values of the provider's attributes named for diet, allergies or
 * medical needs, other than 'none' (the label of the list item when there is one).
 */
export async function emergencyExceptions(db: Runner, providerId: number, siteId: number, today: string) {
  const r = await db.execute<ExceptionRow & Record<string, unknown>>(sql`
    select v.child_id, a.name, coalesce(li.item, v.value) as item
    from children c
    join child_attribute_values v on v.provider_id = c.provider_id and v.child_id = c.id
    join attributes a on a.provider_id = v.provider_id and a.id = v.attribute_id
    left join attribute_list_items li
      on li.provider_id = v.provider_id and li.attribute_id = v.attribute_id and li.value = v.value
    where c.provider_id = ${providerId} and c.site_id = ${siteId}
      and c.start_date <= ${today}::date and (c.end_date is null or c.end_date >= ${today}::date)
      and a.name ~* '(diet|allerg|medic)' and lower(v.value) <> 'none' and v.value <> ''
    order by v.child_id, a.name`);
  return r.rows;
}
