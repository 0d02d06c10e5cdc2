// Media rows and the event type's media flags. Every statement filters by provider_id first.
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { eventTypes } from '../../db/schema/eventConfig.ts';
import { media } from '../../db/schema/media.ts';
import { eventVisibleSql, type Visibility } from '../events/index.ts';

export type MediaRow = typeof media.$inferSelect;
export type NewMediaRow = typeof media.$inferInsert;
/** The database or an open transaction. */
type Exec = Pick<Db, 'select' | 'insert'>;

export async function findMedia(db: Exec, providerId: number, id: string): Promise<MediaRow | undefined> {
  const rows = await db
    .select()
    .from(media)
    .where(and(eq(media.providerId, providerId), eq(media.id, id)))
    .limit(1);
  return rows[0];
}

/**
 * The medium when the user may see it, in one statement: attached to an event the user may open
 * (the rule of GET api/v2/events/{id}, eventVisibleSql), or their own upload not attached to any
 * event yet (the editor previews what it just uploaded). Reads through event_media_media_idx and the
 * events primary key; undefined otherwise, so the caller answers 404 without telling the two apart.
 */
export async function findViewableMedia(
  db: Exec,
  providerId: number,
  id: string,
  viewer: { personId: number; visibility: Visibility },
): Promise<MediaRow | undefined> {
  const rows = await db
    .select()
    .from(media)
    .where(
      and(
        eq(media.providerId, providerId),
        eq(media.id, id),
        sql`(exists (select 1 from event_media em
                     join events e on e.provider_id = em.provider_id and e.id = em.event_id
                     where em.provider_id = ${media.providerId} and em.media_id = ${media.id}
                       and ${eventVisibleSql(viewer.visibility)})
             or (${media.uploadedByPersonId} = ${viewer.personId}
                 and not exists (select 1 from event_media em
                                 where em.provider_id = ${media.providerId} and em.media_id = ${media.id})))`,
      ),
    )
    .limit(1);
  return rows[0];
}

/**
 * The children of the events holding the medium that the viewer may open (the audit trail's rows of
 * a photo read: one per child shown in it; none for an upload not attached yet).
 */
export async function mediaChildIds(
  db: Pick<Db, 'execute'>,
  providerId: number,
  id: string,
  visibility: Visibility,
): Promise<(number | null)[]> {
  const r = await db.execute<{ child_id: number | null }>(sql`
    select distinct e.child_id from event_media em
    join events e on e.provider_id = em.provider_id and e.id = em.event_id
    where em.provider_id = ${providerId} and em.media_id = ${id} and ${eventVisibleSql(visibility)}`);
  return r.rows.map((row) => (row.child_id === null ? null : Number(row.child_id)));
}

export async function insertMedia(db: Exec, row: NewMediaRow): Promise<MediaRow> {
  const [stored] = await db.insert(media).values(row).returning();
  if (!stored) throw new Error('media insert returned no row');
  return stored;
}

export async function eventTypeMediaFlags(db: Exec, providerId: number, typeId: number) {
  const rows = await db
    .select({
      id: eventTypes.id,
      tag: eventTypes.tag,
      value: eventTypes.value,
      addMedia: eventTypes.addMedia,
      addPhoto: eventTypes.addPhoto,
      addVideo: eventTypes.addVideo,
    })
    .from(eventTypes)
    .where(and(eq(eventTypes.providerId, providerId), eq(eventTypes.id, typeId)))
    .limit(1);
  return rows[0];
}
