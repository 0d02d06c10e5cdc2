/**
 * The session's idle timeout and the lock on a shared tablet (spec 002 §9 "Session timeout options",
 * issue 30 "Quick unlock"). OURS where the spec is silent: docs/decisions.md "Issue 30: PIN, timeout and
 * the lock screen".
 */

/** The profile page's reading of spec 002 §9: 10, 20, 30, 60, 120 and 720 minutes. */
export const SESSION_TIMEOUT_OPTIONS = [10, 20, 30, 60, 120, 720] as const;
export type SessionTimeoutOption = (typeof SESSION_TIMEOUT_OPTIONS)[number];

export function isSessionTimeoutOption(minutes: number): minutes is SessionTimeoutOption {
  return (SESSION_TIMEOUT_OPTIONS as readonly number[]).includes(minutes);
}

/**
 * After its idle timeout a session of a user with a PIN is locked, not ended, for this long: the same
 * user unlocks it with the PIN. After it (or at once for a user without a PIN) the session is over.
 */
export const SESSION_LOCK_GRACE_MINUTES = 12 * 60;

/** Wrong PINs a session survives: the fifth (unlock or change of PIN, counted together) ends it. */
export const PIN_MAX_FAILURES = 5;

export type SessionLockState = 'live' | 'locked' | 'over';

/**
 * Where a session stands at `now`: live before its idle expiry, locked within the grace after it (only
 * for a user with a PIN: nothing else could unlock it), over otherwise.
 */
export function sessionLockState(expiresAt: Date, now: Date, hasPin: boolean): SessionLockState {
  if (now.getTime() < expiresAt.getTime()) return 'live';
  const graceEnds = expiresAt.getTime() + SESSION_LOCK_GRACE_MINUTES * 60_000;
  return hasPin && now.getTime() < graceEnds ? 'locked' : 'over';
}

/** Whether a session with this many wrong PINs (counted after the newest) must end. */
export const pinFailuresEndSession = (failures: number) => failures >= PIN_MAX_FAILURES;
