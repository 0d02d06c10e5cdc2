// SQL of the Spotlight editor (issue 16): the parts the events module does not read (best fits,
// checkpoints, the consideration, media with their tokens), their writes, the checkpoint lists and
// the previous-spotlights panel. Every statement filters by provider_id first and is index-backed:
// best_fits_event_item_key, event_checkpoints' primary key, considerations_event_key (by event);
// development_checkpoints_tab_idx, checkpoint_notes_child_idx; events_child_type_raised_idx,
// considerations_child_idx, gradings_child_item_idx and best_fits_child_item_idx (by child).
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  bestFits,
  type CheckpointAgeRange,
  checkpointNotes,
  considerations,
  eventCheckpoints,
} from '../../db/schema/index.ts';
import { type Exec, eventVisibleSql, type PendingInsert, type Tx, type Visibility } from '../events/index.ts';

type Rows<T> = T & Record<string, unknown>;

/* ------------------------------------------------------------------------- the event's parts */

export interface SpotlightPartRows {
  bestFits: { item_id: string; age_range_id: number }[];
  checkpointIds: number[];
  checkpointNotes: { checkpoint_id: number; note: string }[];
  consideration: { id: number; status: string; notes: string | null; visible_to_parents: boolean } | null;
  media: { id: string; type: 'image' | 'video'; media_token: string }[];
}

/** Best fits, checkpoints, the consideration and the media (with tokens) of one event. */
export async function spotlightParts(
  db: Exec,
  providerId: number,
  eventId: number,
): Promise<SpotlightPartRows> {
  const [fits, cps, notes, cons, media] = await Promise.all([
    db.execute<Rows<SpotlightPartRows['bestFits'][number]>>(sql`
      select item_id, age_range_id from best_fits
      where provider_id = ${providerId} and event_id = ${eventId} order by id`),
    db.execute<{ checkpoint_id: number }>(sql`
      select checkpoint_id from event_checkpoints
      where provider_id = ${providerId} and event_id = ${eventId} order by checkpoint_id`),
    // The notes written on the event's checkpoints (checkpoint_notes_event_idx).
    db.execute<Rows<SpotlightPartRows['checkpointNotes'][number]>>(sql`
      select checkpoint_id, note from checkpoint_notes
      where provider_id = ${providerId} and event_id = ${eventId} and checkpoint_id is not null
      order by checkpoint_id`),
    db.execute<Rows<NonNullable<SpotlightPartRows['consideration']>>>(sql`
      select id, status, notes, visible_to_parents from considerations
      where provider_id = ${providerId} and event_id = ${eventId}`),
    db.execute<Rows<SpotlightPartRows['media'][number]>>(sql`
      select m.id::text as id, m.type, m.media_token from event_media em
      join media m on m.provider_id = em.provider_id and m.id = em.media_id
      where em.provider_id = ${providerId} and em.event_id = ${eventId} order by em.sort_order`),
  ]);
  return {
    bestFits: fits.rows,
    checkpointIds: cps.rows.map((r) => r.checkpoint_id),
    checkpointNotes: notes.rows,
    consideration: cons.rows[0] ?? null,
    media: media.rows,
  };
}

/** The provider's media of these ids, with the token the upload answered. */
export async function mediaWithTokens(db: Exec, providerId: number, ids: string[]) {
  if (ids.length === 0) return [];
  const r = await db.execute<{ id: string; type: 'image' | 'video'; media_token: string }>(sql`
    select id::text as id, type, media_token from media
    where provider_id = ${providerId} and id = any(${sql.param(ids)}::uuid[])`);
  return r.rows;
}

export interface CheckpointPlace {
  section: string;
  subsection: string | null;
  age_range: CheckpointAgeRange;
}

/** Of these checkpoint ids, the provider's enabled ones, with where a note on each is stored. */
export async function enabledCheckpoints(
  db: Exec,
  providerId: number,
  ids: number[],
): Promise<Map<number, CheckpointPlace>> {
  if (ids.length === 0) return new Map();
  const r = await db.execute<Rows<CheckpointPlace & { id: number }>>(sql`
    select id, section, subsection, age_range from development_checkpoints
    where provider_id = ${providerId} and enabled and id = any(${sql.param(ids)}::int[])`);
  return new Map(r.rows.map(({ id, ...place }) => [id, place]));
}

/** Whether the Birth to 5 Matters framework ('-23') is usable at the site. */
export async function birthToFiveUsable(db: Exec, providerId: number, siteId: number): Promise<boolean> {
  const r = await db.execute<{ id: string }>(sql`
    select id from frameworks
    where provider_id = ${providerId} and id = '-23' and enabled
      and not (${siteId}::int = any(disabled_site_ids))`);
  return r.rows.length > 0;
}

/* ------------------------------------------------------------------------- writes */

/**
 * The gradings of the events as one INSERT … SELECT FROM unnest(arrays): six array parameters
 * instead of seven per row, which PGlite and PostgreSQL parse and plan far faster for 255 rows.
 */
export function gradingsInsert(
  providerId: number,
  targets: { eventId: number; childId: number }[],
  list: { itemID: string; ageRangeID?: number | null; value?: number | null; notes?: string | null }[],
): PendingInsert[] {
  const rows = targets.flatMap((t) => list.map((g) => ({ t, g })));
  if (rows.length === 0) return [];
  const col = <T>(pick: (r: (typeof rows)[number]) => T) => sql.param(rows.map(pick));
  return [
    sql`insert into gradings (provider_id, event_id, child_id, item_id, age_range_id, value, notes)
      select ${providerId}, * from unnest(${col((r) => r.t.eventId)}::bigint[], ${col((r) => r.t.childId)}::int[],
        ${col((r) => r.g.itemID)}::text[], ${col((r) => r.g.ageRangeID ?? null)}::int[],
        ${col((r) => r.g.value ?? null)}::smallint[], ${col((r) => r.g.notes ?? null)}::text[])`,
  ].map((q) => ({ getSQL: () => q }));
}

export interface SpotlightPartsIn {
  bestFits: { itemID: string; ageRangeID: number }[];
  checkpointIDs: number[];
  /** Notes on the chosen checkpoints, each also at its checkpoint's section, subsection and age range. */
  checkpointNotes: (CheckpointPlace & { checkpointId: number; note: string })[];
  /** A new consideration to insert (a kept one is updated by updateConsideration). */
  newConsideration: { status: string; notes: string | null; visibleToParents: boolean } | null;
}

/** The inserts of best fits, checkpoints and a new consideration for each event (not yet run). */
export function spotlightInserts(
  tx: Tx,
  providerId: number,
  targets: { eventId: number; childId: number }[],
  parts: SpotlightPartsIn,
  author: { staffId: number | null; personId: number },
  at: Date,
): PendingInsert[] {
  const { staffId, personId: authorPersonId } = author;
  const inserts: PendingInsert[] = [];
  const fitRows = targets.flatMap((t) =>
    parts.bestFits.map((b) => ({
      providerId,
      eventId: t.eventId,
      childId: t.childId,
      itemId: b.itemID,
      ageRangeId: b.ageRangeID,
    })),
  );
  if (fitRows.length) inserts.push(tx.insert(bestFits).values(fitRows));
  const cpRows = targets.flatMap((t) =>
    parts.checkpointIDs.map((checkpointId) => ({ providerId, eventId: t.eventId, checkpointId })),
  );
  if (cpRows.length) inserts.push(tx.insert(eventCheckpoints).values(cpRows));
  const noteRows = targets.flatMap((t) =>
    parts.checkpointNotes.map((n) => ({
      providerId,
      eventId: t.eventId,
      childId: t.childId,
      checkpointId: n.checkpointId,
      section: n.section,
      subsection: n.subsection,
      ageRange: n.age_range,
      note: n.note,
      authorPersonId,
      createdAt: at,
    })),
  );
  if (noteRows.length) inserts.push(tx.insert(checkpointNotes).values(noteRows));
  const c = parts.newConsideration;
  if (c) {
    inserts.push(
      tx.insert(considerations).values(
        targets.map((t) => ({
          providerId,
          eventId: t.eventId,
          childId: t.childId,
          status: c.status as 'Monitor',
          notes: c.notes,
          visibleToParents: c.visibleToParents,
          staffId,
          createdAt: at,
        })),
      ),
    );
  }
  return inserts;
}

/**
 * An edit: deletes the gradings, media links, best fits, checkpoints and their notes (inserted again from the
 * save) and the consideration unless it is the one kept; one statement.
 */
export async function clearSpotlightParts(
  tx: Tx,
  providerId: number,
  eventId: number,
  keepConsiderationId: number | null,
) {
  await tx.execute(sql`
    with g as (delete from gradings where provider_id = ${providerId} and event_id = ${eventId}),
    m as (delete from event_media where provider_id = ${providerId} and event_id = ${eventId}),
    f as (delete from best_fits where provider_id = ${providerId} and event_id = ${eventId}),
    c as (delete from event_checkpoints where provider_id = ${providerId} and event_id = ${eventId}),
    n as (delete from checkpoint_notes where provider_id = ${providerId} and event_id = ${eventId})
    delete from considerations where provider_id = ${providerId} and event_id = ${eventId}
      and id is distinct from ${keepConsiderationId}::int`);
}

/** The event's consideration id (considerations_event_key: at most one), or null. */
export async function considerationIdOf(
  db: Exec,
  providerId: number,
  eventId: number,
): Promise<number | null> {
  const r = await db.execute<{ id: number }>(sql`
    select id from considerations where provider_id = ${providerId} and event_id = ${eventId}`);
  return r.rows[0]?.id ?? null;
}

export async function updateConsideration(
  tx: Tx,
  providerId: number,
  id: number,
  c: { status: string; notes: string | null; visibleToParents: boolean },
) {
  await tx.execute(sql`
    update considerations set status = ${c.status}, notes = ${c.notes}, visible_to_parents = ${c.visibleToParents}
    where provider_id = ${providerId} and id = ${id}`);
}

/* ------------------------------------------------------------------------- checkpoints */

export interface CheckpointRow {
  id: number;
  section: string;
  subsection: string | null;
  age_range: string;
  description: string;
  bespoke: boolean;
  enabled: boolean;
}

export async function checkpointsOf(db: Db, providerId: number, ageRange: string | null) {
  const r = await db.execute<Rows<CheckpointRow>>(sql`
    select id, section, subsection, age_range, description, bespoke, enabled from development_checkpoints
    where provider_id = ${providerId} and enabled
      ${ageRange === null ? sql`` : sql`and age_range = ${ageRange}`}
    order by age_range, section, sort_order, id`);
  return r.rows;
}

export interface CheckpointNoteRow {
  id: number;
  note: string;
  section: string;
  subsection: string | null;
  age_range: string;
  event_id: number | null;
  created_at: Date | string;
}

export async function checkpointNotesOf(
  db: Db,
  providerId: number,
  childId: number,
  ageRange: string | null,
  v: Visibility,
) {
  // A note written on an event is shown only with its event (THE visibility rule); a note of no event
  // belongs to the child, whom the caller has checked.
  const r = await db.execute<Rows<CheckpointNoteRow>>(sql`
    select n.id, n.note, n.section, n.subsection, n.age_range, n.event_id::int as event_id, n.created_at
    from checkpoint_notes n
    left join events e on e.provider_id = n.provider_id and e.id = n.event_id
    where n.provider_id = ${providerId} and n.child_id = ${childId}
      ${ageRange === null ? sql`` : sql`and n.age_range = ${ageRange}`}
      and (n.event_id is null or (e.id is not null and ${eventVisibleSql(v)}))
    order by n.created_at desc, n.id desc`);
  return r.rows;
}

/* ------------------------------------------------------------------------- previous spotlights */

const notDeleted = sql`e.status_id <> 6`;

/** An instant as ISO text with microseconds (UTC): exact for a keyset cursor, readable by Date. */
const utcText = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** Grading counts by item and value on the child's visible events of the types (best fits as 2). */
export async function gradingCounts(
  db: Db,
  providerId: number,
  childId: number,
  typeIds: number[],
  v: Visibility,
) {
  const r = await db.execute<{ item_id: string; value: number; count: number }>(sql`
    with ev as (
      select e.id from events e
      where e.provider_id = ${providerId} and e.child_id = ${childId}
        and e.type_id = any(${sql.param(typeIds)}::int[]) and ${notDeleted} and ${eventVisibleSql(v)}
    ), marks as (
      select g.item_id, coalesce(g.value, 2)::int as value from gradings g join ev on g.event_id = ev.id
      where g.provider_id = ${providerId} and g.child_id = ${childId}
      union all
      select b.item_id, 2 from best_fits b join ev on b.event_id = ev.id
      where b.provider_id = ${providerId} and b.child_id = ${childId}
    )
    select item_id, value, count(*)::int as count from marks group by item_id, value order by item_id, value`);
  return r.rows;
}

export interface PagePosition {
  at: string;
  id: number;
}

export interface ChildConsiderationRow {
  id: number;
  event_id: number;
  event_type_id: number;
  event_status_id: number;
  status: string;
  notes: string | null;
  visible_to_parents: boolean;
  created: string;
  staff_id: number | null;
  staff_forename: string | null;
  staff_surname: string | null;
}

/** The child's considerations on visible, not deleted events, newest first (limit + 1 rows). */
export async function considerationsOfChild(
  db: Db,
  providerId: number,
  childId: number,
  v: Visibility,
  limit: number,
  after: PagePosition | null,
) {
  const r = await db.execute<Rows<ChildConsiderationRow>>(sql`
    select co.id, co.event_id::int as event_id, e.type_id as event_type_id, e.status_id as event_status_id,
      co.status, co.notes, co.visible_to_parents, ${utcText(sql`co.created_at`)} as created,
      co.staff_id, p.forename as staff_forename, p.surname as staff_surname
    from considerations co
    join events e on e.provider_id = co.provider_id and e.id = co.event_id
    left join staff st on st.provider_id = co.provider_id and st.id = co.staff_id
    left join people p on p.provider_id = st.provider_id and p.id = st.person_id
    where co.provider_id = ${providerId} and co.child_id = ${childId} and ${notDeleted} and ${eventVisibleSql(v)}
      ${after ? sql`and (co.created_at, co.id) < (${after.at}::timestamptz, ${after.id})` : sql``}
    order by co.created_at desc, co.id desc
    limit ${limit + 1}`);
  return r.rows;
}

export async function considerationCountOfChild(db: Db, providerId: number, childId: number, v: Visibility) {
  const r = await db.execute<{ count: number }>(sql`
    select count(*)::int as count from considerations co
    join events e on e.provider_id = co.provider_id and e.id = co.event_id
    where co.provider_id = ${providerId} and co.child_id = ${childId} and ${notDeleted} and ${eventVisibleSql(v)}`);
  return r.rows[0]?.count ?? 0;
}

export interface ChildEventRow {
  id: number;
  type_id: number;
  code_id: number;
  status_id: number;
  raised_text: string;
  notes: string | null;
  grading_count: number;
  checkpoint_count: number;
  media_count: number;
  author_person_id: number;
  author_forename: string;
  author_surname: string;
}

/** The child's visible, not deleted events of a type, newest first (limit + 1 rows). */
export async function eventsOfChildAndType(
  db: Db,
  providerId: number,
  childId: number,
  typeId: number,
  v: Visibility,
  limit: number,
  after: PagePosition | null,
) {
  const r = await db.execute<Rows<ChildEventRow>>(sql`
    select e.id::int as id, e.type_id, e.code_id, e.status_id, ${utcText(sql`e.raised`)} as raised_text, e.notes,
      (select count(*)::int from gradings g where g.provider_id = e.provider_id and g.event_id = e.id)
        + (select count(*)::int from best_fits b where b.provider_id = e.provider_id and b.event_id = e.id)
        as grading_count,
      (select count(*)::int from event_checkpoints c where c.provider_id = e.provider_id and c.event_id = e.id)
        as checkpoint_count,
      (select count(*)::int from event_media m where m.provider_id = e.provider_id and m.event_id = e.id)
        as media_count,
      e.author_person_id, p.forename as author_forename, p.surname as author_surname
    from events e
    join people p on p.provider_id = e.provider_id and p.id = e.author_person_id
    where e.provider_id = ${providerId} and e.child_id = ${childId} and e.type_id = ${typeId}
      and ${notDeleted} and ${eventVisibleSql(v)}
      ${after ? sql`and (e.raised, e.id) < (${after.at}::timestamptz, ${after.id})` : sql``}
    order by e.raised desc, e.id desc
    limit ${limit + 1}`);
  return r.rows;
}

export async function eventCountOfChildAndType(
  db: Db,
  providerId: number,
  childId: number,
  typeId: number,
  v: Visibility,
) {
  const r = await db.execute<{ count: number }>(sql`
    select count(*)::int as count from events e
    where e.provider_id = ${providerId} and e.child_id = ${childId} and e.type_id = ${typeId}
      and ${notDeleted} and ${eventVisibleSql(v)}`);
  return r.rows[0]?.count ?? 0;
}
