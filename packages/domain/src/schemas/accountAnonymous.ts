/**
 * The anonymous account calls (issue 30, spec 002 §5, §7): activating an invited account and resetting
 * a password, by the security question (GET api/v1/resetPassword, POST api/v2/resetPassword) or by a
 * link e-mailed to the account (our addition for accounts without a question). None needs a session;
 * every one is rate-limited. Passwords travel as the SHA-512 hex of what was typed (passwordIsHashed),
 * the security answer as the SHA-512 hex of its trimmed, lower-cased text.
 */
import { z } from 'zod';
import { defineRoute } from '../contract.ts';
import { SECURITY_QUESTION_MAX } from '../limits.ts';
import { routes } from '../routes.ts';
import { LoginAnswer, NoContent, PasswordHash } from './auth.ts';
import { SafeText } from './primitives.ts';

/** An activation or reset code as the links carry it: 256 random bits in base64url (43 characters). */
export const AccountCode = z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, 'err-invalid-code');

const Email = z.string().trim().max(254).pipe(z.email());

export const ActivationQuery = z.object({ code: AccountCode });

/** What the activation screen shows before the form: whose account and which nursery. */
export const ActivationAnswer = z.object({ email: z.string(), provider: z.string() });
export type ActivationAnswer = z.infer<typeof ActivationAnswer>;

/** The secret question: required, at most 50 characters (spec §9). */
export const SecurityQuestion = SafeText.transform((s) => s.trim()).pipe(
  z.string().min(1, 'this-field-is-required').max(SECURITY_QUESTION_MAX, 'this-field-has-max-length-of'),
);

export const ActivationRequest = z.object({
  code: AccountCode,
  password: PasswordHash,
  /** Always true: the web app sends the SHA-512 hex (spec §7 keeps the flag). */
  passwordIsHashed: z.literal(true),
  question: SecurityQuestion,
  /** SHA-512 hex of the trimmed, lower-cased answer. */
  answer: PasswordHash,
});
export type ActivationRequest = z.infer<typeof ActivationRequest>;

/** GET api/v1/activate?code=: the invited account's e-mail and nursery; one 404 for any unusable code. */
export const getActivation = defineRoute({
  ...routes.getActivation,
  summary: "An activation code's account (e-mail and nursery)",
  tags: ['account'],
  querystring: ActivationQuery,
  response: { 200: ActivationAnswer },
});

/** POST api/v1/activate: sets the password and the security question, then logs in (session cookie). */
export const activateAccount = defineRoute({
  ...routes.activateAccount,
  summary: 'Activate an invited account and log in',
  tags: ['account'],
  body: ActivationRequest,
  response: { 200: LoginAnswer },
});

export const ResetQuestionQuery = z.object({ email: Email });
export const ResetQuestionAnswer = z.object({ question: z.string() });
export type ResetQuestionAnswer = z.infer<typeof ResetQuestionAnswer>;

/** GET api/v1/resetPassword?email=: the account's security question, else err-no-security-question. */
export const getResetQuestion = defineRoute({
  ...routes.getResetQuestion,
  summary: "A password reset's first step: the account's security question",
  tags: ['account'],
  querystring: ResetQuestionQuery,
  response: { 200: ResetQuestionAnswer },
});

export const ResetPasswordRequest = z.object({
  email: Email,
  /** The question step 1 showed (informational; the account's own question is checked). */
  question: z.string().max(200).optional(),
  /** SHA-512 hex of the trimmed, lower-cased answer. */
  answer: PasswordHash,
  password: PasswordHash,
  confirmPassword: PasswordHash,
});
export type ResetPasswordRequest = z.infer<typeof ResetPasswordRequest>;

/** POST api/v2/resetPassword: a new password for the right answer; every session of the user ends. */
export const resetPassword = defineRoute({
  ...routes.resetPassword,
  summary: "A password reset's second step: the answer and the new password",
  tags: ['account'],
  body: ResetPasswordRequest,
  response: { 204: NoContent },
});

export const ResetLinkRequest = z.object({ email: Email });

/** POST api/v1/resetPassword/link: e-mails a reset link if the account exists; the same 204 always. */
export const requestResetLink = defineRoute({
  ...routes.requestResetLink,
  summary: 'E-mail a password reset link (the same answer for every e-mail)',
  tags: ['account'],
  body: ResetLinkRequest,
  response: { 204: NoContent },
});

export const ResetByLinkRequest = z.object({
  code: AccountCode,
  password: PasswordHash,
  confirmPassword: PasswordHash,
});
export type ResetByLinkRequest = z.infer<typeof ResetByLinkRequest>;

/** POST api/v1/resetPassword/code: the e-mailed link's new password; every session of the user ends. */
export const resetPasswordByLink = defineRoute({
  ...routes.resetPasswordByLink,
  summary: "Set a new password with an e-mailed reset link's code",
  tags: ['account'],
  body: ResetByLinkRequest,
  response: { 204: NoContent },
});

/** An e-mailed reset link works once, for this long (OURS: short, as the e-mail may sit in a shared inbox). */
export const RESET_LINK_MINUTES = 60;

export const resetLinkExpiry = (sentAt: Date): Date =>
  new Date(sentAt.getTime() + RESET_LINK_MINUTES * 60_000);

/** The link a reset e-mail carries: the web app's reset-by-link screen. */
export const resetPasswordLink = (origin: string, code: string): string =>
  `${origin.replace(/\/+$/, '')}/#/reset-password/${encodeURIComponent(code)}`;

/** An activation or reset code is usable until its expiry (exclusive); without one, never. */
export const codeUsable = (expiresAt: Date | null, now: Date): boolean =>
  expiresAt !== null && now.getTime() < expiresAt.getTime();
