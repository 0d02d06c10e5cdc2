// Issue 5's drafts figures: the first page of the drafts list for a set of filter combinations
// (fields=cards, as the screen asks; the bench practitioner), page 40 against page 1 (the bench
// manager, by 39 `next` cursors) and a bulk transition of 100 events (the manager, Draft→Pending
// and back alternately, so every call is valid). Measured with sequential requests (one
// connection: a user's own wait) in the bench process; each answer's Server-Timing is kept too.
import { asProviderID, asStaffID } from '@nursery/domain/common';
import { sql } from 'drizzle-orm';
import type { Database } from '../../apps/server/src/db/client.ts';
import { decodeCursor } from '../../apps/server/src/modules/events/cursor.ts';
import { loadEventPolicy } from '../../apps/server/src/modules/events/policy.ts';
import {
  loadVisibility,
  type SearchFilter,
  searchEventsSql,
  type Visibility,
} from '../../apps/server/src/modules/events/search-queries.ts';
import { percentile, type ServerTimes, serverDuration, serverTimes, serverTiming } from '../load.ts';
import { SAVE_EMAIL } from './save.ts';

/** Issue 5: any filter combination's first page, p95 (ms) per database. */
export const DRAFTS_P95_LIMIT_MS = { pglite: 100, postgres: 30 } as const;
/** Issue 5: p50(page 40) / p50(page 1) of the drafts query with fields=cards. */
export const DRAFTS_PAGE_RATIO_LIMIT = 1.2;
/** The status filter of the page 1 / page 40 scenarios (Published: at least 40 pages at scale 1). */
export const PAGED_STATUS = 5;
/** Issue 5: a bulk transition of 100 events, p95 (ms). */
export const BULK_P95_LIMIT_MS = 300;

export interface DraftsContext {
  practitionerCookie: string;
  providerId: number;
  siteId: number;
  practitionerStaffId: number;
  practitionerVisibility: Visibility;
  typeId: number;
  childId: number;
  areaId: string;
  from: string;
  to: string;
  /** The manager's drafts (fields=cards) cursor after page 39. */
  page40Cursor: string;
  /** 100 drafts the manager may move to Pending and back. */
  bulkIds: number[];
  /** When the bulk scenario started (its history rows are removed afterwards). */
  bulkStartedAt?: Date;
}

async function json(res: Response) {
  if (!res.ok) throw new Error(`${res.url}: ${res.status} ${await res.text()}`);
  return res.json();
}

const day = (d: Date) => d.toISOString().slice(0, 10);

export async function setUpDrafts(
  database: Database,
  baseUrl: string,
  passwordHash: string,
  manager: { cookie: string; siteId: number; providerId: number; staffId: number },
): Promise<DraftsContext> {
  const headers = { 'content-type': 'application/json', 'x-requested-with': 'nursery' };
  const login = await fetch(`${baseUrl}/api/v1/login`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email: SAVE_EMAIL, password: passwordHash }),
  });
  const me = await json(login);
  const token = /nursery_sid=([^;]+)/.exec(login.headers.get('set-cookie') ?? '')?.[1];
  if (!token) throw new Error('bench practitioner login set no session cookie');
  const practitionerCookie = `nursery_sid=${token}`;
  const config = await json(
    await fetch(`${baseUrl}/api/v1/config`, { headers: { cookie: practitionerCookie } }),
  );
  const siteId = config.siteID as number;
  const providerId = manager.providerId;
  const staffId = me.staffID as number;
  const q = <T>(text: string, params: unknown[]) => database.query<T>(text, params);
  // Filter values a practitioner would pick: the type and child of their latest draft, and the
  // area of learning (the top item under the framework) of a grading on one of their drafts.
  const [latest] = await q<{ type_id: number; child_id: number }>(
    `select type_id, child_id from events where provider_id = $1 and site_id = $2 and status_id = 1
       and author_staff_id = $3 and child_id is not null order by raised desc, id desc limit 1`,
    [providerId, siteId, staffId],
  );
  if (!latest) throw new Error('the bench practitioner has no drafts');
  const [graded] = await q<{ item_id: string }>(
    `select g.item_id from events e join gradings g on g.provider_id = e.provider_id and g.event_id = e.id
     where e.provider_id = $1 and e.site_id = $2 and e.status_id = 1 and e.author_staff_id = $3
     order by e.raised desc, e.id desc limit 1`,
    [providerId, siteId, staffId],
  );
  if (!graded) throw new Error("no grading on the bench practitioner's drafts");
  const areaId = /^\/-?\d+\/-?\d+\//.exec(graded.item_id)?.[0] ?? graded.item_id;
  const now = new Date();
  // Page 40 of the drafts screen with the Published status filter (fields=cards), reached by 39
  // next cursors as the screen does: at scale 1 a site has about 35 pages of Draft events, fewer
  // than 40. A small dataset (the smoke's) may have fewer pages: then the deepest page there is.
  let cursor: string | null = null;
  let page = 1;
  for (; page < 40; page++) {
    const r = await json(
      await fetch(
        `${baseUrl}/api/v2/events?siteID=${manager.siteId}&statusID=${PAGED_STATUS}&fields=cards&limit=25${cursor ? `&after=${cursor}` : ''}`,
        { headers: { cookie: manager.cookie } },
      ),
    );
    if (!r.next) break;
    cursor = r.next;
  }
  if (!cursor) throw new Error(`fewer than 2 pages of drafts at site ${manager.siteId}`);
  if (page < 40)
    console.error(`  drafts: only ${page} pages of drafts at site ${manager.siteId}; "p40" is page ${page}`);
  // 100 drafts of the manager's site whose type lets the manager move Draft→Pending and back.
  const policy = await loadEventPolicy(database.db, asProviderID(providerId), asStaffID(manager.staffId));
  const candidates = await q<{ id: number; type_id: number; author_staff_id: number | null }>(
    `select id::int as id, type_id, author_staff_id from events
     where provider_id = $1 and site_id = $2 and status_id = 1 order by raised desc, id desc limit 3000`,
    [providerId, manager.siteId],
  );
  const bulkIds = candidates
    .filter(
      (e) =>
        policy.canMove(e.type_id, e.author_staff_id, 1, 3) &&
        policy.canMove(e.type_id, e.author_staff_id, 3, 1),
    )
    .slice(0, 100)
    .map((e) => e.id);
  if (bulkIds.length === 0) throw new Error('no draft the bench manager may move to Pending and back');
  if (bulkIds.length < 100)
    console.error(`  drafts bulk: only ${bulkIds.length} drafts to move (small dataset)`);
  return {
    practitionerCookie,
    providerId,
    siteId,
    practitionerStaffId: staffId,
    practitionerVisibility: await loadVisibility(database.db, providerId, staffId),
    typeId: latest.type_id,
    childId: latest.child_id,
    areaId,
    from: day(new Date(now.getTime() - 30 * 86_400_000)),
    to: day(now),
    page40Cursor: cursor!,
    bulkIds,
  };
}

/** The filter combinations of the drafts screen (each with fields=cards). */
export const DRAFTS_COMBINATIONS: Array<{
  name: string;
  query(d: DraftsContext): string;
  filter(d: DraftsContext): Omit<SearchFilter, 'siteId'>;
}> = [
  { name: 'drafts status', query: () => 'statusID=1', filter: () => ({ statusId: 1, oldestFirst: false }) },
  {
    name: 'drafts status+type',
    query: (d) => `statusID=1&typeID=${d.typeId}`,
    filter: (d) => ({ statusId: 1, typeId: d.typeId, oldestFirst: false }),
  },
  {
    name: 'drafts status+child',
    query: (d) => `statusID=1&childIDs=${d.childId}`,
    filter: (d) => ({ statusId: 1, childIds: [d.childId], oldestFirst: false }),
  },
  {
    name: 'drafts status+author',
    query: (d) => `statusID=1&authorID=${d.practitionerStaffId}`,
    filter: (d) => ({ statusId: 1, authorStaffId: d.practitionerStaffId, oldestFirst: false }),
  },
  {
    name: 'drafts status+area',
    query: (d) => `statusID=1&areaID=${d.areaId}`,
    filter: (d) => ({ statusId: 1, areaId: d.areaId, oldestFirst: false }),
  },
  {
    name: 'drafts status+dates',
    query: (d) => `statusID=1&from=${d.from}&to=${d.to}`,
    filter: (d) => ({
      statusId: 1,
      fromInstant: `${d.from}T00:00:00Z`,
      toInstant: `${d.to}T23:59:59Z`,
      oldestFirst: false,
    }),
  },
  {
    name: 'drafts all filters',
    query: (d) =>
      `statusID=1&typeID=${d.typeId}&childIDs=${d.childId}&authorID=${d.practitionerStaffId}&from=${d.from}&to=${d.to}`,
    filter: (d) => ({
      statusId: 1,
      typeId: d.typeId,
      childIds: [d.childId],
      authorStaffId: d.practitionerStaffId,
      fromInstant: `${d.from}T00:00:00Z`,
      toInstant: `${d.to}T23:59:59Z`,
      oldestFirst: false,
    }),
  },
  {
    name: 'drafts oldest first',
    query: () => 'statusID=1&oldestFirst=true',
    filter: () => ({ statusId: 1, oldestFirst: true }),
  },
];

export const draftsSql = (
  d: DraftsContext,
  f: Omit<SearchFilter, 'siteId'>,
  visibility = d.practitionerVisibility,
) => searchEventsSql(d.providerId, { siteId: d.siteId, ...f }, visibility, { limit: 25 });

export const managerDraftsSql = (
  providerId: number,
  siteId: number,
  visibility: Visibility,
  after?: string,
) =>
  searchEventsSql(providerId, { siteId, statusId: PAGED_STATUS, oldestFirst: false }, visibility, {
    limit: 25,
    after: after ? decodeCursor(after) : undefined,
  });

interface SequentialResult {
  requests: number;
  non2xx: number;
  errors: number;
  p50: number;
  p95: number;
  p99: number;
  rps: number;
  server?: ServerTimes;
  firstError?: string;
}

/**
 * Requests one after another for `durationSeconds` (one connection: what one user waits), keeping
 * every response time and Server-Timing. `request(i)` gives the i-th request.
 */
export async function runSequential(
  durationSeconds: number,
  request: (i: number) => {
    url: string;
    method: 'GET' | 'POST' | 'PUT';
    headers: Record<string, string>;
    body?: string;
  },
): Promise<SequentialResult> {
  const times: number[] = [];
  const appTimes: number[] = [];
  const sqlTimes: number[] = [];
  let non2xx = 0;
  let errors = 0;
  let firstError: string | undefined;
  const end = performance.now() + durationSeconds * 1000;
  for (let i = 0; performance.now() < end; i++) {
    const r = request(i);
    const started = performance.now();
    try {
      const res = await fetch(r.url, { method: r.method, headers: r.headers, body: r.body });
      const text = await res.text();
      times.push(performance.now() - started);
      const dur = serverDuration(res.headers.get('server-timing'));
      if (dur !== null) appTimes.push(dur);
      const sql = serverTiming(res.headers.get('server-timing'), 'sql');
      if (sql !== null) sqlTimes.push(sql);
      if (!res.ok) {
        non2xx++;
        firstError ??= `${res.status} ${text.slice(0, 2000)}`;
      } else if (r.method === 'POST' && text.includes('"ok":false')) {
        // A transition answers 200 with per-event outcomes: a refused event is a failure here.
        non2xx++;
        firstError ??= `200 with a refused event: ${text.slice(0, 2000)}`;
      } else if (r.method === 'PUT' && text.includes('"conflicts":[{')) {
        // PUT bookings answers 200 with the conflicts: a change not applied is a failure here.
        non2xx++;
        firstError ??= `200 with conflicts: ${text.slice(0, 2000)}`;
      }
    } catch (err) {
      errors++;
      firstError ??= String(err);
    }
  }
  times.sort((a, b) => a - b);
  const server = serverTimes(appTimes, sqlTimes, times.length);
  return {
    requests: times.length,
    non2xx,
    errors,
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    p99: percentile(times, 99),
    rps: times.length / durationSeconds,
    ...(server ? { server } : {}),
    ...(firstError !== undefined ? { firstError } : {}),
  };
}

/**
 * After the bulk scenario: the events back to Draft (an odd number of calls leaves them Pending)
 * and the history rows it wrote removed. Versions and updated_at stay advanced.
 */
export async function cleanUpBulk(
  database: Database,
  baseUrl: string,
  managerCookie: string,
  d: DraftsContext,
) {
  await json(
    await fetch(`${baseUrl}/api/v1/transition`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-requested-with': 'nursery', cookie: managerCookie },
      body: JSON.stringify({ ids: d.bulkIds, statusID: 1 }),
    }),
  );
  if (!d.bulkStartedAt) return 0;
  const r = await database.db.execute<{ n: number }>(sql`
    with gone as (delete from event_history where provider_id = ${d.providerId} and action = 'transition'
      and event_id = any(${sql.param(d.bulkIds)}::bigint[]) and at >= ${d.bulkStartedAt.toISOString()}::timestamptz
      returning 1)
    select count(*)::int as n from gone`);
  return r.rows[0]?.n ?? 0;
}
