// The session's timeout and its lock (issue 30): the timeout is the user's and applies to this session
// at once; a locked session lives again by its user's PIN, and the fifth wrong PIN (an unlock or a
// change of PIN, counted together in the session) ends it.

import { isValidPin, pinFailuresEndSession, type SessionTiming } from '@nursery/domain/account';
import { MESSAGES_EN_GB } from '@nursery/domain/common';
import type { AppDeps } from '../../deps.ts';
import { audit } from '../../lib/audit.ts';
import { AppError } from '../../lib/errors.ts';
import { type AuthContext, timeoutMs } from '../../plugins/auth.ts';
import { verifyPassword } from '../auth/index.ts';
import { addPinFailure, pinHashOf, reviveSession, saveTimeout } from './queries.ts';
import { endSession } from './session-end.ts';

export const pinIncorrect = () => new AppError(400, 'pin-incorrect', MESSAGES_EN_GB['pin-incorrect']);

/** What the client's idle lock needs to know of a timeout. */
export function sessionTiming(minutes: number, minuteMs: number | undefined): SessionTiming {
  return { timeoutMinutes: minutes, idleSeconds: timeoutMs(minutes, minuteMs) / 1000 };
}

/**
 * Whether `pin` is the user's PIN. A wrong one counts against the session: the fifth ends it and is
 * answered 401 err-pin-attempts-exceeded (the client goes to the login page with that message).
 */
export async function checkSessionPin(deps: AppDeps, auth: AuthContext, pinHash: string, pin: string) {
  if (isValidPin(pin) && (await verifyPassword(pinHash, pin))) return;
  const failures = await addPinFailure(deps.db, auth.sessionId);
  if (pinFailuresEndSession(failures)) {
    await endSession(deps, auth, 'session-ended-pin');
    throw new AppError(401, 'err-pin-attempts-exceeded', MESSAGES_EN_GB['err-pin-attempts-exceeded']);
  }
  throw pinIncorrect();
}

/** POST session/unlock: the PIN of the session's user; the session lives again with a new expiry. */
export async function unlock(deps: AppDeps, auth: AuthContext, pin: string): Promise<SessionTiming> {
  const pinHash = await pinHashOf(deps.db, auth.providerId, auth.userId);
  if (pinHash === null) throw new AppError(409, 'err-no-pin', 'There is no PIN set for this account.');
  await checkSessionPin(deps, auth, pinHash, pin);
  const now = deps.clock.now();
  await reviveSession(deps.db, auth.sessionId, now, new Date(now.getTime() + auth.timeoutMs));
  await audit(deps.db, {
    providerId: auth.providerId,
    userId: auth.userId,
    action: 'session-unlocked',
    entity: 'user',
    entityId: auth.userId,
    at: now,
  });
  return sessionTiming(auth.timeoutMinutes, deps.sessionMinuteMs);
}

/** POST timeout: saved for the user and applied to this session (its expiry from now). */
export async function changeTimeout(deps: AppDeps, auth: AuthContext, minutes: number) {
  const now = deps.clock.now();
  const expires = new Date(now.getTime() + timeoutMs(minutes, deps.sessionMinuteMs));
  await saveTimeout(deps.db, auth, minutes, now, expires);
  return sessionTiming(minutes, deps.sessionMinuteMs);
}
