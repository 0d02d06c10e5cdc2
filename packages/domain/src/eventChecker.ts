/**
 * Event Checker rules (spec 001 §3 "Event checker report", §4 "Event Checker", §9 "Event Checker,
 * key-children display"): whether a key child's latest snapshot or learning story is up to date, due
 * soon (a warning) or overdue, given the frequency/period settings (EVENT_CHECKER_SETTINGS, limits.ts),
 * and which children count towards a staff member's warning counts. The two-year-check status is
 * `twoYearCheckStatus` (dates.ts). The server decides every status; the web only shows it.
 */
import {
  addDays,
  type CalendarDate,
  daysBetween,
  spotlightDueDate,
  type TwoYearCheckStatus,
} from './dates.ts';
import { EVENT_CHECKER_SETTINGS } from './limits.ts';

/** The Event Checker's event types (spec 001 §3: snapshots and learning stories). */
export const EVENT_CHECKER_EVENT_TYPES = ['snapshot', 'learningStory'] as const;
export type EventCheckerEventType = (typeof EVENT_CHECKER_EVENT_TYPES)[number];

/** Staff picker maximum (spec 001 §5, §9). */
export const EVENT_CHECKER_STAFF_MAX = 50;

/**
 * OURS (spec 001 §9 "period values: not shown"; docs/decisions.md "Issue 17: Event Checker"): how many
 * days before its due date a spotlight turns to a warning ("due soon"). About a quarter of the
 * interval: 3 of a snapshot's 14 days, 14 of a learning story's 91.
 */
export const EVENT_CHECKER_WARNING_DAYS: Readonly<Record<EventCheckerEventType, number>> = {
  snapshot: 3,
  learningStory: 14,
};

/** OURS: the default From date of the range: one learning-story interval (91 days) before today. */
export const EVENT_CHECKER_DEFAULT_RANGE_DAYS = EVENT_CHECKER_SETTINGS.learningStory.periodDays;

/**
 * A spotlight cell's status: 'done' (up to date), 'warning' (due within the warning days), 'overdue'
 * (after its due date) or 'missing' (none in the date range: one is due now).
 */
export type SpotlightCheckStatus = 'done' | 'warning' | 'overdue' | 'missing';

export interface SpotlightCheck {
  status: SpotlightCheckStatus;
  /** `spotlightDueDate`: the latest date plus periodDays / frequency; `asOf` without one. */
  dueDate: CalendarDate;
}

/**
 * The status of a child's snapshot or learning story on `asOf` (the end of the range, at most today),
 * from the latest one in the range (null: none), the frequency/period setting and the warning days.
 */
export function spotlightCheck(
  latest: CalendarDate | null,
  type: EventCheckerEventType,
  asOf: CalendarDate,
  setting: { frequency: number; periodDays: number } = EVENT_CHECKER_SETTINGS[type],
  warningDays: number = EVENT_CHECKER_WARNING_DAYS[type],
): SpotlightCheck {
  const dueDate = spotlightDueDate(latest, setting, asOf);
  if (latest === null) return { status: 'missing', dueDate };
  const daysLeft = daysBetween(asOf, dueDate);
  if (daysLeft < 0) return { status: 'overdue', dueDate };
  if (daysLeft <= warningDays) return { status: 'warning', dueDate };
  return { status: 'done', dueDate };
}

/** A spotlight cell that needs attention (counted in spotlightWarningCount). */
export function isSpotlightWarning(status: SpotlightCheckStatus): boolean {
  return status !== 'done';
}

/** A two-year check that needs attention: warning from 33 months, overdue after the third birthday. */
export function isTwoYearCheckWarning(status: TwoYearCheckStatus): boolean {
  return status === 'warning' || status === 'overdue';
}

/** The day statuses are judged on: the end of the range, never after today. */
export function eventCheckerAsOf(dateTo: CalendarDate, today: CalendarDate): CalendarDate {
  return dateTo < today ? dateTo : today;
}

/** The default filter range: EVENT_CHECKER_DEFAULT_RANGE_DAYS before today, to today. */
export function eventCheckerDefaultRange(today: CalendarDate): {
  dateFrom: CalendarDate;
  dateTo: CalendarDate;
} {
  return { dateFrom: addDays(today, -EVENT_CHECKER_DEFAULT_RANGE_DAYS), dateTo: today };
}
