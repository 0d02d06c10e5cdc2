// Issue 18's staff register figures: a site day of exactly 60 shifts, made at set-up on a site of its
// own ('Bench staff register', today in its zone: 60 staff of its own, a mix of due, in, on a break,
// out and marked off, with breaks) and removed afterwards, so the generated dataset stays as it is.
// 'staff register' reads it (GET sites/:siteID/staff-register, p95 ≤ 40 ms on PostgreSQL); 'break
// edit' saves the breaks modal of one shift (two breaks and the additional minutes, alternately
// changed) at its current version, one POST shifts/:id/actions each (server time ≤ 30 ms).
import { todayInZone } from '@nursery/domain/common';
import type { Database } from '../../apps/server/src/db/client.ts';
import { siteDayShiftsSql } from '../../apps/server/src/modules/staff-register/queries.ts';
import { type SqlText, toSqlText } from '../explain.ts';

export const STAFF_REGISTER_SITE_NAME = 'Bench staff register';
export const STAFF_REGISTER_SHIFTS = 60;
/** Issue 18 names PostgreSQL's limits; PGlite's are the child register's. */
export const STAFF_REGISTER_P95_LIMIT_MS = { pglite: 100, postgres: 40 };
export const BREAK_EDIT_LIMIT_MS = { pglite: 60, postgres: 30 };

export interface StaffRegisterContext {
  siteId: number;
  date: string;
  shifts: number;
  /** The shift whose breaks the break edit saves, its version before the first call and its breaks. */
  breakEdit: { shiftId: number; version: number; breakIds: [number, number] };
}

/** Removes the bench site and everything made for it (also what an interrupted run left). */
export async function cleanUpStaffRegister(database: Database, providerId: number): Promise<number> {
  const sites = await database.query<{ id: number }>(
    'select id from sites where provider_id = $1 and name = $2',
    [providerId, STAFF_REGISTER_SITE_NAME],
  );
  for (const { id } of sites) {
    const p = [providerId, id];
    // Breaks go with their shifts (foreign key on delete cascade).
    await database.query('delete from shifts where provider_id = $1 and site_id = $2', p);
    const staff = await database.query<{ id: number; person_id: number }>(
      'select id, person_id from staff where provider_id = $1 and site_id = $2',
      p,
    );
    await database.query('delete from staff_sites where provider_id = $1 and site_id = $2', p);
    await database.query('delete from staff_roles where provider_id = $1 and staff_id = any($2::int[])', [
      providerId,
      staff.map((s) => s.id),
    ]);
    await database.query('delete from staff where provider_id = $1 and site_id = $2', p);
    await database.query('delete from people where provider_id = $1 and id = any($2::int[])', [
      providerId,
      staff.map((s) => s.person_id),
    ]);
    await database.query('delete from rooms where provider_id = $1 and site_id = $2', p);
    await database.query('delete from sites where provider_id = $1 and id = $2', p);
  }
  return sites.length;
}

/**
 * The site with three rooms, 60 staff (names copied from the provider's people) with one shift each
 * today: every fifth marked off, the others checked in from 07:30 with a completed break, every third
 * on a running break, every seventh checked out. The bench manager works there (not on a shift).
 */
export async function setUpStaffRegister(
  database: Database,
  ctx: { providerId: number; staffId: number },
): Promise<StaffRegisterContext> {
  await cleanUpStaffRegister(database, ctx.providerId);
  const q = <T>(text: string, params: unknown[]) => database.query<T>(text, params);
  const p = ctx.providerId;
  const [site] = await q<{ id: number; time_zone: string }>(
    'insert into sites (provider_id, name) values ($1, $2) returning id, time_zone',
    [p, STAFF_REGISTER_SITE_NAME],
  );
  const siteId = site!.id;
  const date = todayInZone(new Date(), site!.time_zone);
  await q('insert into staff_sites (provider_id, staff_id, site_id) values ($1, $2, $3)', [
    p,
    ctx.staffId,
    siteId,
  ]);
  const rooms = await q<{ id: number }>(
    `insert into rooms (provider_id, site_id, name, sort_order) values
       ($1, $2, 'Babies', 0), ($1, $2, 'Toddlers', 1), ($1, $2, 'Pre-school', 2) returning id`,
    [p, siteId],
  );
  const statuses = await q<{ id: number; code: string }>(
    'select id, code from shift_statuses where provider_id = $1',
    [p],
  );
  const status = (code: string) => statuses.find((s) => s.code === code)!.id;
  const names = await q<{ forename: string; surname: string }>(
    'select forename, surname from people where provider_id = $1 order by id limit $2',
    [p, STAFF_REGISTER_SHIFTS],
  );
  const people = await q<{ id: number }>(
    `insert into people (provider_id, forename, surname, telmob, email)
     select $1, v.forename, v.surname, '07700 900' || lpad(v.n::text, 3, '0'), 'bench.staff' || v.n || '@example.org'
     from unnest($2::text[], $3::text[]) with ordinality as v(forename, surname, n)
     order by v.n
     returning id`,
    [
      p,
      Array.from({ length: STAFF_REGISTER_SHIFTS }, (_, k) => names[k % names.length]!.forename),
      Array.from({ length: STAFF_REGISTER_SHIFTS }, (_, k) => names[k % names.length]!.surname),
    ],
  );
  const personIds = people.map((x) => x.id).sort((a, b) => a - b);
  const staff = await q<{ id: number }>(
    `insert into staff (provider_id, person_id, site_id, room_id, job_title)
     select $1, v.person_id, $2, ($3::int[])[1 + (v.n::int % 3)], 'Practitioner'
     from unnest($4::int[]) with ordinality as v(person_id, n) order by v.n
     returning id`,
    [p, siteId, rooms.map((r) => r.id), personIds],
  );
  const staffIds = staff.map((s) => s.id).sort((a, b) => a - b);
  await q(
    'insert into staff_sites (provider_id, staff_id, site_id) select $1, s, $2 from unnest($3::int[]) as s',
    [p, siteId, staffIds],
  );
  const shifts = await q<{ id: number; staff_id: number }>(
    `insert into shifts (provider_id, staff_id, site_id, room_id, date, time_from, time_to, actual_from, actual_to,
       status_id, notes)
     select $1, v.staff_id, $2, ($3::int[])[1 + (v.n::int % 3)], $4::date, '07:30', '15:30',
       case when v.n % 5 = 0 then null else '07:30'::time end,
       case when v.n % 5 <> 0 and v.n % 7 = 0 then '15:30'::time end,
       case when v.n % 5 = 0 then $5::int else $6::int end,
       case when v.n % 5 = 0 then 'Bench' end
     from unnest($7::int[]) with ordinality as v(staff_id, n)
     returning id::int as id, staff_id`,
    [p, siteId, rooms.map((r) => r.id), date, status('S'), status('W'), staffIds],
  );
  const byStaff = new Map(shifts.map((s) => [s.staff_id, s.id]));
  const worked = staffIds.map((s, k) => ({ shift: byStaff.get(s)!, n: k + 1 })).filter((x) => x.n % 5 !== 0);
  await q(
    `insert into shift_breaks (provider_id, shift_id, time_from, time_to)
     select $1, s, '10:00', '10:15' from unnest($2::bigint[]) as s`,
    [p, worked.map((w) => w.shift)],
  );
  await q(
    `insert into shift_breaks (provider_id, shift_id, time_from, time_to)
     select $1, s, '12:00', null from unnest($2::bigint[]) as s`,
    [p, worked.filter((w) => w.n % 3 === 0 && w.n % 7 !== 0).map((w) => w.shift)],
  );
  // The break edit's shift: checked in, not on a running break, not out (n = 1), with a second break.
  const target = worked.find((w) => w.n % 3 !== 0 && w.n % 7 !== 0)!.shift;
  await q(
    `insert into shift_breaks (provider_id, shift_id, time_from, time_to) values ($1, $2, '13:00', '13:30')`,
    [p, target],
  );
  const breaks = await q<{ id: number }>(
    'select id::int as id from shift_breaks where provider_id = $1 and shift_id = $2 order by time_from',
    [p, target],
  );
  const [row] = await q<{ version: number }>(
    'select version from shifts where provider_id = $1 and id = $2',
    [p, target],
  );
  return {
    siteId,
    date,
    shifts: shifts.length,
    breakEdit: { shiftId: target, version: row!.version, breakIds: [breaks[0]!.id, breaks[1]!.id] },
  };
}

/** The i-th break edit: even ones lengthen both breaks and add 5 minutes, odd ones put them back. */
export function breakEditBody(r: StaffRegisterContext, i: number) {
  const even = i % 2 === 0;
  const [a, b] = r.breakEdit.breakIds;
  return {
    action: 'saveBreaks',
    breaks: [
      { id: a, timeFrom: '10:00', timeTo: even ? '10:20' : '10:15' },
      { id: b, timeFrom: '13:00', timeTo: even ? '13:35' : '13:30' },
    ],
    additionalMins: even ? 5 : 0,
    version: r.breakEdit.version + i,
  };
}

export const staffRegisterSqlText = (providerId: number, r: StaffRegisterContext): SqlText =>
  toSqlText(siteDayShiftsSql(providerId, r.siteId, r.date));
