/**
 * Dates and times (spec 000 §9, 001 §5/§9, 002 §9). Calendar dates are 'YYYY-MM-DD' strings
 * (the route format); instants are Date objects shown in the site's time zone.
 */
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat.js';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import {
  OBSERVATION_RECENT_DAYS,
  TWO_YEAR_CHECK_MAX_MONTHS,
  TWO_YEAR_CHECK_MIN_MONTHS,
  TWO_YEAR_STATUS_MIN_MONTHS,
  TWO_YEAR_STATUS_WARNING_MONTHS,
} from './limits.ts';

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.extend(customParseFormat);

export const SITE_TIME_ZONE_DEFAULT = 'Europe/London';
export const DATE_FORMAT = 'DD/MM/YYYY';
export const SHORT_DATE_FORMAT = 'DD/MM';
export const TIME_FORMAT = 'HH:mm';
export const ROUTE_DATE_FORMAT = 'YYYY-MM-DD';
export const EXPORT_DATE_FORMAT = 'DD-MM-YYYY';

/** A calendar date, 'YYYY-MM-DD'. */
export type CalendarDate = string;

/** Injectable time source. */
export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };
export function fixedClock(at: Date | string): Clock {
  const ms = new Date(at).getTime();
  return { now: () => new Date(ms) };
}

interface Ymd {
  y: number;
  m: number; // 1-12
  d: number;
}

function parseYmd(date: CalendarDate): Ymd | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) return null;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (m < 1 || m > 12 || d < 1 || d > daysInMonth(y, m)) return null;
  return { y, m, d };
}

function requireYmd(date: CalendarDate): Ymd {
  const ymd = parseYmd(date);
  if (!ymd) throw new RangeError(`Invalid calendar date: ${date}`);
  return ymd;
}

function daysInMonth(y: number, m: number): number {
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

function pad(n: number, width = 2): string {
  return String(n).padStart(width, '0');
}

function fromYmd({ y, m, d }: Ymd): CalendarDate {
  return `${pad(y, 4)}-${pad(m)}-${pad(d)}`;
}

/** True for a real calendar date in 'YYYY-MM-DD' form (e.g. '2024-02-30' is false). */
export function isCalendarDate(value: string): boolean {
  return parseYmd(value) !== null;
}

/** A route date parameter, or null when it is not a valid 'YYYY-MM-DD' date. */
export function parseRouteDate(value: string | null | undefined): CalendarDate | null {
  return value != null && isCalendarDate(value) ? value : null;
}

/** The calendar date of an instant in the given zone. */
export function toCalendarDate(instant: Date, tz: string = SITE_TIME_ZONE_DEFAULT): CalendarDate {
  return dayjs(instant).tz(tz).format(ROUTE_DATE_FORMAT);
}

/** Today's date in the given zone. */
export function todayInZone(now: Date, tz: string = SITE_TIME_ZONE_DEFAULT): CalendarDate {
  return toCalendarDate(now, tz);
}

/** The instant of a local date and 'HH:mm' time in the given zone. */
export function zonedDateTime(date: CalendarDate, time: string, tz: string = SITE_TIME_ZONE_DEFAULT): Date {
  requireYmd(date);
  if (!/^([01]\d|2[0-3]):[0-5]\d$/.test(time)) throw new RangeError(`Invalid time: ${time}`);
  return dayjs.tz(`${date} ${time}`, 'YYYY-MM-DD HH:mm', tz).toDate();
}

function formatIn(value: Date | CalendarDate, format: string, tz: string): string {
  if (typeof value === 'string') {
    const ymd = parseYmd(value);
    if (ymd) return dayjs(fromYmd(ymd), ROUTE_DATE_FORMAT, true).format(format);
    return dayjs(value).tz(tz).format(format);
  }
  return dayjs(value).tz(tz).format(format);
}

/** DD/MM/YYYY. A calendar date is shown as is; an instant in the zone. */
export function formatDate(value: Date | string, tz: string = SITE_TIME_ZONE_DEFAULT): string {
  return formatIn(value, DATE_FORMAT, tz);
}

/** DD/MM (key-children table). */
export function formatShortDate(value: Date | string, tz: string = SITE_TIME_ZONE_DEFAULT): string {
  return formatIn(value, SHORT_DATE_FORMAT, tz);
}

/** HH:mm in the zone. */
export function formatTime(value: Date | string, tz: string = SITE_TIME_ZONE_DEFAULT): string {
  return dayjs(value).tz(tz).format(TIME_FORMAT);
}

export function addDays(date: CalendarDate, days: number): CalendarDate {
  const { y, m, d } = requireYmd(date);
  const t = new Date(Date.UTC(y, m - 1, d + days));
  return fromYmd({ y: t.getUTCFullYear(), m: t.getUTCMonth() + 1, d: t.getUTCDate() });
}

/** Adds months; a day missing in the target month becomes its last day (31 Jan + 1 = 28/29 Feb). */
export function addMonths(date: CalendarDate, months: number): CalendarDate {
  const { y, m, d } = requireYmd(date);
  const index = y * 12 + (m - 1) + months;
  const ty = Math.floor(index / 12);
  const tm = index - ty * 12 + 1;
  return fromYmd({ y: ty, m: tm, d: Math.min(d, daysInMonth(ty, tm)) });
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: CalendarDate, to: CalendarDate): number {
  const a = requireYmd(from);
  const b = requireYmd(to);
  return Math.round((Date.UTC(b.y, b.m - 1, b.d) - Date.UTC(a.y, a.m - 1, a.d)) / 86_400_000);
}

/**
 * Completed months of age on `date`. A month is completed on the same day of the month as the
 * birth date, or on the last day of a shorter month (born 31 Jan: 1 month on 28/29 Feb).
 */
export function ageInMonths(dob: CalendarDate, date: CalendarDate): number {
  const b = requireYmd(dob);
  const t = requireYmd(date);
  let months = (t.y - b.y) * 12 + (t.m - b.m);
  if (t.d < b.d && t.d < daysInMonth(t.y, t.m)) months -= 1;
  return months;
}

export interface TwoYearCheckWindow {
  ageMonths: number;
  /** First date in the window (22 months). */
  from: CalendarDate;
  /** Last date in the window (the day before 37 months: age 36 months completed). */
  to: CalendarDate;
  inWindow: boolean;
}

/** The two-year check is allowed when the child is 22 to 36 (completed) months old at the event date. */
export function twoYearCheckWindow(dob: CalendarDate, date: CalendarDate): TwoYearCheckWindow {
  const ageMonths = ageInMonths(dob, date);
  return {
    ageMonths,
    from: addMonths(dob, TWO_YEAR_CHECK_MIN_MONTHS),
    to: addDays(addMonths(dob, TWO_YEAR_CHECK_MAX_MONTHS + 1), -1),
    inWindow: ageMonths >= TWO_YEAR_CHECK_MIN_MONTHS && ageMonths <= TWO_YEAR_CHECK_MAX_MONTHS,
  };
}

export type TwoYearCheckStatus = 'done' | 'invalid' | 'due' | 'warning' | 'overdue';

/**
 * Event Checker two-year-check status (spec 001 §9): done; invalid under 24 months; due; warning
 * from 33 months; overdue after 36 months, i.e. after the due date, the third birthday.
 */
export function twoYearCheckStatus(
  dob: CalendarDate,
  date: CalendarDate,
  hasCheck: boolean,
): { status: TwoYearCheckStatus; dueDate: CalendarDate } {
  const dueDate = addMonths(dob, 36);
  const age = ageInMonths(dob, date);
  let status: TwoYearCheckStatus;
  if (hasCheck) status = 'done';
  else if (age < TWO_YEAR_STATUS_MIN_MONTHS) status = 'invalid';
  else if (date > dueDate) status = 'overdue';
  else if (age >= TWO_YEAR_STATUS_WARNING_MONTHS) status = 'warning';
  else status = 'due';
  return { status, dueDate };
}

export interface CohortOption {
  /** The year of the September the cohort starts. */
  value: number;
  label: string;
}

/**
 * Big Picture cohorts: September school years, the current year plus up to 5 years ahead,
 * starting from the following year once past August.
 */
export function cohortOptions(today: CalendarDate): CohortOption[] {
  const { y, m } = requireYmd(today);
  const start = m > 8 ? y + 1 : y;
  return Array.from({ length: 6 }, (_, i) => ({ value: start + i, label: `September ${start + i}` }));
}

/** Agenda labels: Today, Tomorrow, Yesterday, else the weekday ('Wednesday'). */
export function agendaDayLabel(date: CalendarDate, today: CalendarDate): string {
  switch (daysBetween(today, date)) {
    case 0:
      return 'Today';
    case 1:
      return 'Tomorrow';
    case -1:
      return 'Yesterday';
    default:
      return dayjs(date, ROUTE_DATE_FORMAT, true).format('dddd');
  }
}

/** The home overview range: today to 2 days ahead. */
export function homeFetchRange(today: CalendarDate, daysAhead = 2): { from: CalendarDate; to: CalendarDate } {
  return { from: today, to: addDays(today, daysAhead) };
}

/** Observation status 'recent' when within 2 weeks of today. */
export function isRecentObservation(date: CalendarDate, today: CalendarDate): boolean {
  const days = daysBetween(date, today);
  return days >= 0 && days <= OBSERVATION_RECENT_DAYS;
}

/** #/register/{date}: a past date (or an invalid one) shows today's register. */
export function registerDate(requested: string | null | undefined, today: CalendarDate): CalendarDate {
  const date = parseRouteDate(requested);
  return date && date > today ? date : today;
}

/** A spotlight is due `periodDays / frequency` days after the latest one; with none it is due today. */
export function spotlightDueDate(
  latest: CalendarDate | null,
  setting: { frequency: number; periodDays: number },
  today: CalendarDate,
): CalendarDate {
  if (!latest) return today;
  return addDays(latest, Math.max(1, Math.round(setting.periodDays / Math.max(1, setting.frequency))));
}

/** 'Big Picture {DD-MM-YYYY}.xlsx' (spec 001 §7). */
export function bigPictureFileName(today: CalendarDate): string {
  return `Big Picture ${dayjs(today, ROUTE_DATE_FORMAT, true).format(EXPORT_DATE_FORMAT)}.xlsx`;
}

/** True when `fetchedAt` is more than `maxAgeMs` before `now`. */
export function isStale(fetchedAt: Date | number, now: Date | number, maxAgeMs: number): boolean {
  return new Date(now).getTime() - new Date(fetchedAt).getTime() > maxAgeMs;
}
