/**
 * The drafts list filter (spec 000 §2 "Drafts list", §3 "Drafts filter"): its default, its
 * per-user persistence in localStorage and the search query it becomes (GET /api/v2/events).
 */
import { EventStatus } from '@nursery/domain/common';
import { useCallback, useState } from 'react';
import { useSession } from '../../auth';

export interface DraftsFilter {
  siteID: number;
  statusID: number;
  typeID: number | null;
  childIDs: number[];
  authorID: number | null;
  areaID: string | null;
  from: string | null;
  to: string | null;
  oldestFirst: boolean;
}

interface StatusFlags {
  id: number;
  incomplete: boolean;
  awaitingApproval: boolean;
}

/** What the filter needs of the session (the real Session fits; tests pass a small object). */
export interface DraftsFilterSession {
  site: { id: number };
  sites: readonly { id: number }[];
  config: {
    eventStatuses: readonly StatusFlags[];
    eventTypes: readonly { id: number; ownRoleIDs: readonly number[]; othersRoleIDs: readonly number[] }[];
    eventRoles: readonly { id: number; viewStatusIDs: readonly number[] }[];
  };
}

/**
 * The statuses the user can view on some event type: the view lists of the event roles their
 * types give them (own or others'). These are the choices of the status filter.
 */
export function viewableStatusIDs(config: DraftsFilterSession['config']): number[] {
  const roleIDs = new Set(config.eventTypes.flatMap((t) => [...t.ownRoleIDs, ...t.othersRoleIDs]));
  const ids = new Set(config.eventRoles.filter((r) => roleIDs.has(r.id)).flatMap((r) => r.viewStatusIDs));
  return config.eventStatuses.filter((s) => ids.has(s.id)).map((s) => s.id);
}

/** The draft status is the incomplete one not awaiting approval (spec 000 §4). */
export function draftStatusID(statuses: readonly StatusFlags[]): number {
  return statuses.find((s) => s.incomplete && !s.awaitingApproval)?.id ?? EventStatus.Draft;
}

/** The current site, Draft status, no other filter, newest first. */
export function defaultDraftsFilter(session: Pick<DraftsFilterSession, 'site' | 'config'>): DraftsFilter {
  return {
    siteID: session.site.id,
    statusID: draftStatusID(session.config.eventStatuses),
    typeID: null,
    childIDs: [],
    authorID: null,
    areaID: null,
    from: null,
    to: null,
    oldestFirst: false,
  };
}

/** Children, author and area of learning belong to a site: a site change drops them. */
export function withSite<F extends DraftsFilter>(filter: F, siteID: number): F {
  if (filter.siteID === siteID) return filter;
  return { ...filter, siteID, childIDs: [], authorID: null, areaID: null };
}

export const MAX_FILTER_CHILDREN = 120;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const AREA = /^\/-?\d+\/(-?\d+\/)*$/;

const isId = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v > 0;
const isDate = (v: unknown): v is string =>
  typeof v === 'string' && DATE.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`));

/**
 * A stored filter checked against what the user has now: garbage, a site the user no longer has,
 * a status they cannot view or a type that no longer exists gives null (the caller uses the default).
 */
export function parseStoredFilter(raw: string | null, session: DraftsFilterSession): DraftsFilter | null {
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const v = value as Record<string, unknown>;
  if (!isId(v.siteID) || !session.sites.some((s) => s.id === v.siteID)) return null;
  if (typeof v.statusID !== 'number' || !viewableStatusIDs(session.config).includes(v.statusID)) return null;
  if (v.typeID !== null && !(isId(v.typeID) && session.config.eventTypes.some((t) => t.id === v.typeID)))
    return null;
  if (!Array.isArray(v.childIDs) || v.childIDs.length > MAX_FILTER_CHILDREN || !v.childIDs.every(isId))
    return null;
  if (v.authorID !== null && !isId(v.authorID)) return null;
  if (v.areaID !== null && !(typeof v.areaID === 'string' && v.areaID.length <= 200 && AREA.test(v.areaID)))
    return null;
  if (v.from !== null && !isDate(v.from)) return null;
  if (v.to !== null && !isDate(v.to)) return null;
  if (typeof v.oldestFirst !== 'boolean') return null;
  return {
    siteID: v.siteID,
    statusID: v.statusID,
    typeID: v.typeID,
    childIDs: [...new Set(v.childIDs)],
    authorID: v.authorID,
    areaID: v.areaID,
    from: v.from,
    to: v.to,
    oldestFirst: v.oldestFirst,
  };
}

/** One stored filter per user (several people may share a tablet). */
export function draftsFilterStorageKey(userID: number): string {
  return `nursery.draftsFilter.${userID}`;
}

/** The GET /api/v2/events query: only the filters that are set, always fields=cards. */
export function toSearchQuery(f: DraftsFilter): Record<string, string> {
  const q: Record<string, string> = { siteID: String(f.siteID), statusID: String(f.statusID) };
  if (f.typeID !== null) q.typeID = String(f.typeID);
  if (f.childIDs.length > 0) q.childIDs = f.childIDs.join(',');
  if (f.authorID !== null) q.authorID = String(f.authorID);
  if (f.areaID !== null) q.areaID = f.areaID;
  if (f.from !== null) q.from = f.from;
  if (f.to !== null) q.to = f.to;
  if (f.oldestFirst) q.oldestFirst = 'true';
  q.fields = 'cards';
  return q;
}

/** How many filters differ from the default (the "Clear filters" button shows when any does). */
export function changedFilterCount(f: DraftsFilter, defaults: DraftsFilter): number {
  let n = 0;
  if (f.siteID !== defaults.siteID) n++;
  if (f.statusID !== defaults.statusID) n++;
  if (f.typeID !== defaults.typeID) n++;
  if (f.childIDs.length > 0) n++;
  if (f.authorID !== defaults.authorID) n++;
  if (f.areaID !== defaults.areaID) n++;
  if (f.from !== defaults.from || f.to !== defaults.to) n++;
  if (f.oldestFirst !== defaults.oldestFirst) n++;
  return n;
}

function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null; // storage switched off (private mode): the default each time
  }
}

function writeStorage(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Full or switched off: the filter still works for this visit.
  }
}

/** The user's drafts filter, kept in localStorage under their user id (survives a reload). */
export function useDraftsFilter(): [DraftsFilter, (next: DraftsFilter) => void] {
  const session = useSession();
  const key = draftsFilterStorageKey(session.me.userID);
  const [state, setState] = useState(() => ({
    key,
    filter: parseStoredFilter(readStorage(key), session) ?? defaultDraftsFilter(session),
  }));
  // Another user on the same tablet: their own stored filter.
  let current = state;
  if (state.key !== key) {
    current = { key, filter: parseStoredFilter(readStorage(key), session) ?? defaultDraftsFilter(session) };
    setState(current);
  }
  const set = useCallback(
    (next: DraftsFilter) => {
      writeStorage(key, JSON.stringify(next));
      setState({ key, filter: next });
    },
    [key],
  );
  return [current.filter, set];
}
