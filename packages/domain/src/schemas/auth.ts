/** Log-in, log-out, the session's site, errors and PIN payloads. */
import { z } from 'zod';
import { defineRoute } from '../contract.ts';
import { PIN_DECLINED, PIN_PATTERN } from '../limits.ts';
import { routes } from '../routes.ts';
import { Me, UserSettings } from './me.ts';
import { Id } from './primitives.ts';

/** Password as sent by the client: SHA-512, 128 lower-case hex characters. */
export const PasswordHash = z.string().regex(/^[0-9a-f]{128}$/, 'Expected a SHA-512 hex digest');

export const LoginRequest = z.object({
  email: z.string().trim().max(254).pipe(z.email()),
  password: PasswordHash,
});
export type LoginRequest = z.infer<typeof LoginRequest>;

/** The log-in answer: the signed-in user with their settings (config answers them apart). */
export const LoginAnswer = Me.extend({ userSettings: UserSettings });
export type LoginAnswer = z.infer<typeof LoginAnswer>;

/** A 204 answer: no body. */
export const NoContent = z.void().describe('No content');

/** POST api/v1/login: sets the session cookie. */
export const logIn = defineRoute({
  ...routes.logIn,
  summary: 'Log in with e-mail and the SHA-512 hex of the password',
  tags: ['auth'],
  body: LoginRequest,
  response: { 200: LoginAnswer },
});

/** POST api/v1/logout: ends the session (also without one) and clears the cookie. */
export const logOut = defineRoute({
  ...routes.logOut,
  summary: 'End the session',
  tags: ['auth'],
  response: { 204: NoContent },
});

export const SessionSiteRequest = z.object({ siteID: Id });
export type SessionSiteRequest = z.infer<typeof SessionSiteRequest>;

/** POST api/v1/session/site: the site the session works in (404 if not one of the user's). */
export const chooseSessionSite = defineRoute({
  ...routes.chooseSessionSite,
  summary: "Choose the session's current site",
  tags: ['auth'],
  body: SessionSiteRequest,
  response: { 204: NoContent },
});

export const ApiError = z.object({
  err: z.object({ code: z.string(), message: z.string() }),
});
export type ApiError = z.infer<typeof ApiError>;

/** Build an ApiError body. */
export function apiError(code: string, message: string): ApiError {
  return { err: { code, message } };
}

/**
 * PUT staff/{id}: a 4-digit PIN, or 'no' from the home PIN prompt. Issue 30: the profile's change of
 * PIN also sends the current PIN (required when one is set) and the confirmation (when sent, it must
 * equal the new PIN).
 */
export const SetPinRequest = z.object({
  PIN: z.union([z.string().regex(PIN_PATTERN), z.literal(PIN_DECLINED)]),
  oldPIN: z.string().max(20).optional(),
  confirmPIN: z.string().max(20).optional(),
});
export type SetPinRequest = z.infer<typeof SetPinRequest>;
