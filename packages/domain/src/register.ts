/**
 * Child-register sessions and auto-refresh (spec 002 §2, §4; spec 000 §4).
 */
import {
  AUTO_REFRESH_BACKOFF_FACTOR,
  AUTO_REFRESH_BACKOFF_MAX_EXPONENT,
  DRAFTS_REFRESH_MS,
} from './limits.ts';

export type SessionState = 'due' | 'in' | 'left' | 'off';
export const REGISTER_TABS = ['all', 'in', 'due', 'off'] as const;
export type RegisterTab = (typeof REGISTER_TABS)[number];

export interface SessionLike {
  isOff?: boolean | null;
  markedOffCategoryID?: number | null;
  actualStart?: string | null;
  actualEnd?: string | null;
}

/** off (marked off) beats left (checked out) beats in (checked in); otherwise due. */
export function sessionState(s: SessionLike): SessionState {
  if (s.isOff || s.markedOffCategoryID != null) return 'off';
  if (s.actualEnd) return 'left';
  if (s.actualStart) return 'in';
  return 'due';
}

/**
 * Row selection per tab: on the due tab sessions already started or marked off cannot be
 * selected; on the in tab sessions already ended cannot be selected.
 */
export function isSessionSelectable(s: SessionLike, tab: RegisterTab): boolean {
  const state = sessionState(s);
  if (tab === 'due') return state === 'due';
  if (tab === 'in') return state !== 'left';
  return true;
}

/** Previous-day is allowed only when the shown date is after today. */
export function canGoToPreviousDay(date: string, today: string): boolean {
  return date > today;
}

/**
 * The next auto-refresh delay: the base interval (30 s) times 1.5 per consecutive error, the
 * factor capped at 1.5^5.
 */
export function autoRefreshDelay(consecutiveErrors: number, baseMs: number = DRAFTS_REFRESH_MS): number {
  const exponent = Math.min(Math.max(0, Math.floor(consecutiveErrors)), AUTO_REFRESH_BACKOFF_MAX_EXPONENT);
  return baseMs * AUTO_REFRESH_BACKOFF_FACTOR ** exponent;
}
