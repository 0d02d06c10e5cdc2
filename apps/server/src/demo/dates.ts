// Calendar helpers for the demo data: dates are 'YYYY-MM-DD' in Europe/London, times 'HH:mm'.
export const DEMO_TIME_ZONE = 'Europe/London';

function ymd(date: string): [number, number, number] {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) throw new RangeError(`Invalid date: ${date}`);
  return [Number(m[1]), Number(m[2]), Number(m[3])];
}

function fmt(d: Date): string {
  return d.toISOString().slice(0, 10);
}

export function addDays(date: string, days: number): string {
  const [y, m, d] = ymd(date);
  return fmt(new Date(Date.UTC(y, m - 1, d + days)));
}

/** Adds months; a missing day becomes the month's last day. */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = ymd(date);
  const index = y * 12 + (m - 1) + months;
  const ty = Math.floor(index / 12);
  const tm = index - ty * 12;
  const last = new Date(Date.UTC(ty, tm + 1, 0)).getUTCDate();
  return fmt(new Date(Date.UTC(ty, tm, Math.min(d, last))));
}

/** 0 = Sunday ... 6 = Saturday. */
export function weekday(date: string): number {
  const [y, m, d] = ymd(date);
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

export function isWeekday(date: string): boolean {
  const w = weekday(date);
  return w >= 1 && w <= 5;
}

export function daysBetween(from: string, to: string): number {
  const [a, b, c] = ymd(from);
  const [x, y, z] = ymd(to);
  return Math.round((Date.UTC(x, y - 1, z) - Date.UTC(a, b - 1, c)) / 86_400_000);
}

/** Completed months of age on `date` (same rule as the domain's ageInMonths). */
export function ageInMonths(dob: string, date: string): number {
  const [by, bm, bd] = ymd(dob);
  const [ty, tm, td] = ymd(date);
  let months = (ty - by) * 12 + (tm - bm);
  const lastOfMonth = new Date(Date.UTC(ty, tm, 0)).getUTCDate();
  if (td < bd && td < lastOfMonth) months -= 1;
  return months;
}

/** London wall-clock parts of an instant (en-CA: the date reads 'YYYY-MM-DD'). */
const wallFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: DEMO_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});

function localMs(at: Date): number {
  const p = Object.fromEntries(wallFormat.formatToParts(at).map((x) => [x.type, x.value]));
  return Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute));
}

/** The instant of a London wall-clock date and time ('HH:mm' or 'HH:mm:ss'). */
export function londonInstant(date: string, time: string): Date {
  const [y, m, d] = ymd(date);
  const [hh, mm] = time.split(':').map(Number);
  const wall = Date.UTC(y, m - 1, d, hh, mm);
  let guess = wall;
  for (let i = 0; i < 2; i++) guess = wall - (localMs(new Date(guess)) - guess);
  return new Date(guess);
}

/** 'HH:mm' plus minutes (clamped to the day). */
export function addMinutes(time: string, minutes: number): string {
  const [h, m] = time.split(':').map(Number);
  const t = Math.min(Math.max(h * 60 + m + minutes, 0), 23 * 60 + 59);
  return `${String(Math.floor(t / 60)).padStart(2, '0')}:${String(t % 60).padStart(2, '0')}`;
}

/** Weekdays from `from` to `to` inclusive. */
export function weekdaysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) if (isWeekday(d)) out.push(d);
  return out;
}

/** The later / earlier of two 'YYYY-MM-DD' dates. */
export const laterDate = (a: string, b: string): string => (a > b ? a : b);
export const earlierDate = (a: string, b: string): string => (a < b ? a : b);

/** The London wall-clock date ('YYYY-MM-DD') and time ('HH:mm') of an instant. */
export function londonWallClock(at: Date): { date: string; time: string } {
  const p = Object.fromEntries(wallFormat.formatToParts(at).map((x) => [x.type, x.value]));
  return { date: `${p.year}-${p.month}-${p.day}`, time: `${p.hour}:${p.minute}` };
}

const minutesOf = (time: string) => {
  const [h, m] = time.split(':').map(Number);
  return h * 60 + m;
};
const timeOf = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/**
 * "Now" of a demo seed. Demo data is never in the future: a recorded fact (a check-in, a care
 * record, a report, a notification …) dated today at a time of day still to come is moved into
 * the hour before now (right after midnight: between midnight and now). The move keeps the
 * order of the day (check-in before check-out, a sleep's start before its end) and every
 * state of the demo (children in, staff on a break) at any hour. Earlier days are unchanged.
 * Schedules (bookings, shifts' planned times, due dates) are not facts and may be in the future.
 */
export class DemoNow {
  /** London date of now. */
  readonly today: string;
  /** London wall-clock minutes of now (seconds dropped, so never after now). */
  private readonly minutes: number;
  /** Times of day after `from` are moved into [from, now]. */
  private readonly from: number;

  constructor(readonly now: Date) {
    if (Number.isNaN(now.getTime())) throw new RangeError('DemoNow: invalid instant');
    const wall = londonWallClock(now);
    this.today = wall.date;
    this.minutes = minutesOf(wall.time);
    this.from = Math.max(0, this.minutes - 60);
  }

  /** The wall-clock time ('HH:mm') of a fact on `date` (never after now; a real London time). */
  factTime(date: string, time: string): string {
    if (date > this.today) throw new RangeError(`demo fact dated ${date}, after today ${this.today}`);
    if (date < this.today) return time;
    const t = minutesOf(time);
    let m =
      t <= this.from
        ? t
        : this.from + Math.floor(((t - this.from) * (this.minutes - this.from)) / (24 * 60 - this.from));
    // Not a time the clocks skipped (the spring change): the last minute before the gap.
    while (m > 0 && londonWallClock(londonInstant(date, timeOf(m))).time !== timeOf(m)) m -= 1;
    return timeOf(m);
  }

  /** The instant of a fact on `date` at `time` (see factTime), never after now. */
  fact(date: string, time: string): Date {
    return this.notAfterNow(londonInstant(date, this.factTime(date, time)));
  }

  /** The instant itself, or now when it is later. */
  notAfterNow(at: Date): Date {
    return at.getTime() > this.now.getTime() ? new Date(this.now.getTime()) : at;
  }
}
