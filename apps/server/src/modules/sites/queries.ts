// Sites, rooms, closures and sessions (combos) for the settings hub's Sites page (issue 29). Every query
// is filtered by provider_id first; the list is keyset-paged on (name, id) by sites_name_idx.
import { and, asc, count, eq, gt, gte, ilike, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { children, rooms, sessionCombos, siteClosures, sites, staff } from '../../db/schema/index.ts';

export type SiteRow = typeof sites.$inferSelect & { roomCount: number };
export type RoomRow = typeof rooms.$inferSelect & { childCount: number };
export type ClosureRow = typeof siteClosures.$inferSelect;
export type SessionRow = typeof sessionCombos.$inferSelect;

// Written out in SQL: inside a subquery Drizzle names a column without its table, which would bind
// to the subquery's own table.
const roomCount = sql<number>`(select count(*)::int from rooms r
  where r.provider_id = sites.provider_id and r.site_id = sites.id and r.archived_at is null)`;

/** Children who have not left by `today` (a leave date in the past ends their place). */
const notLeft = (today: string) => or(isNull(children.endDate), gte(children.endDate, today));

export interface SitePage {
  siteIds: readonly number[];
  q?: string;
  withArchived: boolean;
  after?: { name: string; id: number };
  limit: number;
}

/** One page of the user's sites by name (limit + 1 rows: the extra one says there is more). */
export function listSiteRows(db: Db, providerId: number, page: SitePage): Promise<SiteRow[]> {
  if (page.siteIds.length === 0) return Promise.resolve([]);
  const escaped = page.q?.trim().replace(/[\\%_]/g, (c) => `\\${c}`);
  return db
    .select({ site: sites, roomCount })
    .from(sites)
    .where(
      and(
        eq(sites.providerId, providerId),
        inArray(sites.id, [...page.siteIds]),
        page.withArchived ? undefined : isNull(sites.archivedAt),
        escaped ? ilike(sites.name, `%${escaped}%`) : undefined,
        page.after
          ? or(
              gt(sites.name, page.after.name),
              and(eq(sites.name, page.after.name), gt(sites.id, page.after.id)),
            )
          : undefined,
      ),
    )
    .orderBy(asc(sites.name), asc(sites.id))
    .limit(page.limit + 1)
    .then((rows) => rows.map((r) => ({ ...r.site, roomCount: r.roomCount })));
}

export async function findSiteRow(db: Db, providerId: number, siteId: number): Promise<SiteRow | null> {
  const [row] = await db
    .select({ site: sites, roomCount })
    .from(sites)
    .where(and(eq(sites.providerId, providerId), eq(sites.id, siteId)));
  return row ? { ...row.site, roomCount: row.roomCount } : null;
}

/** The ids and names of the provider's sites, to check a name is free. */
export function siteNames(db: Db, providerId: number) {
  return db.select({ id: sites.id, name: sites.name }).from(sites).where(eq(sites.providerId, providerId));
}

/** What is still attached to a site: children who have not left, staff based there. */
export async function siteAttachments(db: Db, providerId: number, siteId: number, today: string) {
  const [kids] = await db
    .select({ n: count() })
    .from(children)
    .where(and(eq(children.providerId, providerId), eq(children.siteId, siteId), notLeft(today)));
  const [members] = await db
    .select({ n: count() })
    .from(staff)
    .where(and(eq(staff.providerId, providerId), eq(staff.siteId, siteId)));
  return { children: Number(kids?.n ?? 0), staff: Number(members?.n ?? 0) };
}

/** A site's rooms in their order, archived ones included, with the children in each today. */
export function roomRows(db: Db, providerId: number, siteId: number, today: string): Promise<RoomRow[]> {
  const childCount = sql<number>`(select count(*)::int from children c
    where c.provider_id = rooms.provider_id and c.room_id = rooms.id
      and (c.end_date is null or c.end_date >= ${today}))`;
  return db
    .select({ room: rooms, childCount })
    .from(rooms)
    .where(and(eq(rooms.providerId, providerId), eq(rooms.siteId, siteId)))
    .orderBy(asc(rooms.sortOrder), asc(rooms.name), asc(rooms.id))
    .then((rows) => rows.map((r) => ({ ...r.room, childCount: r.childCount })));
}

/** Closures ending today or later, soonest first (site_closures_site_ends_idx). */
export function closureRows(db: Db, providerId: number, siteId: number, today: string) {
  return db
    .select()
    .from(siteClosures)
    .where(
      and(
        eq(siteClosures.providerId, providerId),
        eq(siteClosures.siteId, siteId),
        gte(siteClosures.endsOn, today),
      ),
    )
    .orderBy(asc(siteClosures.startsOn), asc(siteClosures.id))
    .limit(200);
}

export function sessionRows(db: Db, providerId: number, siteId: number) {
  return db
    .select()
    .from(sessionCombos)
    .where(and(eq(sessionCombos.providerId, providerId), eq(sessionCombos.siteId, siteId)))
    .orderBy(asc(sessionCombos.sortOrder), asc(sessionCombos.start), asc(sessionCombos.id));
}
