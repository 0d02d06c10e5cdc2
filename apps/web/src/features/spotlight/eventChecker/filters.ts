/**
 * The Event Checker's filter state (spec 001 §2, §4 "Results are shown only after Filter", §8): the
 * defaults, which begin message shows, the request a Filter sends, and the copy kept for the tab
 * (sessionStorage) so the filters survive a visit to the editor, a reload or going offline.
 */
import { type CalendarDate, isCalendarDate, type MessageKey } from '@nursery/domain/common';
import {
  EVENT_CHECKER_EVENT_TYPES,
  EVENT_CHECKER_STAFF_MAX,
  type EventCheckerEventType,
  eventCheckerDefaultRange,
} from '@nursery/domain/spotlight';
import type { EventCheckerRequest } from './api';

export interface EventCheckerFilters {
  staffIDs: number[];
  dateFrom: CalendarDate;
  dateTo: CalendarDate;
  frameworkID: string | null;
  eventTypes: EventCheckerEventType[];
}

export function defaultFilters(today: CalendarDate): EventCheckerFilters {
  return {
    staffIDs: [],
    ...eventCheckerDefaultRange(today),
    frameworkID: null,
    eventTypes: [...EVENT_CHECKER_EVENT_TYPES],
  };
}

/** What stops a Filter: the range or the event types (the staff are judged by `beginMessage`). */
export function filterProblem(
  f: EventCheckerFilters,
): 'event-checker-range-invalid' | 'event-checker-types-required' | null {
  if (!isCalendarDate(f.dateFrom) || !isCalendarDate(f.dateTo) || f.dateFrom > f.dateTo) {
    return 'event-checker-range-invalid';
  }
  if (f.eventTypes.length === 0) return 'event-checker-types-required';
  return null;
}

/**
 * The message shown instead of results (spec 001 §8): before a Filter 'Select some staff to begin.'
 * (may choose staff, none chosen) or 'Click Filter to view the event checker.'; a Filter with no staff
 * chosen gives 'Select some staff to view the event checker.'. None once results are shown.
 */
export function beginMessage(s: {
  canSelectStaff: boolean;
  staffCount: number;
  applied: boolean;
  filterTried: boolean;
}): MessageKey | null {
  if (s.applied) return null;
  if (s.canSelectStaff && s.staffCount === 0) {
    return s.filterTried ? 'select-staff-event-checker' : 'select-some-staff-to-begin';
  }
  return 'click-filter-event-checker';
}

/** The request of a Filter; null while staff must be chosen first. */
export function filterRequest(
  siteID: number,
  canSelectStaff: boolean,
  f: EventCheckerFilters,
): EventCheckerRequest | null {
  if (filterProblem(f)) return null;
  if (canSelectStaff && f.staffIDs.length === 0) return null;
  return {
    siteID,
    staffIDs: canSelectStaff ? f.staffIDs.slice(0, EVENT_CHECKER_STAFF_MAX) : null,
    dateFrom: f.dateFrom,
    dateTo: f.dateTo,
    frameworkID: f.frameworkID,
    eventTypes: EVENT_CHECKER_EVENT_TYPES.filter((t) => f.eventTypes.includes(t)),
  };
}

export interface StoredEventChecker {
  filters: EventCheckerFilters;
  /** The last Filter's request, shown again on return (null before a Filter). */
  applied: EventCheckerRequest | null;
}

const storageKey = (siteID: number) => `event-checker:${siteID}`;

const isFilters = (v: unknown): v is EventCheckerFilters => {
  const f = v as EventCheckerFilters | null;
  return (
    typeof f === 'object' &&
    f !== null &&
    Array.isArray(f.staffIDs) &&
    f.staffIDs.every((id) => Number.isInteger(id) && id > 0) &&
    isCalendarDate(f.dateFrom) &&
    isCalendarDate(f.dateTo) &&
    (f.frameworkID === null || typeof f.frameworkID === 'string') &&
    Array.isArray(f.eventTypes) &&
    f.eventTypes.every((t) => (EVENT_CHECKER_EVENT_TYPES as readonly string[]).includes(t))
  );
};

/** The tab's copy for the site, else the defaults (a damaged copy is ignored). */
export function loadStored(
  storage: Pick<Storage, 'getItem'> | null,
  siteID: number,
  today: CalendarDate,
): StoredEventChecker {
  try {
    const raw = storage?.getItem(storageKey(siteID));
    const parsed = raw ? (JSON.parse(raw) as StoredEventChecker) : null;
    if (parsed && isFilters(parsed.filters)) {
      const applied =
        parsed.applied && isFilters({ ...parsed.applied, staffIDs: parsed.applied.staffIDs ?? [] })
          ? parsed.applied
          : null;
      return { filters: parsed.filters, applied: applied?.siteID === siteID ? applied : null };
    }
  } catch {
    // Storage unavailable or the copy unreadable: start from the defaults.
  }
  return { filters: defaultFilters(today), applied: null };
}

export function saveStored(
  storage: Pick<Storage, 'setItem'> | null,
  siteID: number,
  value: StoredEventChecker,
): void {
  try {
    storage?.setItem(storageKey(siteID), JSON.stringify(value));
  } catch {
    // A full or blocked storage only loses the copy; the screen keeps its state.
  }
}
