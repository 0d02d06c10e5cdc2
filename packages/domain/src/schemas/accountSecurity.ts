/**
 * The signed-in user's own sign-in secrets and sessions (issue 30, spec 002 §5 Profile, §7 "POST password
 * change", "POST security question update", §2 "account logout buttons"). Passwords travel as the SHA-512
 * hex of what was typed; the security answer as the SHA-512 hex of its trimmed, lower-cased text (as
 * activation and reset send them). docs/decisions.md "Issue 30: password, question and logout".
 */
import { z } from 'zod';
import { defineRoute } from '../contract.ts';
import { routes } from '../routes.ts';
import { SecurityQuestion } from './accountAnonymous.ts';
import { NoContent, PasswordHash } from './auth.ts';

export const ChangePasswordRequest = z.object({
  /** SHA-512 hex of the current password (a wrong one counts as a failed log-in). */
  oldPassword: PasswordHash,
  /** SHA-512 hex of the new password: the web checked its strength before hashing. */
  password: PasswordHash,
});
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequest>;

/** POST api/v1/account/password: a new password; every OTHER session of the user ends. */
export const changePassword = defineRoute({
  ...routes.changePassword,
  summary: "Change the signed-in user's password (other sessions end)",
  tags: ['account'],
  body: ChangePasswordRequest,
  response: { 204: NoContent },
});

export const ChangeSecurityQuestionRequest = z.object({
  question: SecurityQuestion,
  /** SHA-512 hex of the trimmed, lower-cased answer (an empty answer's hash is refused). */
  answer: PasswordHash,
  /** SHA-512 hex of the current password (OURS: a tablet left signed in must not give the reset away). */
  password: PasswordHash,
});
export type ChangeSecurityQuestionRequest = z.infer<typeof ChangeSecurityQuestionRequest>;

/** POST api/v1/account/security-question: a new security question and answer. */
export const changeSecurityQuestion = defineRoute({
  ...routes.changeSecurityQuestion,
  summary: "Change the signed-in user's security question and answer",
  tags: ['account'],
  body: ChangeSecurityQuestionRequest,
  response: { 204: NoContent },
});

/** POST api/v1/logout/everywhere: ends every session of the user, this one included; clears the cookie. */
export const logOutEverywhere = defineRoute({
  ...routes.logOutEverywhere,
  summary: 'End every session of the signed-in user (every device)',
  tags: ['auth'],
  response: { 204: NoContent },
});
