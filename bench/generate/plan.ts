// Sizes of the bench provider at a scale, and the shared context of the generator's parts.
import type { RefData } from '../../apps/server/src/demo/reference.ts';
import type { Runner } from './sql.ts';

export interface Plan {
  scale: number;
  /** 'YYYY-MM-DD' (Europe/London): every date is relative to it. */
  today: string;
  sites: number;
  children: number;
  staff: number;
  contacts: number;
  events: number;
  gradings: number;
  nextSteps: number;
  media: number;
}

/** Days of history of events and bookings (about three years). */
export const HISTORY_DAYS = 1095;
/** Bookings reach this many days ahead of today. */
export const BOOKINGS_AHEAD_DAYS = 30;
/** Shifts: this many days back and ahead. */
export const SHIFTS_BACK_DAYS = 90;
export const SHIFTS_AHEAD_DAYS = 30;

export function planFor(scale: number, today: string): Plan {
  if (!(scale > 0) || !Number.isFinite(scale)) throw new RangeError(`bench generate: invalid scale ${scale}`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(today)) throw new RangeError(`bench generate: invalid today ${today}`);
  const n = (full: number, min = 1) => Math.max(min, Math.round(full * scale));
  const sites = n(20);
  const children = n(2400, sites);
  return {
    scale,
    today,
    sites,
    children,
    // At least two staff per site: a manager and a practitioner.
    staff: n(600, Math.max(2, sites * 2)),
    contacts: n(10_000, children),
    events: n(1_000_000),
    gradings: n(5_000_000),
    nextSteps: n(300_000),
    media: n(200_000),
  };
}

/** First free ids (the generated rows take base + 1 .. base + n). */
export interface IdBases {
  site: number;
  room: number;
  area: number;
  group: number;
  combo: number;
  person: number;
  staff: number;
  user: number;
  contact: number;
  child: number;
  event: number;
  grading: number;
  nextStep: number;
}

export interface GenCtx {
  run: Runner;
  /** The provider id (inlined into the SQL). */
  P: number;
  plan: Plan;
  ref: RefData;
  ids: IdBases;
  /** SQL date literal of today. */
  T: string;
  /** Staff index (1-based) of the bench practitioner: the first practitioner of site 1. */
  practitionerIndex: number;
  passwordHash: string;
}

/** SQL: the Monday on or before a date expression. */
export const monday = (e: string) => `((${e}) - (((${e}) - date '2000-01-03') % 7))`;
/** SQL: 0 = Monday ... 6 = Sunday. */
export const weekdayIndex = (e: string) => `(((${e}) - date '2000-01-03') % 7)`;
