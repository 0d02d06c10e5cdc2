// HTTP scenarios: the server runs in this process on a generated dataset, autocannon loads it from
// a child process, and each scenario's main query is timed directly with EXPLAIN ANALYZE.

import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { todayInZone } from '@nursery/domain/common';
import { sql } from 'drizzle-orm';
import { buildApp, SERVED_APP_OPTIONS } from '../../apps/server/src/app.ts';
import type { Database } from '../../apps/server/src/db/client.ts';
import { accountByEmailQuery } from '../../apps/server/src/modules/auth/queries.ts';
import { childrenForSite } from '../../apps/server/src/modules/children/queries.ts';
import { childListSql } from '../../apps/server/src/modules/children-admin/queries.ts';
import { commentRowsSql } from '../../apps/server/src/modules/event-comments/queries.ts';
import { decodeCursor } from '../../apps/server/src/modules/events/cursor.ts';
import { visibleEventsByIdsQuery } from '../../apps/server/src/modules/events/event-queries.ts';
import {
  eventVisibleSql,
  loadVisibility,
  searchEventsSql,
  timelineChildrenSql,
  timelinePartsSql,
  type Visibility,
} from '../../apps/server/src/modules/events/search-queries.ts';
import { mediaRowsSql, signatureRowsSql } from '../../apps/server/src/modules/events-v3/queries.ts';
import { listStaffRows } from '../../apps/server/src/modules/staff-admin/queries.ts';
import { hashToken, sessionSql } from '../../apps/server/src/plugins/auth.ts';
import { rawSqlMs, type SqlText, toSqlText } from '../explain.ts';
import { freePort, root } from '../lib.ts';
import type { LoadOptions, LoadResult, ServerTimes } from '../load.ts';
import {
  BIG_PICTURE_P95_LIMIT_MS,
  BIG_PICTURE_XLSX_LIMIT_MS,
  type BigPictureContext,
  bigPictureBody,
  bigPictureExportBody,
  bigPictureOnce,
  bigPictureSqlMs,
  cleanUpBigPicture,
  setUpBigPicture,
} from './bigPicture.ts';
import {
  BULK_P95_LIMIT_MS,
  cleanUpBulk,
  DRAFTS_COMBINATIONS,
  DRAFTS_P95_LIMIT_MS,
  type DraftsContext,
  draftsSql,
  managerDraftsSql,
  PAGED_STATUS,
  runSequential,
  setUpDrafts,
} from './drafts.ts';
import {
  MEDICATION_SAVE_P95_LIMIT_MS,
  type MedicationSaveContext,
  medicationSaveBody,
  medicationSaveOnce,
  medicationSaveSqlMs,
  removeMedicationSaves,
  setUpMedicationSave,
} from './medicationSave.ts';
import {
  CHECK_IN_LIMIT_MS,
  checkInBody,
  checkInSqlText,
  cleanUpRegister,
  HOME_OVERVIEW_P95_LIMIT_MS,
  homeOverviewSqlText,
  REGISTER_P95_LIMIT_MS,
  type RegisterContext,
  registerSqlText,
  setUpRegister,
} from './register.ts';
import { removeSaves, type SaveContext, saveOnce, savePayload, saveSqlMs, setUpSave } from './save.ts';
import {
  removeSpotlightSaves,
  SPOTLIGHT_SAVE_P95_LIMIT_MS,
  type SpotlightSaveContext,
  setUpSpotlightSave,
  spotlightSaveBody,
  spotlightSaveOnce,
  spotlightSaveSqlMs,
} from './spotlightSave.ts';
import {
  BREAK_EDIT_LIMIT_MS,
  breakEditBody,
  cleanUpStaffRegister,
  STAFF_REGISTER_P95_LIMIT_MS,
  type StaffRegisterContext,
  setUpStaffRegister,
  staffRegisterSqlText,
} from './staffRegister.ts';

const run = promisify(execFile);
/** Issue 29: the children and staff lists of a site at scale 1, p95 server time. */
export const CHILDREN_LIST_P95_LIMIT_MS = 30;
/** Issue 31: the timeline's first page and page 40, and events v3 of one event, p95 server time. */
export const TIMELINE_P95_LIMIT_MS = { pglite: 30, postgres: 30 };
export const BENCH_EMAIL = 'bench.manager@example.org';

export interface Context {
  database: Database;
  baseUrl: string;
  cookie: string;
  sessionId: string;
  providerId: number;
  staffId: number;
  siteId: number;
  visibility: Visibility;
  page40Cursor: string;
  passwordHash: string;
  /** The bench practitioner's save set-up (only when `event save` runs). */
  save?: SaveContext;
  /** The drafts scenarios' set-up (only when one of them runs). */
  drafts?: DraftsContext;
  /** The Spotlight save's set-up (issue 16; only when `spotlight save` runs). */
  spotlight?: SpotlightSaveContext;
  /** The medication save's set-up (issue 31; only when `medication save` runs). */
  medication?: MedicationSaveContext;
  /** The register site day of issue 14 (only when 'register', 'check in 40' or 'home overview' runs). */
  register?: RegisterContext;
  /** The Big Picture's 200 children (issue 17; set up around each `big picture` scenario). */
  bigPicture?: BigPictureContext;
  /** The staff register site day of issue 18 (only when 'staff register' or 'break edit' runs). */
  staffRegister?: StaffRegisterContext;
  /** Issue 31: the newest event of the site with a photo (only when 'events v3' runs). */
  v3EventId?: number;
}

/** Issue 29: the settings staff list of a site, p95 server time at one connection. */
const STAFF_LIST_P95_LIMIT_MS = { pglite: 30, postgres: 30 };

/** The limit issue 4 puts on the save: p95 server time at one connection, large dataset. */
export const SAVE_P95_LIMIT_MS = 50;

interface HttpScenario {
  name: string;
  connections: number;
  /** Also measured at one connection (sequential requests); the server time's p95 is held to this. */
  serverP95LimitMs?: number;
  /** Issue 32: also measured at one connection (the lean-request limit, 3 × SQL + 1 ms, is held there). */
  oneConnectionToo?: boolean;
  /** A body field that gets a fresh UUID on every request. */
  uuidField?: string;
  /**
   * Measured with sequential requests in this process (one connection: a user's own wait), the
   * server time's p95 held to the limit of the database; `request(c, i)` gives the i-th request.
   */
  sequential?: { limitMs: { pglite: number; postgres: number } };
  request(
    c: Context,
    i?: number,
  ): {
    method: 'GET' | 'POST' | 'PUT';
    path: string;
    body?: unknown;
    cookie?: string;
  };
  /** The main query timed with EXPLAIN ANALYZE, or a custom SQL timing. */
  mainQuery?(c: Context): SqlText;
  sqlMs?(c: Context): Promise<{ ms: number; seqScans: string[] }>;
  /** Runs the scenario inside a set-up and its undoing (a change other scenarios must not see). */
  around?(c: Context, measure: () => Promise<LatencyRow[]>): Promise<LatencyRow[]>;
}

/** The Big Picture scenarios' set-up: 200 children at the bench site for the run only. */
async function aroundBigPicture(c: Context, measure: () => Promise<LatencyRow[]>): Promise<LatencyRow[]> {
  c.bigPicture = await setUpBigPicture(c.database, c);
  try {
    await bigPictureOnce(c.baseUrl, c.cookie, c.bigPicture);
    return await measure();
  } finally {
    await cleanUpBigPicture(c.database, c.bigPicture);
    c.bigPicture = undefined;
  }
}

/**
 * Issue 31: the timeline page's three statements (the search, its cards' counts and its children's
 * tiles), each timed with EXPLAIN ANALYZE, summed; the parts are those of the page the search answers.
 */
async function timelineSqlMs(c: Context, after?: string) {
  const search = eventsSql(c, { after });
  const rows = (
    await c.database.query<{ id: number; childId: number | null }>(search.sql, search.params)
  ).slice(0, 25);
  const parts = toSqlText(
    timelinePartsSql(
      c.providerId,
      rows.map((r) => Number(r.id)),
    ),
  );
  const childIds = [...new Set(rows.flatMap((r) => (r.childId === null ? [] : [r.childId])))];
  return sumSqlMs(c.database, [search, parts, toSqlText(timelineChildrenSql(c.providerId, childIds))]);
}

async function sumSqlMs(database: Database, queries: SqlText[]) {
  let ms = 0;
  const seqScans = new Set<string>();
  for (const q of queries) {
    const r = await rawSqlMs(database, q);
    ms += r.ms;
    for (const s of r.seqScans) seqScans.add(s);
  }
  return { ms, seqScans: [...seqScans] };
}

/** Issue 31: events v3's statements for one event: the visible read, its media, comments, signatures. */
function eventsV3SqlMs(c: Context) {
  const ids = [c.v3EventId!];
  return sumSqlMs(c.database, [
    visibleEventsByIdsQuery(c.database.db, c.providerId, c.visibility, ids).toSQL(),
    toSqlText(mediaRowsSql(c.providerId, ids)),
    toSqlText(commentRowsSql(c.providerId, ids)),
    toSqlText(signatureRowsSql(c.providerId, ids)),
  ]);
}

const eventsSql = (c: Context, extra: { statusId?: number; after?: string }) =>
  toSqlText(
    searchEventsSql(
      c.providerId,
      { siteId: c.siteId, statusId: extra.statusId, oldestFirst: false },
      c.visibility,
      { limit: 25, after: extra.after ? decodeCursor(extra.after) : undefined },
    ),
  );

export const HTTP_SCENARIOS: HttpScenario[] = [
  {
    name: 'health',
    connections: 10,
    request: () => ({ method: 'GET', path: '/api/health' }),
    mainQuery: () => ({ sql: 'select 1', params: [] }),
  },
  {
    name: 'login',
    // argon2id is CPU-bound: two connections keep both cores busy without queueing.
    connections: 2,
    request: (c) => ({
      method: 'POST',
      path: '/api/v1/login',
      body: { email: BENCH_EMAIL, password: c.passwordHash },
    }),
    mainQuery: (c) => accountByEmailQuery(c.database.db, BENCH_EMAIL).toSQL(),
  },
  {
    name: 'config',
    connections: 10,
    oneConnectionToo: true,
    request: () => ({ method: 'GET', path: '/api/v1/config' }),
    mainQuery: (c) => toSqlText(sessionSql(c.sessionId, new Date())),
  },
  {
    name: 'GetChildren',
    connections: 10,
    request: (c) => ({
      method: 'POST',
      path: '/graphql',
      body: {
        operationName: 'GetChildren',
        query:
          'query GetChildren($siteID: Int!) { children(siteID: $siteID) { id forename surname hasImage dob siteID contacts { id forename surname } } }',
        variables: { siteID: c.siteId },
      },
    }),
    mainQuery: (c) => childrenForSite(c.database.db, c.providerId, c.siteId).toSQL(),
  },
  {
    // Issue 29: the settings' Children page, the first page of a site's children (p95 server time ≤ 30 ms).
    name: 'children list',
    connections: 1,
    sequential: { limitMs: { pglite: CHILDREN_LIST_P95_LIMIT_MS, postgres: CHILDREN_LIST_P95_LIMIT_MS } },
    request: (c) => ({ method: 'GET', path: `/api/v1/settings/children?siteID=${c.siteId}` }),
    mainQuery: (c) =>
      toSqlText(
        childListSql(c.providerId, {
          siteIds: [c.siteId],
          status: 'current',
          today: todayInZone(new Date()),
        }),
      ),
  },
  {
    name: 'events p1',
    connections: 10,
    request: (c) => ({ method: 'GET', path: `/api/v2/events?siteID=${c.siteId}&limit=25` }),
    mainQuery: (c) => eventsSql(c, {}),
  },
  {
    name: 'events p40',
    connections: 10,
    request: (c) => ({
      method: 'GET',
      path: `/api/v2/events?siteID=${c.siteId}&limit=25&after=${c.page40Cursor}`,
    }),
    mainQuery: (c) => eventsSql(c, { after: c.page40Cursor }),
  },
  // Issue 31: the #/events timeline as the web asks for it (the site, fields=timeline, the default
  // limit), its first page and page 40 (by the search's cursors), and events v3 of one event with
  // everything included (the drawer's read): p95 server time ≤ 30 ms at one connection.
  {
    name: 'timeline p1',
    connections: 1,
    sequential: { limitMs: TIMELINE_P95_LIMIT_MS },
    request: (c) => ({ method: 'GET', path: `/api/v2/events?siteID=${c.siteId}&fields=timeline` }),
    sqlMs: (c) => timelineSqlMs(c),
  },
  {
    name: 'timeline p40',
    connections: 1,
    sequential: { limitMs: TIMELINE_P95_LIMIT_MS },
    request: (c) => ({
      method: 'GET',
      path: `/api/v2/events?siteID=${c.siteId}&fields=timeline&after=${c.page40Cursor}`,
    }),
    sqlMs: (c) => timelineSqlMs(c, c.page40Cursor),
  },
  {
    name: 'events v3',
    connections: 1,
    sequential: { limitMs: TIMELINE_P95_LIMIT_MS },
    request: (c) => ({
      method: 'GET',
      path: `/api/v3/events/${c.v3EventId}?include=media,comments,signatures`,
    }),
    sqlMs: eventsV3SqlMs,
  },
  {
    name: 'drafts p1',
    connections: 10,
    oneConnectionToo: true,
    request: (c) => ({ method: 'GET', path: `/api/v2/events?siteID=${c.siteId}&statusID=1&limit=25` }),
    mainQuery: (c) => eventsSql(c, { statusId: 1 }),
  },
  // Issue 5: the drafts screen's first page for each filter combination (fields=cards, the bench
  // practitioner), page 1 and page 40 of the manager's drafts, and a bulk transition of 100 events.
  ...DRAFTS_COMBINATIONS.map(
    (combo): HttpScenario => ({
      name: combo.name,
      connections: 1,
      sequential: { limitMs: DRAFTS_P95_LIMIT_MS },
      request: (c) => ({
        method: 'GET',
        path: `/api/v2/events?siteID=${c.drafts!.siteId}&${combo.query(c.drafts!)}&fields=cards&limit=25`,
        cookie: c.drafts!.practitionerCookie,
      }),
      mainQuery: (c) => toSqlText(draftsSql(c.drafts!, combo.filter(c.drafts!))),
    }),
  ),
  {
    name: 'drafts cards p1',
    connections: 1,
    sequential: { limitMs: DRAFTS_P95_LIMIT_MS },
    request: (c) => ({
      method: 'GET',
      path: `/api/v2/events?siteID=${c.siteId}&statusID=${PAGED_STATUS}&fields=cards&limit=25`,
    }),
    mainQuery: (c) => toSqlText(managerDraftsSql(c.providerId, c.siteId, c.visibility)),
  },
  {
    name: 'drafts cards p40',
    connections: 1,
    sequential: { limitMs: DRAFTS_P95_LIMIT_MS },
    request: (c) => ({
      method: 'GET',
      path: `/api/v2/events?siteID=${c.siteId}&statusID=${PAGED_STATUS}&fields=cards&limit=25&after=${c.drafts!.page40Cursor}`,
    }),
    mainQuery: (c) =>
      toSqlText(managerDraftsSql(c.providerId, c.siteId, c.visibility, c.drafts!.page40Cursor)),
  },
  {
    // Writes: 100 drafts to Pending and back, alternately (every call valid); cleaned up after.
    name: 'drafts bulk 100',
    connections: 1,
    sequential: { limitMs: { pglite: BULK_P95_LIMIT_MS, postgres: BULK_P95_LIMIT_MS } },
    request: (c, i = 0) => ({
      method: 'POST',
      path: '/api/v1/transition',
      body: { ids: c.drafts!.bulkIds, statusID: i % 2 === 0 ? 3 : 1 },
    }),
    mainQuery: (c) => ({
      sql: 'select id from events where provider_id = $1 and id = any($2::bigint[]) and status_id = 1',
      params: [c.providerId, c.drafts!.bulkIds],
    }),
  },
  // Issue 14: the register of a site day with 120 children and 200 sessions, and a check-in of 40 of
  // them (60 bookings) in one PUT bookings, undone by the next call (every call applies all 60).
  {
    name: 'register',
    connections: 1,
    sequential: { limitMs: REGISTER_P95_LIMIT_MS },
    request: (c) => ({ method: 'GET', path: `/api/v1/sites/${c.register!.siteId}/registers` }),
    mainQuery: (c) => registerSqlText(c.providerId, c.register!),
  },
  {
    name: 'check in 40',
    connections: 1,
    sequential: { limitMs: CHECK_IN_LIMIT_MS },
    request: (c, i = 0) => ({ method: 'PUT', path: '/api/v1/bookings', body: checkInBody(c.register!, i) }),
    mainQuery: (c) => checkInSqlText(c.providerId, c.register!),
  },
  // Issue 15: Home's overview (agenda today to +2 days, today's bookings per room, due in) of the
  // same site day of 120 children (p95 server time ≤ 60 ms on PostgreSQL).
  {
    name: 'home overview',
    connections: 1,
    sequential: { limitMs: HOME_OVERVIEW_P95_LIMIT_MS },
    request: (c) => ({ method: 'GET', path: `/api/v1/home/overview?siteID=${c.register!.siteId}` }),
    mainQuery: (c) => homeOverviewSqlText(c.providerId, c.register!),
  },
  // Issue 29: the settings staff list of a site (its first page by name, with roles and invitations):
  // p95 server time ≤ 30 ms.
  {
    name: 'staff list',
    connections: 1,
    sequential: { limitMs: STAFF_LIST_P95_LIMIT_MS },
    request: (c) => ({ method: 'GET', path: `/api/v1/settings/staff?siteID=${c.siteId}` }),
    mainQuery: (c) =>
      listStaffRows(c.database.db, c.providerId, { siteIds: [c.siteId], archived: false, limit: 26 }).toSQL(),
  },
  // Issue 18: the staff register of a site day with 60 shifts (p95 ≤ 40 ms on PostgreSQL), and the
  // breaks modal's save of one shift at its current version (server time ≤ 30 ms).
  {
    name: 'staff register',
    connections: 1,
    sequential: { limitMs: STAFF_REGISTER_P95_LIMIT_MS },
    request: (c) => ({ method: 'GET', path: `/api/v1/sites/${c.staffRegister!.siteId}/staff-register` }),
    mainQuery: (c) => staffRegisterSqlText(c.providerId, c.staffRegister!),
  },
  {
    name: 'break edit',
    connections: 1,
    sequential: { limitMs: BREAK_EDIT_LIMIT_MS },
    request: (c, i = 0) => ({
      method: 'POST',
      path: `/api/v1/shifts/${c.staffRegister!.breakEdit.shiftId}/actions`,
      body: breakEditBody(c.staffRegister!, i),
    }),
    mainQuery: (c) => staffRegisterSqlText(c.providerId, c.staffRegister!),
  },
  {
    // Issue 17: GraphQL BigPicture for 200 children over 12 months (p95 server time ≤ 300 ms).
    name: 'big picture',
    connections: 1,
    sequential: { limitMs: { pglite: BIG_PICTURE_P95_LIMIT_MS, postgres: BIG_PICTURE_P95_LIMIT_MS } },
    around: aroundBigPicture,
    request: (c) => ({ method: 'POST', path: '/graphql', body: bigPictureBody(c.bigPicture!) }),
    sqlMs: (c) => bigPictureSqlMs(c.database, c.bigPicture!),
  },
  {
    // Issue 17: the xlsx of the same 200 children with two judgements (p95 server time ≤ 5 s).
    name: 'big picture xlsx',
    connections: 1,
    sequential: { limitMs: { pglite: BIG_PICTURE_XLSX_LIMIT_MS, postgres: BIG_PICTURE_XLSX_LIMIT_MS } },
    around: aroundBigPicture,
    request: (c) => ({
      method: 'POST',
      path: '/api/v1/big-picture/export',
      body: bigPictureExportBody(c.bigPicture!),
    }),
    sqlMs: (c) => bigPictureSqlMs(c.database, c.bigPicture!),
  },
  {
    // Issue 16: a snapshot with 255 gradings through GraphQL updateEvent; writes (and removes its
    // events afterwards), so it runs after the reads.
    name: 'spotlight save',
    connections: 1,
    sequential: { limitMs: { pglite: SPOTLIGHT_SAVE_P95_LIMIT_MS, postgres: SPOTLIGHT_SAVE_P95_LIMIT_MS } },
    request: (c) => ({
      method: 'POST',
      path: '/graphql',
      body: spotlightSaveBody(c.spotlight!),
      cookie: c.spotlight!.cookie,
    }),
    sqlMs: (c) => spotlightSaveSqlMs(c.database, c.spotlight!),
  },
  {
    // Issue 31: a medication record with its three signatures through GraphQL updateMedicationEvent;
    // writes (and removes its records afterwards), so it runs after the reads.
    name: 'medication save',
    connections: 1,
    sequential: { limitMs: { pglite: MEDICATION_SAVE_P95_LIMIT_MS, postgres: MEDICATION_SAVE_P95_LIMIT_MS } },
    request: (c) => ({
      method: 'POST',
      path: '/graphql',
      body: medicationSaveBody(c.medication!),
      cookie: c.medication!.cookie,
    }),
    sqlMs: (c) => medicationSaveSqlMs(c.database, c.medication!),
  },
  {
    // Last: it writes (and removes its events afterwards).
    name: 'event save',
    connections: 10,
    serverP95LimitMs: SAVE_P95_LIMIT_MS,
    uuidField: 'uuid',
    request: (c) => ({
      method: 'POST',
      path: '/api/v2/events',
      body: savePayload(c.save!),
      cookie: c.save!.cookie,
    }),
    sqlMs: (c) => saveSqlMs(c.database, c.save!),
  },
];

export interface LatencyRow {
  scenario: string;
  database: string;
  scale: number;
  connections: number;
  requests: number;
  failed: number;
  p50: number;
  p95: number;
  p99: number;
  rps: number;
  sqlMs: number;
  ratio: number;
  seqScans: string[];
  /** Server time from the Server-Timing header (p50/p95/p99 ms). */
  server?: ServerTimes;
  /** The limit on the server time's p95 (ms), when the scenario has one at this concurrency. */
  serverP95LimitMs?: number;
  firstError?: string;
}

async function json(res: Response) {
  if (!res.ok) throw new Error(`${res.url}: ${res.status} ${await res.text()}`);
  return res.json();
}

/** Issue 31: the site's newest event with a photo that the bench manager may see (the drawer's usual read). */
async function newestEventWithMedia(database: Database, c: Context): Promise<number> {
  const q = toSqlText(sql`select e.id::int as id from events e
      where e.provider_id = ${c.providerId} and e.site_id = ${c.siteId} and e.status_id <> 6
        and ${eventVisibleSql(c.visibility)}
        and exists (select 1 from event_media em where em.provider_id = e.provider_id and em.event_id = e.id)
      order by e.raised desc, e.id desc limit 1`);
  const [row] = await database.query<{ id: number }>(q.sql, q.params);
  if (!row) throw new Error(`no visible event with media at site ${c.siteId}`);
  return row.id;
}

async function setUp(database: Database, baseUrl: string, passwordHash: string): Promise<Context> {
  const headers = { 'content-type': 'application/json', 'x-requested-with': 'nursery' };
  const login = await fetch(`${baseUrl}/api/v1/login`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email: BENCH_EMAIL, password: passwordHash }),
  });
  const me = await json(login);
  const token = /nursery_sid=([^;]+)/.exec(login.headers.get('set-cookie') ?? '')?.[1];
  if (!token) throw new Error('bench login set no session cookie');
  const cookie = `nursery_sid=${token}`;
  const config = await json(await fetch(`${baseUrl}/api/v1/config`, { headers: { cookie } }));
  const siteIds = Object.values(config.sitesByID as Record<string, { id: number }>)
    .map((s) => s.id)
    .sort((a, b) => a - b);
  const siteId = siteIds[0]!;
  await fetch(`${baseUrl}/api/v1/session/site`, {
    method: 'POST',
    headers: { ...headers, cookie },
    body: JSON.stringify({ siteID: siteId }),
  });
  // Page 40 is reached the way a user reaches it: 39 pages of 25 by the next cursor.
  let cursor: string | null = null;
  for (let page = 1; page < 40; page++) {
    const r = await json(
      await fetch(`${baseUrl}/api/v2/events?siteID=${siteId}&limit=25${cursor ? `&after=${cursor}` : ''}`, {
        headers: { cookie },
      }),
    );
    cursor = r.next;
    if (!cursor) throw new Error(`the dataset has fewer than 40 pages of events at site ${siteId}`);
  }
  const [{ provider_id: providerId }] = await database.query<{ provider_id: number }>(
    'select provider_id from sites where id = $1',
    [siteId],
  );
  return {
    database,
    baseUrl,
    cookie,
    sessionId: hashToken(token),
    providerId,
    staffId: me.staffID,
    siteId,
    visibility: await loadVisibility(database.db, providerId, me.staffID),
    page40Cursor: cursor!,
    passwordHash,
  };
}

async function load(o: LoadOptions): Promise<LoadResult> {
  const { stdout } = await run(process.execPath, ['--import', 'tsx', 'bench/load.ts', JSON.stringify(o)], {
    cwd: root,
    maxBuffer: 1 << 20,
  });
  return JSON.parse(stdout.trim().split('\n').at(-1)!);
}

async function runScenario(
  s: HttpScenario,
  ctx: Context,
  opts: { scale: number; durationSeconds: number },
): Promise<LatencyRow[]> {
  // A save that the server refuses fails here, with its answer, before any load.
  if (s.uuidField && ctx.save) await saveOnce(ctx.baseUrl, ctx.save);
  // GraphQL refusals answer 200 with errors: one checked save first, so a refused input stops the run.
  if (s.name === 'spotlight save') await spotlightSaveOnce(ctx.baseUrl, ctx.spotlight!);
  if (s.name === 'medication save') await medicationSaveOnce(ctx.baseUrl, ctx.medication!);
  if (s.sequential) return [await runSequentialScenario(s, ctx, opts)];
  const req = s.request(ctx);
  const base: LoadOptions = {
    url: `${ctx.baseUrl}${req.path}`,
    method: req.method,
    headers: {
      cookie: req.cookie ?? ctx.cookie,
      'x-requested-with': 'nursery',
      ...(req.body ? { 'content-type': 'application/json' } : {}),
    },
    body: req.body ? JSON.stringify(req.body) : undefined,
    connections: s.connections,
    durationSeconds: opts.durationSeconds,
    ...(s.uuidField ? { uuidField: s.uuidField } : {}),
  };
  const runs = s.serverP95LimitMs !== undefined || s.oneConnectionToo ? [1, s.connections] : [s.connections];
  const results: Array<{ connections: number; result: LoadResult }> = [];
  for (const connections of runs) {
    const loadOpts = { ...base, connections };
    // Warm-up (JIT, caches) before the measured run; the smoke's one-second runs skip it.
    if (opts.durationSeconds >= 5)
      await load({ ...loadOpts, durationSeconds: Math.round(opts.durationSeconds / 5) });
    const result = await load(loadOpts);
    if (result.non2xx + result.errors > 0) {
      console.error(
        `\n  !! ${s.name} (${ctx.database.kind}, ${connections} conn.): ${result.non2xx} non-2xx answers and ${result.errors} errors of ${result.requests}; first: ${result.firstError ?? '-'}\n`,
      );
    }
    results.push({ connections, result });
  }
  const sql = s.sqlMs ? await s.sqlMs(ctx) : await rawSqlMs(ctx.database, s.mainQuery!(ctx));
  return results.map(({ connections, result }) => ({
    scenario: s.name,
    database: ctx.database.kind,
    scale: opts.scale,
    connections,
    requests: result.requests,
    failed: result.non2xx + result.errors,
    p50: result.p50,
    p95: result.p95,
    p99: result.p99,
    rps: result.rps,
    sqlMs: sql.ms,
    ratio: result.p50 / sql.ms,
    seqScans: sql.seqScans,
    ...(result.server ? { server: result.server } : {}),
    ...(connections === 1 && s.serverP95LimitMs !== undefined
      ? { serverP95LimitMs: s.serverP95LimitMs }
      : {}),
    ...(result.firstError ? { firstError: result.firstError } : {}),
  }));
}

async function runSequentialScenario(
  s: HttpScenario,
  ctx: Context,
  opts: { scale: number; durationSeconds: number },
): Promise<LatencyRow> {
  const at = (i: number) => {
    const req = s.request(ctx, i);
    return {
      url: `${ctx.baseUrl}${req.path}`,
      method: req.method,
      headers: {
        cookie: req.cookie ?? ctx.cookie,
        'x-requested-with': 'nursery',
        ...(req.body ? { 'content-type': 'application/json' } : {}),
      },
      body: req.body ? JSON.stringify(req.body) : undefined,
    };
  };
  if (s.name === 'drafts bulk 100') ctx.drafts!.bulkStartedAt = new Date();
  // Warm-up as for the load runs (the smoke's one-second runs skip it). One request counter across
  // both runs, so the bulk scenario keeps alternating Draft→Pending→Draft.
  let n = 0;
  const next = () => at(n++);
  if (opts.durationSeconds >= 5) await runSequential(Math.round(opts.durationSeconds / 5), next);
  const result = await runSequential(opts.durationSeconds, next);
  if (result.non2xx + result.errors > 0) {
    console.error(
      `\n  !! ${s.name} (${ctx.database.kind}, 1 conn.): ${result.non2xx} failed answers and ${result.errors} errors of ${result.requests}; first: ${result.firstError ?? '-'}\n`,
    );
  }
  const sql = s.sqlMs ? await s.sqlMs(ctx) : await rawSqlMs(ctx.database, s.mainQuery!(ctx));
  return {
    scenario: s.name,
    database: ctx.database.kind,
    scale: opts.scale,
    connections: 1,
    requests: result.requests,
    failed: result.non2xx + result.errors,
    p50: result.p50,
    p95: result.p95,
    p99: result.p99,
    rps: result.rps,
    sqlMs: sql.ms,
    ratio: result.p50 / sql.ms,
    seqScans: sql.seqScans,
    ...(result.server ? { server: result.server } : {}),
    serverP95LimitMs: s.sequential!.limitMs[ctx.database.kind],
    ...(result.firstError ? { firstError: result.firstError } : {}),
  };
}

export async function runHttpScenarios(
  database: Database,
  opts: { scale: number; durationSeconds: number; only?: string[]; passwordHash: string },
): Promise<LatencyRow[]> {
  // As main.ts runs it: the event configuration kept for 30 s.
  const app = await buildApp({ database, rateLimitAllowList: ['127.0.0.1'], ...SERVED_APP_OPTIONS });
  const port = await freePort();
  await app.listen({ port, host: '127.0.0.1' });
  const baseUrl = `http://127.0.0.1:${port}`;
  const rows: LatencyRow[] = [];
  try {
    const ctx = await setUp(database, baseUrl, opts.passwordHash);
    const chosen = HTTP_SCENARIOS.filter((x) => !opts.only || opts.only.includes(x.name));
    if (chosen.some((x) => x.uuidField)) ctx.save = await setUpSave(database, baseUrl, opts.passwordHash);
    if (chosen.some((x) => x.name.startsWith('drafts ') && x.sequential))
      ctx.drafts = await setUpDrafts(database, baseUrl, opts.passwordHash, ctx);
    if (chosen.some((x) => x.name === 'spotlight save'))
      ctx.spotlight = await setUpSpotlightSave(database, baseUrl, opts.passwordHash);
    if (chosen.some((x) => x.name === 'medication save'))
      ctx.medication = await setUpMedicationSave(database, baseUrl, opts.passwordHash);
    if (chosen.some((x) => x.name === 'register' || x.name === 'check in 40' || x.name === 'home overview')) {
      ctx.register = await setUpRegister(database, ctx);
      console.error(
        `  register: site ${ctx.register.siteId} on ${ctx.register.date}, ${ctx.register.children} children, ${ctx.register.sessions} sessions; check-in set ${ctx.register.checkIn.length} bookings`,
      );
    }
    if (chosen.some((x) => x.name === 'events v3')) ctx.v3EventId = await newestEventWithMedia(database, ctx);
    if (chosen.some((x) => x.name === 'staff register' || x.name === 'break edit')) {
      ctx.staffRegister = await setUpStaffRegister(database, ctx);
      console.error(
        `  staff register: site ${ctx.staffRegister.siteId} on ${ctx.staffRegister.date}, ${ctx.staffRegister.shifts} shifts`,
      );
    }
    try {
      for (const s of chosen) {
        const measure = () => runScenario(s, ctx, opts);
        rows.push(...(await (s.around ? s.around(ctx, measure) : measure())));
      }
    } finally {
      if (ctx.drafts?.bulkStartedAt) {
        const n = await cleanUpBulk(database, baseUrl, ctx.cookie, ctx.drafts);
        console.error(`  drafts bulk 100: events back to Draft, ${n} history rows removed`);
      }
      if (ctx.register) await cleanUpRegister(database, ctx.providerId);
      if (ctx.staffRegister) await cleanUpStaffRegister(database, ctx.providerId);
      if (ctx.spotlight) {
        const n = await removeSpotlightSaves(database, ctx.spotlight);
        console.error(`  spotlight save: removed the ${n} saved events`);
      }
      if (ctx.medication) {
        const n = await removeMedicationSaves(database, ctx.medication);
        console.error(`  medication save: removed the ${n} saved records`);
      }
      if (ctx.save) {
        const started = performance.now();
        const n = await removeSaves(database, ctx.save);
        console.error(
          `  event save: removed the ${n} saved events in ${Math.round(performance.now() - started)} ms`,
        );
      }
    }
  } finally {
    await app.close();
  }
  return rows;
}
