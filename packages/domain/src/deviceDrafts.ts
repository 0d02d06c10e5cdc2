/**
 * Issue 13 "Drafts offline": saves made on this device and not uploaded yet (the outbox) are shown on
 * the drafts list, marked "on this device", when they would be on the list as filtered once uploaded.
 * The same filters as the server's search (GET api/v2/events, apps/server search-queries.ts
 * `searchWhere`), judged on the save's payload: site, status (any but Deleted for "all statuses"),
 * type, children, author, area of learning (a grading on an item of the area's subtree) and the
 * site-local date range of `raised`.
 */
import { type CalendarDate, toCalendarDate } from './dates.ts';
import { EventStatus } from './statuses.ts';

/** A save waiting on the device, as the list sees it (web lib/offline/db.ts OutboxEvent fits). */
export interface WaitingSave {
  siteID: number;
  /** Outbox state: 'done' means uploaded (the server's list has it now). */
  status: string;
  kind: 'create' | 'update';
  /** The stored event an update edits. */
  eventID: number | null;
  payload: {
    statusID: number;
    typeID: number;
    raised: string;
    subjects?: readonly number[];
    childID?: number | null;
    values?: readonly { itemID: string }[];
  };
}

/** The drafts list's filter (web features/drafts/filters/draftsFilter.ts DraftsFilter fits). */
export interface DraftsListFilter {
  siteID: number;
  statusID: number;
  typeID: number | null;
  childIDs: readonly number[];
  authorID: number | null;
  areaID: string | null;
  from: CalendarDate | null;
  to: CalendarDate | null;
}

export interface WaitingSaveContext {
  /** The status ids of the configuration: a filter status not among them means "every status". */
  statusIDs: readonly number[];
  /** The user's staff id (the author of every save they make); null for a user who is not staff. */
  staffID: number | null;
  /** The time zone of the filter's site (the date range is in its local days). */
  timeZone: string;
}

/** The children a save is about: a new event's subjects (one event each) or an edited draft's child. */
function savedChildIDs(payload: WaitingSave['payload']): number[] {
  const ids = [...(payload.subjects ?? [])];
  if (payload.childID) ids.push(payload.childID);
  return ids;
}

/** Whether a save waiting on this device belongs on the drafts list as filtered. */
export function waitingSaveOnList(
  item: WaitingSave,
  filter: DraftsListFilter,
  context: WaitingSaveContext,
): boolean {
  if (item.status === 'done') return false;
  if (item.siteID !== filter.siteID) return false;
  const { payload } = item;
  const allStatuses = !context.statusIDs.includes(filter.statusID);
  if (allStatuses ? payload.statusID === EventStatus.Deleted : payload.statusID !== filter.statusID)
    return false;
  if (filter.typeID !== null && payload.typeID !== filter.typeID) return false;
  if (filter.childIDs.length > 0 && !savedChildIDs(payload).some((id) => filter.childIDs.includes(id)))
    return false;
  if (filter.authorID !== null && filter.authorID !== context.staffID) return false;
  if (filter.areaID !== null) {
    const area = filter.areaID;
    if (!(payload.values ?? []).some((v) => v.itemID.startsWith(area))) return false;
  }
  if (filter.from !== null || filter.to !== null) {
    const raised = new Date(payload.raised);
    if (Number.isNaN(raised.getTime())) return false;
    const day = toCalendarDate(raised, context.timeZone);
    if (filter.from !== null && day < filter.from) return false;
    if (filter.to !== null && day > filter.to) return false;
  }
  return true;
}

/**
 * The drafts list offline or online while saves wait: the saves that belong on it (newest first, as
 * the outbox is read oldest first) and the server's cards without the events whose edit waits on this
 * device (the device's card replaces a stale server copy, even when the edit moves the event off this
 * list, e.g. published from Drafts).
 */
export function deviceDraftsList<S extends WaitingSave, E extends { id: number }>(
  waiting: readonly S[],
  serverEvents: readonly E[],
  filter: DraftsListFilter,
  context: WaitingSaveContext,
): { waiting: S[]; events: E[] } {
  const editing = new Set<number>();
  for (const item of waiting) {
    if (item.status !== 'done' && item.kind === 'update' && item.eventID !== null) editing.add(item.eventID);
  }
  return {
    waiting: waiting.filter((item) => waitingSaveOnList(item, filter, context)).reverse(),
    events: editing.size === 0 ? [...serverEvents] : serverEvents.filter((e) => !editing.has(e.id)),
  };
}
