// Event search and its per-type counts (spec 000 §7): the filters checked against the provider,
// the site-local day bounds, the user's visibility, keyset pages and drafts cards.
import { addDays, zonedDateTime } from '@nursery/domain/common';
import type {
  EventCountsQuery,
  EventSearchQuery,
  EventSearchResult,
  EventTypeCounts,
} from '@nursery/domain/events';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { siteTimeZone } from '../../lib/site-time-zone.ts';
import { type AuthContext, assertSite } from '../../plugins/auth.ts';
import { decodeCursor, encodeCursor } from './cursor.ts';
import { type EventPolicy, loadEventPolicy } from './policy.ts';
import { eventCard, eventSummary, timelineCard } from './presenter.ts';
import {
  cardParts,
  countEventsSql,
  type EventRow,
  type FilterIds,
  type SearchFilter,
  searchEvents,
  searchEventsSql,
  type TypeCountRow,
  timelineParts,
  unknownFilterIds,
  type Visibility,
  visibilityFromConfig,
} from './search-queries.ts';

const FILTER_NAMES: Record<keyof FilterIds, string> = {
  typeId: 'typeID',
  codeId: 'codeID',
  staffId: 'authorID',
  childIds: 'childIDs',
  roomId: 'roomID',
  areaId: 'areaID',
};
const FILTER_WHAT: Record<keyof FilterIds, string> = {
  typeId: 'is not an event type of your provider',
  codeId: 'is not an event code of your provider',
  staffId: 'is not a staff member of your provider',
  childIds: 'names a child not of your provider',
  roomId: 'is not a room of your provider',
  areaId: 'is not a framework item of your provider',
};
const invalidFilter = (name: string, what: string) =>
  new AppError(400, 'err-invalid-filter', `${name}: the filter ${what}.`);

/**
 * What the search and the counts share: the site (404 when the user may not use it), the filters
 * checked against the provider (400 err-invalid-filter naming the first unknown one), the
 * site-local day bounds and the user's visibility.
 */
async function resolveFilter(
  db: Db,
  auth: AuthContext,
  q: EventCountsQuery & { oldestFirst?: boolean },
): Promise<{ filter: SearchFilter; visibility: Visibility; policy: EventPolicy }> {
  const siteId = q.siteID ?? auth.siteId;
  if (siteId === null || siteId === undefined) {
    throw new AppError(400, 'err-invalid-request', 'siteID: choose a site first.');
  }
  assertSite(auth, siteId);
  if (q.authorID !== undefined && q.staffID !== undefined && q.authorID !== q.staffID) {
    throw invalidFilter('authorID', 'differs from staffID (the same filter)');
  }
  const staffId = q.authorID ?? q.staffID;
  const staffName = q.authorID !== undefined ? 'authorID' : 'staffID';
  // The time zone only matters for a date range; visibility comes from the (cached) configuration.
  const needsZone = q.from !== undefined || q.to !== undefined;
  const [timeZone, policy, unknown] = await Promise.all([
    needsZone ? siteTimeZone(db, auth.providerId, siteId) : null,
    loadEventPolicy(db, auth.providerId, auth.staffId),
    unknownFilterIds(db, auth.providerId, {
      typeId: q.typeID,
      codeId: q.codeID,
      staffId,
      childIds: q.childIDs,
      roomId: q.roomID,
      areaId: q.areaID,
    }),
  ]);
  const visibility = visibilityFromConfig(policy.config, auth.staffId!, auth.siteIds);
  const bad = unknown[0];
  if (bad) throw invalidFilter(bad === 'staffId' ? staffName : FILTER_NAMES[bad], FILTER_WHAT[bad]);
  return {
    visibility,
    policy,
    filter: {
      siteId,
      statusId: q.statusID,
      typeId: q.typeID,
      codeId: q.codeID,
      childIds: q.childIDs,
      roomId: q.roomID,
      authorStaffId: staffId,
      itemIds: q.itemIDs,
      areaId: q.areaID,
      fromInstant: q.from ? zonedDateTime(q.from, '00:00', timeZone!).toISOString() : undefined,
      toInstant: q.to ? zonedDateTime(addDays(q.to, 1), '00:00', timeZone!).toISOString() : undefined,
      oldestFirst: q.oldestFirst ?? false,
    },
  };
}

/**
 * GET api/v2/events: one keyset page, newest first unless oldestFirst; drafts cards with fields=cards,
 * timeline cards with fields=timeline.
 */
export async function searchEventPage(
  db: Db,
  auth: AuthContext,
  q: EventSearchQuery,
): Promise<EventSearchResult> {
  const oldestFirst = q.oldestFirst ?? false;
  // A cursor continues only the sort it was made for (400 err-invalid-cursor otherwise).
  const after = q.after ? decodeCursor(q.after, oldestFirst) : undefined;
  const before = q.before ? decodeCursor(q.before, oldestFirst) : undefined;
  const cards = q.fields === 'cards';
  const { filter, visibility, policy: rights } = await resolveFilter(db, auth, q);
  const policy = cards ? rights : null;
  const rows = await searchEvents(
    db,
    searchEventsSql(auth.providerId, filter, visibility, { limit: q.limit, after, before }),
  );
  const hasMore = rows.length > q.limit;
  // Reading backwards fetched the rows nearest the cursor first: drop the extra from the far end.
  const page = before ? rows.slice(hasMore ? 1 : 0) : rows.slice(0, q.limit);
  const first = page[0];
  const last = page.at(-1);
  const cursorOf = (r: EventRow) => encodeCursor({ raised: r.raisedKey, id: Number(r.id) }, oldestFirst);
  const ids = page.map((r) => Number(r.id));
  const parts = policy ? await cardParts(db, auth.providerId, ids) : null;
  const timeline = q.fields === 'timeline' ? await timelineParts(db, auth.providerId, page) : null;
  const summaryOf = (r: EventRow) => {
    if (parts && policy) return eventCard(r, parts.get(Number(r.id)), policy);
    if (timeline) return timelineCard(r, timeline, rights);
    return eventSummary(r);
  };
  return {
    events: page.map(summaryOf),
    next: last && (before ? true : hasMore) ? cursorOf(last) : null,
    previous: first && (before ? hasMore : after !== undefined) ? cursorOf(first) : null,
  };
}

/** GET api/v2/events/counts: events per type for the same filters (no cursor, no limit). */
export async function countEventTypes(
  db: Db,
  auth: AuthContext,
  q: EventCountsQuery,
): Promise<EventTypeCounts> {
  const { filter, visibility } = await resolveFilter(db, auth, q);
  const r = await db.execute<TypeCountRow>(countEventsSql(auth.providerId, filter, visibility));
  return { counts: r.rows.map((x) => ({ typeID: x.typeId, count: Number(x.count) })) };
}
