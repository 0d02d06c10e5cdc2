/**
 * The events timeline's filter (issue 31): the drafts list's filter (features/drafts) with a room and
 * "every status", kept in the URL's query (#/events?child=1,2&type=3…) so that a reload, Back and the
 * drawer's close keep it. Pure: timelineFilter.test.ts covers it.
 */
import type { DraftsFilter } from '../drafts';

export interface TimelineFilter extends DraftsFilter {
  /** The children's room (the search's roomID); null = every room. */
  roomID: number | null;
}

/** statusID 0: every status the user may view (the search then leaves out only Deleted). */
export const EVERY_STATUS = 0;

/** What the filter needs of the session: the current site, the user's sites and the config's lists. */
export interface TimelineFilterSession {
  site: { id: number };
  sites: readonly { id: number; rooms: readonly { id: number }[] }[];
  config: {
    eventStatuses: readonly { id: number }[];
    eventTypes: readonly { id: number }[];
  };
}

/** The timeline opens on the current site, every status, every type, newest first. */
export function defaultTimelineFilter(session: Pick<TimelineFilterSession, 'site'>): TimelineFilter {
  return {
    siteID: session.site.id,
    statusID: EVERY_STATUS,
    typeID: null,
    childIDs: [],
    authorID: null,
    areaID: null,
    from: null,
    to: null,
    oldestFirst: false,
    roomID: null,
  };
}

const MAX_CHILDREN = 120;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const AREA = /^\/-?\d+\/(-?\d+\/)*$/;

function id(raw: string | null): number | null {
  if (raw === null || !/^[1-9]\d{0,9}$/.test(raw)) return null;
  const n = Number(raw);
  return n <= 2_147_483_647 ? n : null;
}

function date(raw: string | null): string | null {
  return raw !== null && DATE.test(raw) && !Number.isNaN(Date.parse(`${raw}T00:00:00Z`)) ? raw : null;
}

/**
 * The filter a URL query stands for. Each parameter is checked against what the user has now: one
 * that is malformed, or names a site, room, status or type they do not have, is left out (that
 * filter is at its default), so an old bookmark never shows an error.
 */
export function parseTimelineFilter(params: URLSearchParams, session: TimelineFilterSession): TimelineFilter {
  const f = defaultTimelineFilter(session);
  const siteID = id(params.get('site'));
  const site = session.sites.find((s) => s.id === (siteID ?? f.siteID));
  if (siteID !== null && site) f.siteID = siteID;
  const statusID = id(params.get('status'));
  if (statusID !== null && session.config.eventStatuses.some((s) => s.id === statusID)) f.statusID = statusID;
  const typeID = id(params.get('type'));
  if (typeID !== null && session.config.eventTypes.some((t) => t.id === typeID)) f.typeID = typeID;
  const roomID = id(params.get('room'));
  if (roomID !== null && site?.rooms.some((r) => r.id === roomID)) f.roomID = roomID;
  const children = (params.get('child') ?? '').split(',').map(id);
  if (children.every((c) => c !== null) && children.length <= MAX_CHILDREN)
    f.childIDs = [...new Set(children as number[])];
  f.authorID = id(params.get('author'));
  const area = params.get('area');
  if (area !== null && area.length <= 200 && AREA.test(area)) f.areaID = area;
  f.from = date(params.get('from'));
  f.to = date(params.get('to'));
  // A range the wrong way round is read as its two ends the right way round.
  if (f.from !== null && f.to !== null && f.from > f.to) [f.from, f.to] = [f.to, f.from];
  return f;
}

/** The URL query of a filter: only what differs from the default, in a stable order. */
export function timelineSearchParams(f: TimelineFilter, defaults: TimelineFilter): URLSearchParams {
  const p = new URLSearchParams();
  if (f.siteID !== defaults.siteID) p.set('site', String(f.siteID));
  if (f.childIDs.length > 0) p.set('child', f.childIDs.join(','));
  if (f.roomID !== null) p.set('room', String(f.roomID));
  if (f.typeID !== null) p.set('type', String(f.typeID));
  if (f.statusID !== EVERY_STATUS) p.set('status', String(f.statusID));
  if (f.authorID !== null) p.set('author', String(f.authorID));
  if (f.areaID !== null) p.set('area', f.areaID);
  if (f.from !== null) p.set('from', f.from);
  if (f.to !== null) p.set('to', f.to);
  return p;
}

/** A room belongs to a site: a change of site drops it (the drafts filter drops children and author). */
export function withFilterChange(previous: TimelineFilter, next: TimelineFilter): TimelineFilter {
  return next.siteID !== previous.siteID ? { ...next, roomID: null } : next;
}

/** The event search's query (GET api/v2/events): only the filters that are set. */
export function toTimelineQuery(f: TimelineFilter): Record<string, string> {
  const q: Record<string, string> = { siteID: String(f.siteID) };
  if (f.statusID !== EVERY_STATUS) q.statusID = String(f.statusID);
  if (f.typeID !== null) q.typeID = String(f.typeID);
  if (f.childIDs.length > 0) q.childIDs = f.childIDs.join(',');
  if (f.roomID !== null) q.roomID = String(f.roomID);
  if (f.authorID !== null) q.authorID = String(f.authorID);
  if (f.areaID !== null) q.areaID = f.areaID;
  if (f.from !== null) q.from = f.from;
  if (f.to !== null) q.to = f.to;
  return q;
}
