/** The session timeout (POST timeout, spec 002 §7) and the lock screen's unlock by PIN (issue 30). */
import { z } from 'zod';
import { defineRoute } from '../contract.ts';
import { PIN_PATTERN } from '../limits.ts';
import { routes } from '../routes.ts';
import { SESSION_TIMEOUT_OPTIONS } from '../sessionLock.ts';

export const SessionTimeoutRequest = z.object({
  /** Minutes: one of SESSION_TIMEOUT_OPTIONS. */
  timeout: z.literal(SESSION_TIMEOUT_OPTIONS),
});
export type SessionTimeoutRequest = z.infer<typeof SessionTimeoutRequest>;

/** The session as the client's idle lock needs it (also in the configuration's `session`). */
export const SessionTiming = z.object({
  /** The user's session timeout, in minutes (the profile's choice). */
  timeoutMinutes: z.number().int().positive(),
  /** After this many seconds without a request the server locks the session (e2e runs shorten it). */
  idleSeconds: z.number().positive(),
});
export type SessionTiming = z.infer<typeof SessionTiming>;

/** POST api/v1/timeout: the user's timeout, saved and applied to this session at once. */
export const setSessionTimeout = defineRoute({
  ...routes.setSessionTimeout,
  summary: "Set the user's session timeout (minutes) and apply it to this session",
  tags: ['auth'],
  body: SessionTimeoutRequest,
  response: { 200: SessionTiming },
});

export const UnlockRequest = z.object({ PIN: z.string().regex(PIN_PATTERN) });
export type UnlockRequest = z.infer<typeof UnlockRequest>;

/**
 * POST api/v1/session/unlock: the session's own user proves the PIN; the session (locked or live) lives
 * again with a new expiry. A wrong PIN answers 400 pin-incorrect; the fifth ends the session (401
 * err-pin-attempts-exceeded).
 */
export const unlockSession = defineRoute({
  ...routes.unlockSession,
  summary: "Unlock the session with the user's PIN",
  tags: ['auth'],
  body: UnlockRequest,
  response: { 200: SessionTiming },
});
