// The bench generator at scale 0.01 on in-memory PGlite: sizes, determinism, integrity.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase, runMigrations } from '../apps/server/src/db/client.ts';
import { BENCH_MANAGER_EMAIL, BENCH_PRACTITIONER_EMAIL, type GenerateResult, generate } from './generate.ts';

const TODAY = '2026-03-11'; // a Wednesday: today's bookings and shifts exist
const SCALE = 0.01;

async function checksums(db: Database): Promise<Record<string, string>> {
  const [r] = await db.query<Record<string, string>>(`select
    (select md5(string_agg(concat_ws(',', id, type_id, code_id, child_id, status_id, raised, date2, due,
       author_person_id, learning_styles, notes), ';' order by id)) from events) as events,
    (select md5(string_agg(concat_ws(',', id, event_id, child_id, item_id, age_range_id, value), ';' order by id))
       from gradings) as gradings,
    (select md5(string_agg(concat_ws(',', child_id, date, combo_id, room_id, actual_start, actual_end,
       marked_off_category_id), ';' order by child_id, date, combo_id)) from bookings) as bookings,
    (select md5(string_agg(concat_ws(',', id, forename, surname, dob, start_date, room_id), ';' order by id))
       from children) as children`);
  return r;
}

describe('bench generate', () => {
  let a: Database;
  let b: Database;
  let ra: GenerateResult;
  let rb: GenerateResult;

  beforeAll(async () => {
    a = await openDatabase({ pgliteDir: 'memory://' });
    await runMigrations(a);
    // The second database starts from the first one's migrated (empty) data directory.
    b = await openDatabase({ pgliteDir: 'memory://', loadDataDir: await a.dumpDataDir!() });
    ra = await generate(a, { scale: SCALE, today: TODAY });
    rb = await generate(b, { scale: SCALE, today: TODAY });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('makes the sizes of the scale', () => {
    const c = ra.counts;
    expect(c.sites).toBe(1);
    expect(c.rooms).toBe(3);
    expect(c.children).toBe(24);
    expect(c.staff).toBe(6);
    expect(c.contacts).toBe(100);
    expect(c.child_contacts).toBe(100);
    expect(c.people).toBe(106);
    expect(c.key_children).toBe(24);
    expect(c.events).toBe(10_000);
    expect(c.gradings).toBeGreaterThan(49_000);
    expect(c.gradings).toBeLessThanOrEqual(50_000);
    expect(c.next_steps).toBe(3_000);
    expect(c.media).toBe(2_000);
    expect(c.event_media).toBe(2_000);
    expect(c.bookings).toBeGreaterThan(5_000);
    expect(c.shifts).toBeGreaterThan(300);
    expect(c.shift_breaks).toBeGreaterThan(200);
  });

  it('is deterministic: the same scale and day give the same rows', async () => {
    expect(rb.counts).toEqual(ra.counts);
    expect(await checksums(b)).toEqual(await checksums(a));
  });

  it('refuses a second bench provider in the same database', async () => {
    await expect(generate(a, { scale: SCALE, today: TODAY })).rejects.toThrow(/already exists/);
  });

  it('gives every event a code of its type, every type and a mix of statuses', async () => {
    const [bad] = await a.query<{ n: number }>(
      `select count(*)::int as n from events e
       left join event_codes c on c.provider_id = e.provider_id and c.id = e.code_id
       where c.type_id is distinct from e.type_id`,
    );
    expect(bad.n).toBe(0);
    const types = await a.query<{ tag: string; n: number }>(
      `select t.tag, count(e.id)::int as n from event_types t left join events e on e.type_id = t.id
       where t.provider_id = ${ra.providerId} group by t.tag`,
    );
    expect(types.filter((t) => t.n === 0)).toEqual([]);
    const statuses = await a.query<{ status_id: number }>(`select distinct status_id from events order by 1`);
    expect(statuses.map((s) => s.status_id)).toEqual([1, 3, 4, 5, 6]);
    const [sleep] = await a.query<{ n: number }>(
      `select count(*)::int as n from events e join event_types t on t.id = e.type_id
       where t.tag = 'sleep' and e.date2 is not null and e.date2 > e.raised`,
    );
    expect(sleep.n).toBeGreaterThan(0);
  });

  it('puts every row of every tenant table under the bench provider', async () => {
    const tables = await a.query<{ table_name: string }>(
      `select c.table_name from information_schema.columns c
       join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
       where c.table_schema = 'public' and c.column_name = 'provider_id' and t.table_type = 'BASE TABLE'
       order by 1`,
    );
    expect(tables.length).toBeGreaterThan(30);
    const parts = tables.map(
      (t) =>
        `select '${t.table_name}' as t, count(*)::int as n from "${t.table_name}" where provider_id <> ${ra.providerId}`,
    );
    const other = await a.query<{ t: string; n: number }>(parts.join(' union all '));
    expect(other.filter((o) => o.n > 0)).toEqual([]);
  });

  it('creates the bench logins', async () => {
    const rows = await a.query<{ email: string; role: string; sites: number; keys: number }>(
      `select u.email, r.name as role,
         (select count(*)::int from staff_sites ss where ss.staff_id = s.id) as sites,
         (select count(*)::int from key_children k where k.staff_id = s.id) as keys
       from user_accounts u join staff s on s.person_id = u.person_id
       join staff_roles sr on sr.staff_id = s.id join roles r on r.id = sr.role_id
       where u.email in ('${BENCH_MANAGER_EMAIL}', '${BENCH_PRACTITIONER_EMAIL}') and u.password_hash is not null
       order by u.email`,
    );
    expect(rows.map((r) => [r.email, r.role, r.sites])).toEqual([
      [BENCH_MANAGER_EMAIL, 'Manager', 1],
      [BENCH_PRACTITIONER_EMAIL, 'Practitioner', 1],
    ]);
    expect(rows[1].keys).toBeGreaterThan(0);
    expect(rows[1].keys).toBeLessThanOrEqual(10);
  });

  it('moves the identity sequences past the generated ids', async () => {
    const [r] = await a.query<{ ok: boolean }>(
      `select nextval(pg_get_serial_sequence('public.events', 'id')) > (select max(id) from events)
          and nextval(pg_get_serial_sequence('public.children', 'id')) > (select max(id) from children)
          and nextval(pg_get_serial_sequence('public.gradings', 'id')) > (select max(id) from gradings) as ok`,
    );
    expect(r.ok).toBe(true);
  });
});
