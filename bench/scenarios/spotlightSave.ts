// The `spotlight save` scenario (issue 16: "saving an event with 255 gradings at most 100 ms server
// time"): the bench practitioner saves a snapshot draft for one child of their site with 255
// gradings through GraphQL updateEvent, each request with a fresh save uuid. Also: the SQL time of
// the save's inserts (rolled back), and removing the events it saved so the kept dataset stays as
// generated.
import { randomUUID } from 'node:crypto';
import { formatTime, toCalendarDate } from '@nursery/domain/common';
import { sql } from 'drizzle-orm';
import type { Database } from '../../apps/server/src/db/client.ts';
import { eventHistory, events, gradings } from '../../apps/server/src/db/schema/index.ts';
import { seqScannedRelations } from '../explain.ts';
import { logInBenchPractitioner } from './save.ts';

/** The notes of every spotlight bench save: how the clean-up finds them. */
export const SPOTLIGHT_SAVE_MARKER = 'Bench spotlight save: 1 child, 255 gradings.';
export const SPOTLIGHT_GRADINGS = 255;
/** The limit on the server time's p95 (one connection), on either database. */
export const SPOTLIGHT_SAVE_P95_LIMIT_MS = 100;

const SAVE = `mutation Save($input: UpdateEventInput!) { updateEvent(input: $input) { created ids status } }`;

export interface SpotlightSaveContext {
  cookie: string;
  providerId: number;
  personId: number;
  staffId: number;
  siteId: number;
  childId: number;
  typeId: number;
  codeId: number;
  items: { itemID: string; ageRangeID: number | null }[];
  maxEventId: number;
}

export async function setUpSpotlightSave(
  database: Database,
  baseUrl: string,
  passwordHash: string,
): Promise<SpotlightSaveContext> {
  const { cookie, me, siteId, providerId, person, q } = await logInBenchPractitioner(
    database,
    baseUrl,
    passwordHash,
  );
  const [kid] = await q<{ id: number }>(
    'select id from children where provider_id = $1 and site_id = $2 order by id limit 1',
    [providerId, siteId],
  );
  const [code] = await q<{ type_id: number; code_id: number }>(
    `select t.id as type_id, c.id as code_id from event_types t
       join event_codes c on c.provider_id = t.provider_id and c.type_id = t.id
     where t.provider_id = $1 and t.tag = 'snapshot' and t.enabled and c.enabled order by c.sort_order, c.id limit 1`,
    [providerId],
  );
  if (!kid || !code) throw new Error('no child or no snapshot type and code');
  // Items the snapshot schemes allow, with the item's age range when the scheme asks for one.
  const items = await q<{ item_id: string; age_range_id: number | null; allow_age_range: boolean }>(
    `select fi.id as item_id, coalesce(fi.age_range_id, ar.id) as age_range_id, fs.allow_age_range
     from framework_items fi
       join framework_schemes fs on fs.provider_id = fi.provider_id and fs.framework_id = fi.framework_id
       left join lateral (select id from age_ranges a where a.provider_id = fi.provider_id
         and a.framework_id = fi.framework_id order by sort_order, id limit 1) ar on true
     where fi.provider_id = $1 and fs.event_type_id = $2 and fi.enabled and fi.depth > 0
     order by fi.framework_id, fi.sort_order, fi.id limit ${SPOTLIGHT_GRADINGS}`,
    [providerId, code.type_id],
  );
  if (items.length < SPOTLIGHT_GRADINGS)
    throw new Error(`the snapshot schemes allow only ${items.length} items (${SPOTLIGHT_GRADINGS} needed)`);
  const [max] = await q<{ max: number }>(
    'select coalesce(max(id), 0)::int8 as max from events where provider_id = $1',
    [providerId],
  );
  return {
    cookie,
    providerId,
    personId: person!.person_id,
    staffId: me.staffID,
    siteId,
    childId: kid.id,
    typeId: code.type_id,
    codeId: code.code_id,
    items: items.map((i) => ({ itemID: i.item_id, ageRangeID: i.allow_age_range ? i.age_range_id : null })),
    maxEventId: Number(max!.max),
  };
}

/** The GraphQL body of one save (a fresh uuid each time: a replay would write nothing). */
export function spotlightSaveBody(s: SpotlightSaveContext, uuid: string = randomUUID()) {
  const at = new Date(Date.now() - 3_600_000);
  return {
    query: SAVE,
    variables: {
      input: {
        uuid,
        type: 'snapshot',
        codeID: s.codeId,
        childIDs: [s.childId],
        date: toCalendarDate(at),
        time: formatTime(at),
        notes: SPOTLIGHT_SAVE_MARKER,
        childsVoice: 'I built it all by myself!',
        gradings: s.items.map((it, i) => ({ itemID: it.itemID, ageRangeID: it.ageRangeID, value: i % 2 })),
        bestFits: [],
        checkpointIDs: [],
        considerations: [
          { status: 'Monitor', notes: 'Keep an eye on the fine motor skills.', visibleToParents: false },
        ],
        mediaTokens: [],
        statusID: 1,
      },
    },
  };
}

/** One save; throws with the answer unless it saved one event (a broken input fails before any load). */
export async function spotlightSaveOnce(baseUrl: string, s: SpotlightSaveContext) {
  const res = await fetch(`${baseUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'nursery', cookie: s.cookie },
    body: JSON.stringify(spotlightSaveBody(s)),
  });
  const body = await res.text();
  const saved = res.status === 200 ? JSON.parse(body).data?.updateEvent : null;
  if (saved?.ids.length !== 1)
    throw new Error(`spotlight save: answered ${res.status} ${body.slice(0, 500)}`);
}

class Rollback extends Error {}

/** EXPLAIN ANALYZE of the save's inserts (1 event, 255 gradings, 1 history row), rolled back; median of runs. */
export async function spotlightSaveSqlMs(database: Database, s: SpotlightSaveContext, runs = 5) {
  const times: number[] = [];
  const seqScans = new Set<string>();
  for (let run = 0; run < runs; run++) {
    let total = 0;
    try {
      await database.db.transaction(async (tx) => {
        const explain = async (q: { getSQL(): ReturnType<typeof sql> }) => {
          const r = await tx.execute<{ 'QUERY PLAN': unknown }>(
            sql`explain (analyze, buffers off, format json) ${q.getSQL()}`,
          );
          const raw = r.rows[0]!['QUERY PLAN'];
          const doc = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{
            Plan: Parameters<typeof seqScannedRelations>[0];
            'Execution Time': number;
          }>;
          total += doc[0]!['Execution Time'];
          for (const rel of seqScannedRelations(doc[0]!.Plan)) seqScans.add(rel);
        };
        const uuid = randomUUID();
        const now = new Date();
        await explain(
          tx.insert(events).values({
            providerId: s.providerId,
            saveUuid: uuid,
            typeId: s.typeId,
            codeId: s.codeId,
            childId: s.childId,
            statusId: 1,
            siteId: s.siteId,
            authorPersonId: s.personId,
            authorStaffId: s.staffId,
            notes: SPOTLIGHT_SAVE_MARKER,
            raised: now,
            due: now,
            createdAt: now,
            updatedAt: now,
          }),
        );
        const [made] = (
          await tx.execute<{ id: number }>(
            sql`select id::int8 as id from events where provider_id = ${s.providerId} and save_uuid = ${uuid}`,
          )
        ).rows;
        const eventId = Number(made!.id);
        await explain(
          tx.insert(gradings).values(
            s.items.map((g, i) => ({
              providerId: s.providerId,
              eventId,
              childId: s.childId,
              itemId: g.itemID,
              ageRangeId: g.ageRangeID,
              value: i % 2,
            })),
          ),
        );
        await explain(
          tx.insert(eventHistory).values({
            providerId: s.providerId,
            eventId,
            action: 'create' as const,
            fromStatusId: null,
            toStatusId: 1,
            personId: s.personId,
            at: now,
          }),
        );
        throw new Rollback();
      });
    } catch (err) {
      if (!(err instanceof Rollback)) throw err;
    }
    times.push(total);
  }
  times.sort((a, b) => a - b);
  return { ms: times[Math.floor(times.length / 2)]!, seqScans: [...seqScans] };
}

/** Deletes the events the scenario saved with their gradings, consideration and history (as removeSaves). */
export async function removeSpotlightSaves(database: Database, s: SpotlightSaveContext): Promise<number> {
  const mine = sql`select id from events where provider_id = ${s.providerId} and id > ${s.maxEventId}
    and notes = ${SPOTLIGHT_SAVE_MARKER}`;
  try {
    return await database.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      for (const table of ['gradings', 'considerations', 'event_history'])
        await tx.execute(
          sql`delete from ${sql.identifier(table)} where provider_id = ${s.providerId} and event_id in (${mine})`,
        );
      const gone = await tx.execute<{ n: number }>(
        sql`with gone as (delete from events where provider_id = ${s.providerId} and id in (${mine}) returning 1)
            select count(*)::int as n from gone`,
      );
      return gone.rows[0]?.n ?? 0;
    });
  } catch {
    const rows = await database.query<{ n: number }>(
      `with gone as (delete from events where provider_id = $1 and id > $2 and notes = $3 returning 1)
       select count(*)::int as n from gone`,
      [s.providerId, s.maxEventId, SPOTLIGHT_SAVE_MARKER],
    );
    return rows[0]?.n ?? 0;
  }
}
