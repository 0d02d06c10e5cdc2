// The `event save` scenario's set-up: the bench practitioner saves one observation (draft) for 3
// children of their site, with 10 gradings and 2 next steps linked to items. Every request carries
// a fresh uuid (a replay of a uuid writes nothing). Also: the SQL time of the save's inserts, and
// removing the events the scenario made so the cached dataset stays as generated.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../../apps/server/src/db/client.ts';
import {
  eventHistory,
  events,
  gradings,
  nextStepLinks,
  nextSteps,
} from '../../apps/server/src/db/schema/index.ts';
import { seqScannedRelations } from '../explain.ts';

export const SAVE_EMAIL = 'bench.practitioner@example.org';
/** The notes of every bench save: how the clean-up finds them. */
export const SAVE_MARKER = 'Bench event save: 3 children, 10 gradings, 2 next steps.';

export interface SaveContext {
  cookie: string;
  providerId: number;
  personId: number;
  staffId: number;
  siteId: number;
  childIds: number[];
  typeId: number;
  codeId: number;
  items: { itemID: string; ageRangeID: number | null }[];
  /** The highest event id before the scenario ran (the clean-up deletes above it). */
  maxEventId: number;
}

export type SavePayload = ReturnType<typeof savePayload>;

export function savePayload(s: SaveContext, uuid: string = randomUUID()) {
  return {
    uuid,
    raised: new Date(Date.now() - 3_600_000).toISOString(),
    statusID: 1,
    typeID: s.typeId,
    codeID: s.codeId,
    notes: SAVE_MARKER,
    childsVoice: 'I made a tower!',
    subjects: s.childIds,
    values: s.items.map((it, i) => ({ itemID: it.itemID, ageRangeID: it.ageRangeID, value: i % 3 })),
    nextSteps: [
      { notes: 'Build a taller tower with blocks.', links: [s.items[0]!.itemID, s.items[1]!.itemID] },
      { notes: 'Count the blocks together.', links: [s.items[2]!.itemID] },
    ],
  };
}

async function json(res: Response) {
  if (!res.ok) throw new Error(`${res.url}: ${res.status} ${await res.text()}`);
  return res.json();
}

/** What every save scenario starts from: the bench practitioner logged in, with their site and person. */
export interface BenchPractitioner {
  cookie: string;
  me: { staffID: number };
  siteId: number;
  providerId: number;
  person: { person_id: number } | undefined;
  q: <T>(text: string, params: unknown[]) => Promise<T[]>;
}

/** Logs the bench practitioner in (the cookie) and reads their site's provider and their person. */
export async function logInBenchPractitioner(
  database: Database,
  baseUrl: string,
  passwordHash: string,
): Promise<BenchPractitioner> {
  const headers = { 'content-type': 'application/json', 'x-requested-with': 'nursery' };
  const login = await fetch(`${baseUrl}/api/v1/login`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email: SAVE_EMAIL, password: passwordHash }),
  });
  const me = await json(login);
  const token = /nursery_sid=([^;]+)/.exec(login.headers.get('set-cookie') ?? '')?.[1];
  if (!token) throw new Error('bench practitioner login set no session cookie');
  const cookie = `nursery_sid=${token}`;
  const config = await json(await fetch(`${baseUrl}/api/v1/config`, { headers: { cookie } }));
  const siteId = config.siteID as number;
  const q = <T>(text: string, params: unknown[]) => database.query<T>(text, params);
  const [site] = await q<{ provider_id: number }>('select provider_id from sites where id = $1', [siteId]);
  if (!site) throw new Error(`bench practitioner: no site ${siteId}`);
  const providerId = site.provider_id;
  const [person] = await q<{ person_id: number }>(
    'select person_id from staff where provider_id = $1 and id = $2',
    [providerId, me.staffID],
  );
  return { cookie, me, siteId, providerId, person, q };
}

/**
 * The observation type and code and 10 leaf items the observation scheme allows (what the server's
 * checkGradings accepts), with the item's age range when the scheme asks for one: a save's gradings.
 */
export async function observationTemplate(
  q: <T>(text: string, params: unknown[]) => Promise<T[]>,
  providerId: number,
): Promise<Pick<SaveContext, 'typeId' | 'codeId' | 'items'>> {
  const [code] = await q<{ type_id: number; code_id: number }>(
    `select t.id as type_id, c.id as code_id from event_types t
       join event_codes c on c.provider_id = t.provider_id and c.type_id = t.id
     where t.provider_id = $1 and t.tag = 'observation' and c.code_key = 'observation'`,
    [providerId],
  );
  if (!code) throw new Error('no observation type and code');
  // Items the observation scheme allows (what the server's checkGradings accepts), with the
  // item's age range when the scheme asks for one.
  const items = await q<{ item_id: string; age_range_id: number | null; allow_age_range: boolean }>(
    `select fi.id as item_id, coalesce(fi.age_range_id, ar.id) as age_range_id, fs.allow_age_range
     from framework_items fi
       join framework_schemes fs on fs.provider_id = fi.provider_id and fs.framework_id = fi.framework_id
       left join lateral (select id from age_ranges a where a.provider_id = fi.provider_id
         and a.framework_id = fi.framework_id order by sort_order, id limit 1) ar on true
     where fi.provider_id = $1 and fs.event_type_id = $2 and fs.allow_next_steps and fi.enabled
       and fi.depth > 0 and not exists (select 1 from framework_items c
         where c.provider_id = fi.provider_id and c.parent_id = fi.id)
     order by fi.framework_id, fi.sort_order, fi.id limit 10`,
    [providerId, code.type_id],
  );
  if (items.length < 10) throw new Error(`the observation scheme allows only ${items.length} items`);
  return {
    typeId: code.type_id,
    codeId: code.code_id,
    items: items.map((i) => ({ itemID: i.item_id, ageRangeID: i.allow_age_range ? i.age_range_id : null })),
  };
}

export async function setUpSave(
  database: Database,
  baseUrl: string,
  passwordHash: string,
): Promise<SaveContext> {
  const { cookie, me, siteId, providerId, person, q } = await logInBenchPractitioner(
    database,
    baseUrl,
    passwordHash,
  );
  const kids = await q<{ id: number }>(
    `select id from children where provider_id = $1 and site_id = $2 order by id limit 3`,
    [providerId, siteId],
  );
  if (kids.length < 3) throw new Error(`site ${siteId} has fewer than 3 children`);
  const { typeId, codeId, items } = await observationTemplate(q, providerId);
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
    childIds: kids.map((k) => k.id),
    typeId,
    codeId,
    items,
    maxEventId: Number(max!.max),
  };
}

/** One save through the API; throws with the answer when it is not 201 (a broken payload fails early). */
export async function saveOnce(baseUrl: string, s: SaveContext) {
  const res = await fetch(`${baseUrl}/api/v2/events`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-requested-with': 'nursery', cookie: s.cookie },
    body: JSON.stringify(savePayload(s)),
  });
  const body = await res.text();
  if (res.status !== 201) throw new Error(`event save: POST api/v2/events answered ${res.status} ${body}`);
  const saved = JSON.parse(body) as Array<{ id: number; nextSteps?: unknown[] }>;
  if (saved.length !== 3 || saved[0]!.nextSteps?.length !== 2)
    throw new Error(`event save: unexpected answer ${body.slice(0, 500)}`);
}

class Rollback extends Error {}

/**
 * The SQL time of one save's writes: EXPLAIN ANALYZE (which includes foreign-key triggers) of its
 * inserts (3 events, 30 gradings, 6 next steps, 9 links, 3 history rows, as the server sends them) in one
 * transaction that is rolled back. Summed Execution Time, median of a few runs.
 */
export async function saveSqlMs(database: Database, s: SaveContext, runs = 5) {
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
        const p = savePayload(s);
        const now = new Date();
        await explain(
          tx.insert(events).values(
            s.childIds.map((childId) => ({
              providerId: s.providerId,
              saveUuid: p.uuid,
              typeId: s.typeId,
              codeId: s.codeId,
              childId,
              statusId: 1,
              siteId: s.siteId,
              authorPersonId: s.personId,
              authorStaffId: s.staffId,
              notes: p.notes,
              childsVoice: p.childsVoice,
              raised: new Date(p.raised),
              due: new Date(p.raised),
              createdAt: now,
              updatedAt: now,
            })),
          ),
        );
        const made = (
          await tx.execute<{ id: number; child_id: number }>(
            sql`select id::int8 as id, child_id from events where provider_id = ${s.providerId} and save_uuid = ${p.uuid} order by id`,
          )
        ).rows.map((r) => ({ id: Number(r.id), childId: r.child_id }));
        await explain(
          tx.insert(gradings).values(
            made.flatMap((e) =>
              p.values.map((g) => ({
                providerId: s.providerId,
                eventId: e.id,
                childId: e.childId,
                itemId: g.itemID,
                ageRangeId: g.ageRangeID,
                value: g.value,
              })),
            ),
          ),
        );
        await explain(
          tx.insert(nextSteps).values(
            made.flatMap((e) =>
              p.nextSteps.map((n) => ({
                providerId: s.providerId,
                eventId: e.id,
                childId: e.childId,
                notes: n.notes,
                authorPersonId: s.personId,
                authorStaffId: s.staffId,
              })),
            ),
          ),
        );
        const steps = (
          await tx.execute<{ id: number }>(
            sql`select id from next_steps where provider_id = ${s.providerId}
                and event_id = any(${sql.param(made.map((e) => e.id))}::bigint[]) order by id`,
          )
        ).rows;
        await explain(
          tx.insert(nextStepLinks).values(
            steps.flatMap((st, i) =>
              p.nextSteps[i % p.nextSteps.length]!.links.map((itemId) => ({
                providerId: s.providerId,
                nextStepId: st.id,
                itemId,
              })),
            ),
          ),
        );
        await explain(
          tx.insert(eventHistory).values(
            made.map((e) => ({
              providerId: s.providerId,
              eventId: e.id,
              action: 'create' as const,
              fromStatusId: null,
              toStatusId: 1,
              personId: s.personId,
              at: now,
            })),
          ),
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

/**
 * Deletes the events the scenario saved and the rows it wrote with them (gradings, next steps and
 * their links, history). With the foreign-key triggers off for the transaction (superuser:
 * PGlite, the throwaway cluster), because a plain delete's cascade scans event_subjects, which has
 * no event_id index, once per event; otherwise the plain cascading delete.
 */
export async function removeSaves(database: Database, s: SaveContext): Promise<number> {
  const mine = sql`select id from events where provider_id = ${s.providerId} and id > ${s.maxEventId}
    and notes = ${SAVE_MARKER}`;
  try {
    return await database.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`delete from next_step_links where provider_id = ${s.providerId} and next_step_id in
        (select id from next_steps where provider_id = ${s.providerId} and event_id in (${mine}))`);
      await tx.execute(
        sql`delete from next_steps where provider_id = ${s.providerId} and event_id in (${mine})`,
      );
      await tx.execute(
        sql`delete from gradings where provider_id = ${s.providerId} and event_id in (${mine})`,
      );
      await tx.execute(
        sql`delete from event_history where provider_id = ${s.providerId} and event_id in (${mine})`,
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
      [s.providerId, s.maxEventId, SAVE_MARKER],
    );
    return rows[0]?.n ?? 0;
  }
}
