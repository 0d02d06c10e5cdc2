import { describe, expect, it } from 'vitest';
import {
  isSessionTimeoutOption,
  PIN_MAX_FAILURES,
  pinFailuresEndSession,
  SESSION_LOCK_GRACE_MINUTES,
  sessionLockState,
} from './sessionLock.ts';

describe('session lock', () => {
  const expires = new Date('2026-01-01T10:00:00Z');
  const at = (minutes: number) => new Date(expires.getTime() + minutes * 60_000);

  it('is live before the idle expiry, locked within the grace for a user with a PIN, then over', () => {
    expect(sessionLockState(expires, at(-1), true)).toBe('live');
    expect(sessionLockState(expires, at(0), true)).toBe('locked');
    expect(sessionLockState(expires, at(SESSION_LOCK_GRACE_MINUTES - 1), true)).toBe('locked');
    expect(sessionLockState(expires, at(SESSION_LOCK_GRACE_MINUTES), true)).toBe('over');
  });

  it('ends at once for a user without a PIN', () => {
    expect(sessionLockState(expires, at(-1), false)).toBe('live');
    expect(sessionLockState(expires, at(0), false)).toBe('over');
  });

  it('ends the session at the fifth wrong PIN', () => {
    expect(PIN_MAX_FAILURES).toBe(5);
    expect(pinFailuresEndSession(4)).toBe(false);
    expect(pinFailuresEndSession(5)).toBe(true);
  });

  it('offers the profile page timeouts only', () => {
    for (const m of [10, 20, 30, 60, 120, 720]) expect(isSessionTimeoutOption(m)).toBe(true);
    for (const m of [0, 1, 15, 1440, 43200]) expect(isSessionTimeoutOption(m)).toBe(false);
  });
});
