// The reads the benchmark times must be index-backed: no sequential scan over events or gradings.
// Checked on a generated dataset at scale 0.05 (the planner chooses as it would at full size once
// the tables are analysed).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase, runMigrations } from '../apps/server/src/db/client.ts';
import { accountByEmailQuery } from '../apps/server/src/modules/auth/queries.ts';
import { gradingSummarySql, spotlightTypes } from '../apps/server/src/modules/big-picture/queries.ts';
import { childrenForSite } from '../apps/server/src/modules/children/queries.ts';
import { encodeCursor } from '../apps/server/src/modules/events/cursor.ts';
import {
  cardPartsSql,
  countEventsSql,
  loadVisibility,
  type SearchFilter,
  searchEvents,
  searchEventsSql,
  timelinePartsSql,
  type Visibility,
} from '../apps/server/src/modules/events/search-queries.ts';
import { lockBookingsSql, registerRowsSql } from '../apps/server/src/modules/registers/queries.ts';
import { sessionSql } from '../apps/server/src/plugins/auth.ts';
import { explain, type SqlText, seqScannedRelations, toSqlText } from './explain.ts';
import { generate } from './generate.ts';
import { BENCH_EMAIL } from './scenarios/http.ts';

const BIG_TABLES = ['events', 'gradings'];

describe('benchmark reads use indexes (scale 0.05)', () => {
  let database: Database;
  let providerId: number;
  let siteId: number;
  let visibility: Visibility;
  beforeAll(async () => {
    database = await openDatabase({ pgliteDir: 'memory://' });
    await runMigrations(database);
    ({ providerId } = await generate(database, { scale: 0.05 }));
    const [row] = await database.query<{ staff_id: number; site_id: number }>(
      `select st.id as staff_id, (select min(site_id) from staff_sites ss where ss.provider_id = st.provider_id and ss.staff_id = st.id) as site_id
       from user_accounts u join staff st on st.provider_id = u.provider_id and st.person_id = u.person_id
       where lower(u.email) = $1`,
      [BENCH_EMAIL],
    );
    siteId = row!.site_id;
    visibility = await loadVisibility(database.db, providerId, row!.staff_id);
  }, 600_000);
  afterAll(() => database?.close());

  const filter = (extra: Partial<SearchFilter> = {}): SearchFilter => ({
    siteId,
    oldestFirst: false,
    ...extra,
  });

  async function page40Cursor(): Promise<string> {
    let after: { raised: string; id: number } | undefined;
    for (let page = 1; page < 40; page++) {
      const rows = await searchEvents(
        database.db,
        searchEventsSql(providerId, filter(), visibility, { limit: 25, after }),
      );
      const last = rows[24];
      if (!last) throw new Error('fewer than 40 pages');
      after = { raised: last.raisedKey, id: Number(last.id) };
    }
    return encodeCursor(after!);
  }

  const reads: Array<[string, () => Promise<SqlText>]> = [
    ['login', async () => accountByEmailQuery(database.db, BENCH_EMAIL).toSQL()],
    ['config session', async () => toSqlText(sessionSql('x'.repeat(64), new Date()))],
    ['GetChildren', async () => childrenForSite(database.db, providerId, siteId).toSQL()],
    ['events p1', async () => toSqlText(searchEventsSql(providerId, filter(), visibility, { limit: 25 }))],
    [
      'drafts p1',
      async () => toSqlText(searchEventsSql(providerId, filter({ statusId: 1 }), visibility, { limit: 25 })),
    ],
    [
      'events p40',
      async () => {
        const cursor = JSON.parse(Buffer.from(await page40Cursor(), 'base64url').toString());
        return toSqlText(
          searchEventsSql(providerId, filter(), visibility, {
            limit: 25,
            after: { raised: cursor[0], id: cursor[1] },
          }),
        );
      },
    ],
    [
      'events by type and author',
      async () =>
        toSqlText(
          searchEventsSql(providerId, filter({ typeId: 1, authorStaffId: 1 }), visibility, { limit: 25 }),
        ),
    ],
    // Issue 5: the drafts filters (the screen asks each with fields=cards: the card parts below).
    ...(<Array<[string, Partial<SearchFilter>]>>[
      ['drafts by type', { statusId: 1, typeId: 1 }],
      ['drafts by child', { statusId: 1, childIds: [1] }],
      ['drafts by author', { statusId: 1, authorStaffId: 1 }],
      ['drafts by area', { statusId: 1, areaId: '/-29/1/' }],
      [
        'drafts by date range',
        { statusId: 1, fromInstant: '2026-01-01T00:00:00Z', toInstant: '2026-02-01T00:00:00Z' },
      ],
      [
        'drafts by every filter',
        {
          statusId: 1,
          typeId: 1,
          childIds: [1],
          authorStaffId: 1,
          areaId: '/-29/1/',
          fromInstant: '2026-01-01T00:00:00Z',
          toInstant: '2026-02-01T00:00:00Z',
        },
      ],
      ['drafts oldest first', { statusId: 1, oldestFirst: true }],
    ]).map(([name, extra]): [string, () => Promise<SqlText>] => [
      name,
      async () => toSqlText(searchEventsSql(providerId, filter(extra), visibility, { limit: 25 })),
    ]),
    // Issue 17: the Big Picture's aggregate over every child of the site, 12 months.
    [
      'big picture',
      async () => {
        const kids = await database.query<{ id: number }>(
          'select id from children where provider_id = $1 and site_id = $2 order by id limit 200',
          [providerId, siteId],
        );
        return toSqlText(
          gradingSummarySql(providerId, {
            childIds: kids.map((k) => k.id),
            itemPrefix: '/-29/',
            types: await spotlightTypes(database.db, providerId, ['snapshot', 'learningStory']),
            from: new Date(Date.now() - 365 * 86_400_000),
          }),
        );
      },
    ],
    // Issue 31: the timeline's room filter and its cards' parts (fields=timeline).
    [
      'timeline by room',
      async () => {
        const [room] = await database.query<{ room_id: number }>(
          'select room_id from children where provider_id = $1 and site_id = $2 and room_id is not null limit 1',
          [providerId, siteId],
        );
        return toSqlText(
          searchEventsSql(providerId, filter({ roomId: room!.room_id }), visibility, { limit: 25 }),
        );
      },
    ],
    [
      'timeline card parts',
      async () => {
        const rows = await searchEvents(
          database.db,
          searchEventsSql(providerId, filter(), visibility, { limit: 25 }),
        );
        return toSqlText(
          timelinePartsSql(
            providerId,
            rows.map((r) => Number(r.id)),
          ),
        );
      },
    ],
    [
      'drafts counts per type',
      async () => toSqlText(countEventsSql(providerId, filter({ statusId: 1 }), visibility)),
    ],
    [
      'drafts card parts',
      async () => {
        const ids = await database.query<{ id: number }>(
          'select id::int as id from events where provider_id = $1 order by id limit 100',
          [providerId],
        );
        return toSqlText(
          cardPartsSql(
            providerId,
            ids.map((r) => r.id),
          ),
        );
      },
    ],
  ];

  it('notices a sequential scan when a read has no index (the check is not vacuous)', async () => {
    const plan = await explain(
      database,
      { sql: "select id from events where notes like '%sand%'", params: [] },
      false,
    );
    expect(seqScannedRelations(plan.Plan)).toContain('events');
  });

  // Issue 14: the register of a site day and the check-in's locked read, by the bookings indexes.
  it('the register and the check-in read no bookings sequentially', async () => {
    const [day] = await database.query<{ date: string; child_id: number; combo_id: number }>(
      `select date::text as date, child_id, combo_id from bookings where provider_id = $1 and site_id = $2
       order by date desc limit 1`,
      [providerId, siteId],
    );
    const register = await explain(
      database,
      toSqlText(registerRowsSql(providerId, siteId, day!.date)),
      false,
    );
    const lock = await explain(
      database,
      toSqlText(
        lockBookingsSql(providerId, siteId, [
          { childId: day!.child_id, comboId: day!.combo_id, date: day!.date },
        ]),
      ),
      false,
    );
    expect(seqScannedRelations(register.Plan)).not.toContain('bookings');
    expect(seqScannedRelations(lock.Plan)).not.toContain('bookings');
  });

  it.each(reads)('%s reads no big table sequentially', async (_name, query) => {
    const plan = await explain(database, await query(), false);
    const seq = seqScannedRelations(plan.Plan).filter((r) => BIG_TABLES.includes(r));
    expect(seq).toEqual([]);
  });
});
