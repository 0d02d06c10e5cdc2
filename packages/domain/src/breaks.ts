/**
 * Staff-register breaks (spec 002 §4, §5): sorting, durations and break minutes.
 * Times are instants (Date, ISO string or epoch ms) or 'HH:mm' times of the same day.
 */
import { BREAK_MINUTES_MAX, BREAK_MINUTES_MIN } from './limits.ts';

export type BreakTime = Date | string | number;

export interface BreakLike {
  id: number;
  timeFrom: BreakTime | null;
  timeTo: BreakTime | null;
}

/** Milliseconds of a break time ('HH:mm' counts from midnight); null when missing or invalid. */
export function breakTimeMs(value: BreakTime | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'string') {
    const hm = /^(\d{1,2}):(\d{2})$/.exec(value);
    if (hm) return (Number(hm[1]) * 60 + Number(hm[2])) * 60_000;
  }
  const ms = value instanceof Date ? value.getTime() : typeof value === 'number' ? value : Date.parse(value);
  return Number.isFinite(ms) ? ms : null;
}

function compareTimes(a: BreakTime | null, b: BreakTime | null): number {
  const x = breakTimeMs(a);
  const y = breakTimeMs(b);
  if (x === y) return 0;
  if (x === null) return 1; // missing times last
  if (y === null) return -1;
  return x - y;
}

/** Sorted by timeFrom, then timeTo, then id (a new array). */
export function sortBreaks<T extends BreakLike>(breaks: readonly T[]): T[] {
  return [...breaks].sort(
    (a, b) => compareTimes(a.timeFrom, b.timeFrom) || compareTimes(a.timeTo, b.timeTo) || a.id - b.id,
  );
}

/** Whole minutes of a completed break, never negative; null when the break has not ended. */
export function breakDuration(b: Pick<BreakLike, 'timeFrom' | 'timeTo'>): number | null {
  const from = breakTimeMs(b.timeFrom);
  const to = breakTimeMs(b.timeTo);
  if (from === null || to === null) return null;
  return Math.max(0, Math.round((to - from) / 60_000));
}

/** Additional minutes as entered: empty means 0; clamped to 0..1440. */
export function normaliseAdditionalMinutes(value: number | string | null | undefined): number {
  const n = typeof value === 'number' ? value : value == null || value.trim() === '' ? 0 : Number(value);
  if (!Number.isFinite(n)) return 0;
  return Math.min(BREAK_MINUTES_MAX, Math.max(BREAK_MINUTES_MIN, Math.round(n)));
}

/** breakMins = additional minutes + the sum of completed breaks; never negative. */
export function breakMinutes(
  breaks: readonly Pick<BreakLike, 'timeFrom' | 'timeTo'>[],
  additionalMinutes: number | string | null | undefined,
): number {
  const completed = breaks.reduce((sum, b) => sum + (breakDuration(b) ?? 0), 0);
  return Math.max(0, normaliseAdditionalMinutes(additionalMinutes) + completed);
}

/** The form check of the additional-minutes input: null when valid. */
export function checkAdditionalMinutes(
  value: number | string | null | undefined,
): 'break-minutes-out-of-range' | null {
  if (value == null || (typeof value === 'string' && value.trim() === '')) return null;
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isInteger(n) || n < BREAK_MINUTES_MIN || n > BREAK_MINUTES_MAX)
    return 'break-minutes-out-of-range';
  return null;
}

/** 'end-time-must-be-after-start-time' when a break ends before it starts. */
export function checkBreak(
  b: Pick<BreakLike, 'timeFrom' | 'timeTo'>,
): 'end-time-must-be-after-start-time' | null {
  const from = breakTimeMs(b.timeFrom);
  const to = breakTimeMs(b.timeTo);
  return from !== null && to !== null && to < from ? 'end-time-must-be-after-start-time' : null;
}

export type BreakState = 'none' | 'active' | 'ended';

/** none (no breaks), active (one has started and not ended) or ended. */
export function breakState(breaks: readonly Pick<BreakLike, 'timeFrom' | 'timeTo'>[]): BreakState {
  if (breaks.length === 0) return 'none';
  return breaks.some((b) => breakTimeMs(b.timeFrom) !== null && breakTimeMs(b.timeTo) === null)
    ? 'active'
    : 'ended';
}

/** Running total while a break is active: completed minutes plus the active break so far. */
export function runningBreakMinutesOf(
  breaks: readonly Pick<BreakLike, 'timeFrom' | 'timeTo'>[],
  additionalMinutes: number | string | null | undefined,
  now: Date,
): number {
  const active = breaks.find((b) => breakTimeMs(b.timeFrom) !== null && breakTimeMs(b.timeTo) === null);
  const running = active ? (breakDuration({ timeFrom: active.timeFrom, timeTo: now }) ?? 0) : 0;
  return breakMinutes(breaks, additionalMinutes) + running;
}
