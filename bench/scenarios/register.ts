// Issue 14's register figures: a site day of exactly 120 children and 200 sessions, made at set-up
// on a site of its own ('Bench register', today in its zone) and removed afterwards, so the generated
// dataset stays as it is. 'register' reads it (GET sites/:siteID/registers, p95 ≤ 50 ms on
// PostgreSQL); 'check in 40' checks 40 of its children in (60 booking rows) and undoes it,
// alternately, one PUT bookings each (server time ≤ 150 ms).
import { addDays, todayInZone } from '@nursery/domain/common';
import { HOME_DAYS_AHEAD } from '@nursery/domain/home';
import type { Database } from '../../apps/server/src/db/client.ts';
import { bookingsInRangeSql } from '../../apps/server/src/modules/home/queries.ts';
import { lockBookingsSql, registerRowsSql } from '../../apps/server/src/modules/registers/queries.ts';
import { type SqlText, toSqlText } from '../explain.ts';

export const REGISTER_SITE_NAME = 'Bench register';
export const REGISTER_CHILDREN = 120;
/** 80 children with a morning and an afternoon, 40 with a full day: 200 sessions. */
const TWO_SESSION_CHILDREN = 80;
/** Issue 14 names PostgreSQL's limit; PGlite's is the drafts screen's. */
export const REGISTER_P95_LIMIT_MS = { pglite: 100, postgres: 50 };
export const CHECK_IN_LIMIT_MS = { pglite: 150, postgres: 150 };
/** Issue 15 names PostgreSQL's limit; PGlite's is the drafts screen's. */
export const HOME_OVERVIEW_P95_LIMIT_MS = { pglite: 100, postgres: 60 };

export interface RegisterContext {
  siteId: number;
  date: string;
  children: number;
  sessions: number;
  /** The 60 bookings of the 40 children the check-in scenario checks in and undoes. */
  checkIn: { childID: number; comboID: number; time: string }[];
}

/** Removes the register site and everything made for it (also what an interrupted run left). */
export async function cleanUpRegister(database: Database, providerId: number): Promise<number> {
  const sites = await database.query<{ id: number }>(
    'select id from sites where provider_id = $1 and name = $2',
    [providerId, REGISTER_SITE_NAME],
  );
  for (const { id } of sites) {
    const p = [providerId, id];
    await database.query('delete from bookings where provider_id = $1 and site_id = $2', p);
    // The home overview's reminders (their subjects and history cascade).
    await database.query('delete from events where provider_id = $1 and site_id = $2', p);
    await database.query(
      `delete from child_contacts where provider_id = $1
         and child_id in (select id from children where provider_id = $1 and site_id = $2)`,
      p,
    );
    await database.query('delete from children where provider_id = $1 and site_id = $2', p);
    await database.query('delete from session_combos where provider_id = $1 and site_id = $2', p);
    await database.query('delete from staff_sites where provider_id = $1 and site_id = $2', p);
    await database.query('delete from sites where provider_id = $1 and id = $2', p);
  }
  return sites.length;
}

type Booking = {
  child: number;
  combo: number;
  start: string;
  end: string;
  actualStart: string | null;
  actualEnd: string | null;
  off: boolean;
};

/**
 * The site, its three combos, 120 children (names, birth dates, photos and contacts copied from the
 * provider's first children), 200 bookings today: 20 two-session and 20 full-day children due (the
 * check-in set), the others a mix of due, checked in, checked out and marked off. The bench manager
 * works there.
 */
export async function setUpRegister(
  database: Database,
  ctx: { providerId: number; staffId: number },
): Promise<RegisterContext> {
  await cleanUpRegister(database, ctx.providerId);
  const q = <T>(text: string, params: unknown[]) => database.query<T>(text, params);
  const p = ctx.providerId;
  const [site] = await q<{ id: number; time_zone: string }>(
    'insert into sites (provider_id, name) values ($1, $2) returning id, time_zone',
    [p, REGISTER_SITE_NAME],
  );
  const siteId = site!.id;
  const date = todayInZone(new Date(), site!.time_zone);
  await q('insert into staff_sites (provider_id, staff_id, site_id) values ($1, $2, $3)', [
    p,
    ctx.staffId,
    siteId,
  ]);
  const combos = await q<{ id: number; name: string }>(
    `insert into session_combos (provider_id, site_id, name, start, "end", sort_order) values
       ($1, $2, 'Morning', '08:00', '13:00', 0), ($1, $2, 'Afternoon', '13:00', '18:00', 1),
       ($1, $2, 'Full day', '08:00', '18:00', 2)
     returning id, name`,
    [p, siteId],
  );
  const combo = (name: string) => combos.find((c) => c.name === name)!.id;
  // The provider's first children (at scale 0.01 there are fewer than 120: they are copied again).
  const found = await q<{ id: number }>(
    'select id from children where provider_id = $1 and start_date <= $2::date order by id limit $3',
    [p, date, REGISTER_CHILDREN],
  );
  if (found.length === 0) throw new Error('no children to copy');
  const sources = Array.from({ length: REGISTER_CHILDREN }, (_, k) => found[k % found.length]!);
  const made = await q<{ id: number }>(
    `insert into children (provider_id, site_id, forename, surname, dob, start_date, has_image)
     select $1, $2, c.forename, c.surname, c.dob, c.start_date, c.has_image
     from unnest($3::int[]) with ordinality as v(id, n) join children c on c.provider_id = $1 and c.id = v.id
     order by v.n
     returning id`,
    [p, siteId, sources.map((s) => s.id)],
  );
  // Identities are given in the order the rows are inserted: the k-th made child copies the k-th source.
  const children = made.map((m) => m.id).sort((a, b) => a - b);
  await q(
    `insert into child_contacts (provider_id, child_id, contact_id, relationship, priority)
     select $1, v.child_id, cc.contact_id, cc.relationship, cc.priority
     from unnest($2::int[], $3::int[]) as v(child_id, source)
     join child_contacts cc on cc.provider_id = $1 and cc.child_id = v.source`,
    [p, children, sources.map((s) => s.id)],
  );
  const [category] = await q<{ id: number }>(
    'select id from mark_off_categories where provider_id = $1 and enabled order by sort_order, id limit 1',
    [p],
  );
  const bookings: Booking[] = [];
  const checkIn: RegisterContext['checkIn'] = [];
  children.forEach((child, k) => {
    const inSet = k < 20 || (k >= TWO_SESSION_CHILDREN && k < TWO_SESSION_CHILDREN + 20);
    // Outside the check-in set: every eleventh marked off, every seventh out, every third in.
    const state = inSet
      ? 'due'
      : k % 11 === 0 && category
        ? 'off'
        : k % 7 === 0
          ? 'out'
          : k % 3 === 0
            ? 'in'
            : 'due';
    const sessions: [string, string, string][] =
      k < TWO_SESSION_CHILDREN
        ? [
            ['Morning', '08:00', '13:00'],
            ['Afternoon', '13:00', '18:00'],
          ]
        : [['Full day', '08:00', '18:00']];
    sessions.forEach(([name, start, end], i) => {
      const first = i === 0;
      const last = i === sessions.length - 1;
      const attended = state === 'in' || state === 'out';
      bookings.push({
        child,
        combo: combo(name),
        start,
        end,
        actualStart: attended ? (first ? '08:07' : start) : null,
        actualEnd: state === 'out' ? (last ? '16:45' : end) : null,
        off: state === 'off',
      });
      if (inSet) checkIn.push({ childID: child, comboID: combo(name), time: first ? '08:10' : start });
    });
  });
  const column = <K extends keyof Booking>(k: K) => bookings.map((b) => b[k]);
  await q(
    `insert into bookings (provider_id, child_id, site_id, date, combo_id, start, "end", actual_start, actual_end,
       marked_off_category_id, mark_off_notes)
     select $1, v.child_id, $2, $3::date, v.combo_id, v.s::time, v.e::time, v.a_s::time, v.a_e::time,
       case when v.off then $4::int end, case when v.off then 'Bench' end
     from unnest($5::int[], $6::int[], $7::text[], $8::text[], $9::text[], $10::text[], $11::boolean[])
       as v(child_id, combo_id, s, e, a_s, a_e, off)`,
    [
      p,
      siteId,
      date,
      category?.id ?? null,
      column('child'),
      column('combo'),
      column('start'),
      column('end'),
      column('actualStart'),
      column('actualEnd'),
      column('off'),
    ],
  );
  // The agenda's other sources on this site: a closure the day after tomorrow and five reminders due
  // over the three days, about two children each (removed with the site: its foreign keys cascade,
  // the reminders explicitly in cleanUpRegister).
  await q(
    `insert into site_closures (provider_id, site_id, starts_on, ends_on, reason)
     values ($1, $2, $3::date + 2, $3::date + 2, 'Bench training day')`,
    [p, siteId, date],
  );
  await q(
    `with kind as (
       select t.id as type_id, k.id as code_id from event_types t
       join event_codes k on k.provider_id = t.provider_id and k.type_id = t.id and k.code_key = 'reminder'
       where t.provider_id = $1 and t.tag = 'task' limit 1
     ), made as (
       insert into events (provider_id, save_uuid, type_id, code_id, status_id, site_id, author_person_id,
         author_staff_id, notes, raised, due)
       select $1, gen_random_uuid(), kind.type_id, kind.code_id, 5, $2, s.person_id, s.id,
         'Bench reminder ' || n, now(), ($3::date + (n % 3))::timestamp at time zone 'Europe/London'
       from kind, generate_series(1, 5) n, staff s where s.provider_id = $1 and s.id = $4
       returning id, notes
     )
     insert into event_subjects (provider_id, event_id, child_id)
     select $1, made.id, c.child from made cross join unnest($5::int[]) as c(child)`,
    [p, siteId, date, ctx.staffId, children.slice(0, 2)],
  );
  return { siteId, date, children: children.length, sessions: bookings.length, checkIn };
}

/** The i-th check-in call: even ones check the 60 bookings in, odd ones undo it (each at version 1 + i). */
export function checkInBody(r: RegisterContext, i: number) {
  return {
    siteID: r.siteId,
    updates: r.checkIn.map((b) => ({
      childID: b.childID,
      comboID: b.comboID,
      date: r.date,
      typeID: null,
      actualStart: i % 2 === 0 ? b.time : null,
      actualEnd: null,
      version: 1 + i,
    })),
  };
}

export const registerSqlText = (providerId: number, r: RegisterContext): SqlText =>
  toSqlText(registerRowsSql(providerId, r.siteId, r.date));

/** The home overview's main query: the site's bookings today to 2 days ahead. */
export const homeOverviewSqlText = (providerId: number, r: RegisterContext): SqlText =>
  toSqlText(bookingsInRangeSql(providerId, r.siteId, r.date, addDays(r.date, HOME_DAYS_AHEAD)));

export const checkInSqlText = (providerId: number, r: RegisterContext): SqlText =>
  toSqlText(
    lockBookingsSql(
      providerId,
      r.siteId,
      r.checkIn.map((b) => ({ childId: b.childID, comboId: b.comboID, date: r.date })),
    ),
  );
