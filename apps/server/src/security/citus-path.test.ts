// The Citus path's checks (issue 32): the schema's keys, and the text check of one statement. The
// statements the routes really send are checked in tenancy-probe.test.ts (every REST operation and
// GraphQL field × five roles).
import { describe, expect, it } from 'vitest';
import { GLOBAL_TABLES, KEYS_WORK_LEFT, keyProblems, schemaTables, unfilteredTables } from './citus-path.ts';

describe('the tables’ keys', () => {
  it('every tenant table is keyed (provider_id, id), but for the listed work left', () => {
    expect(keyProblems(schemaTables())).toEqual(Object.keys(KEYS_WORK_LEFT));
  });
  it('knows a table without provider_id, and a key without it', () => {
    expect(
      keyProblems([
        { name: 'things', columns: ['id', 'name'], primaryKey: ['id'], uniques: [] },
        { name: 'notes', columns: ['provider_id', 'id', 'code'], primaryKey: ['id'], uniques: [['code']] },
        {
          name: 'links',
          columns: ['provider_id', 'a', 'b'],
          primaryKey: ['provider_id', 'a', 'b'],
          uniques: [],
        },
      ]),
    ).toEqual([
      'things: no provider_id and not a listed global table',
      'notes: primary key (id), not (provider_id, id)',
      'notes: unique (code) without provider_id',
    ]);
  });
  it('lists only tables that exist', () => {
    const names = new Set(schemaTables().map((t) => t.name));
    for (const name of Object.keys(GLOBAL_TABLES)) expect(names).toContain(name);
  });
});

describe('unfilteredTables', () => {
  const tenant = new Set(['events', 'children', 'areas', 'event_history']);
  const check = (sql: string) => unfilteredTables(sql, tenant);

  it('accepts a provider_id condition on each tenant table, in WHERE or a JOIN’s ON', () => {
    expect(
      check('select "id" from "events" where ("events"."provider_id" = $1 and "events"."id" = $2)'),
    ).toEqual([]);
    expect(
      check(
        'select e.id from events e join children c on c.provider_id = e.provider_id and c.id = e.child_id where e.provider_id = $1',
      ),
    ).toEqual([]);
    expect(check('update events set version = 2 where provider_id = $1 and id = $2')).toEqual([]);
    expect(check('select 1 from events e where (e.provider_id, e.id) in (select 1, 2)')).toEqual([]);
    expect(check('select 1 from "events" where "events"."provider_id" in ($1, $2)')).toEqual([]);
  });
  it('finds a tenant table read or written without one', () => {
    expect(check('select "id" from "events" where "events"."id" = $1')).toEqual(['events']);
    expect(check('delete from children where id = $1')).toEqual(['children']);
    expect(
      check('select 1 from events e join children c on c.id = e.child_id where e.provider_id = $1'),
    ).toEqual(['children']);
    // An unqualified condition counts for one table only.
    expect(
      check('select 1 from events join children on children.id = events.child_id where provider_id = $1'),
    ).toEqual(['children']);
    // provider_id only named in the select list or a literal is no condition.
    expect(check(`select "provider_id" from "events" where "events"."id" = 'provider_id = 1'`)).toEqual([
      'events',
    ]);
  });
  it('an INSERT names provider_id among its columns, WITH queries too', () => {
    expect(check('insert into "events" ("provider_id", "id") values ($1, default)')).toEqual([]);
    expect(check('insert into events (id) values ($1)')).toEqual(['events']);
    expect(
      check(
        'with i0 as (insert into "event_history" ("id") values ($1)) insert into "events" ("provider_id") values ($2)',
      ),
    ).toEqual(['event_history']);
  });
  it('a WITH query named like a table is not that table; a column qualified by a table name is no reference', () => {
    expect(check('with areas as (select 1 as id) select id from areas')).toEqual([]);
    expect(
      check('select extract(epoch from "events"."raised") from "events" where "events"."provider_id" = $1'),
    ).toEqual([]);
  });
});
