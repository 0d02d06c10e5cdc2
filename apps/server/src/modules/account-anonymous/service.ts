// The anonymous account commands (issue 30, spec 002 §5 and §7): activating an invited account (then
// logged in as POST login does), and resetting a password by the security question or by an e-mailed
// link. Codes are looked up by their SHA-256 only; no code, password, answer or token is logged, put in
// an answer or in the audit trail. The per-IP limits are on the routes; the answer guessing limit here.
import { randomBytes } from 'node:crypto';
import {
  type ActivationRequest,
  RESET_LINK_MINUTES,
  type ResetByLinkRequest,
  type ResetPasswordRequest,
  resetLinkExpiry,
  resetPasswordLink,
} from '@nursery/domain/account';
import { MESSAGES_EN_GB } from '@nursery/domain/common';
import { ACTIVATION_CODE_BYTES } from '@nursery/domain/settings';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { audit } from '../../lib/audit.ts';
import { AppError } from '../../lib/errors.ts';
import { hashToken } from '../../plugins/auth.ts';
import {
  findAccountByEmail,
  getDummyHash,
  hashPassword,
  hashSecret,
  loginLock,
  loginWindowStart,
  openSession,
  recentFailures,
  recordFailure,
  UnknownEmailFailures,
  verifyPassword,
} from '../auth/index.ts';
import { insertEmails } from '../notifications/index.ts';
import { hasSecurityQuestion, invitationUsable, mayGetResetLink, RESET_LINK_ANSWER_MS } from './policy.ts';
import { presentActivation } from './presenter.ts';
import {
  accountByActivationCode,
  accountForReset,
  activateByCode,
  endSessionsOf,
  resetByCode,
  setPassword,
  setResetCode,
} from './queries.ts';

const invalidActivation = () =>
  new AppError(
    404,
    'err-invalid-activation-code',
    'This activation link is not valid: it may have been used already or have expired. Ask your manager to send a new invitation.',
  );
const noSecurityQuestion = () =>
  new AppError(404, 'err-no-security-question', MESSAGES_EN_GB['err-no-security-question']);
const wrongAnswer = () =>
  new AppError(400, 'err-secret-answer-wrong', MESSAGES_EN_GB['err-secret-answer-wrong']);
const invalidResetLink = () =>
  new AppError(
    404,
    'err-invalid-reset-code',
    'This password reset link is not valid: it may have been used already or have expired. Ask for a new one.',
  );
const mismatch = () =>
  new AppError(
    400,
    'new-password-does-not-match-confirmation',
    'confirmPassword: new-password-does-not-match-confirmation',
  );
const tooMany = (seconds: number) =>
  new AppError(429, 'err-too-many-attempts', 'Too many failed attempts. Please try again later.', {
    'retry-after': String(seconds),
  });

export interface Requester {
  address: string;
  userAgent: string | undefined;
}

/** GET api/v1/activate: the invited account's e-mail and nursery, or the one 404 for any unusable code. */
export async function getActivation(deps: AppDeps, code: string) {
  const account = await accountByActivationCode(deps.db, hashToken(code));
  if (!invitationUsable(account, deps.clock.now())) throw invalidActivation();
  return presentActivation(account);
}

/**
 * POST api/v1/activate: the password and the security question set, the code cleared (single use), then
 * a session as POST login opens. The hashes are computed before the code is looked at, so a wrong code
 * costs the same argon2 work as a right one.
 */
export async function activate(
  deps: AppDeps,
  body: ActivationRequest,
  from: Requester,
  log: FastifyBaseLogger,
) {
  const now = deps.clock.now();
  const [passwordHash, answerHash] = await Promise.all([
    hashPassword(body.password),
    hashSecret(body.answer),
  ]);
  const activated = await activateByCode(deps.db, hashToken(body.code), {
    passwordHash,
    question: body.question,
    answerHash,
    now,
  });
  if (!activated) throw invalidActivation();
  const account = await findAccountByEmail(deps.db, activated.email);
  if (!account) throw invalidActivation();
  await audit(deps.db, {
    providerId: account.providerId,
    userId: account.userId,
    action: 'account-activated',
    entity: 'user',
    entityId: account.userId,
    details: { ip: from.address },
    at: now,
  });
  return openSession(deps, account, from, log);
}

/** GET api/v1/resetPassword: the question, or err-no-security-question (also for an unknown e-mail). */
export async function getResetQuestion(deps: AppDeps, email: string) {
  const account = await accountForReset(deps.db, email);
  if (!hasSecurityQuestion(account)) throw noSecurityQuestion();
  return { question: account.securityQuestion };
}

/**
 * The reset commands. The answer guessing limit keeps state in the database: an unknown e-mail's wrong
 * answers in login_unknown_failures (as log-in's, issue 32), a known account's in login_failures (a wrong answer is a
 * failed sign-in: the same lock per account and address, so a 429 never tells the two apart).
 */
export function resetService(deps: AppDeps) {
  const { db, clock } = deps;
  const unknownEmails = new UnknownEmailFailures(db, 'reset');

  /** POST api/v2/resetPassword: the right answer sets the new password and ends every session. */
  async function resetByAnswer(body: ResetPasswordRequest, from: Requester, log: FastifyBaseLogger) {
    if (body.password !== body.confirmPassword) throw mismatch();
    const now = clock.now();
    const account = await accountForReset(db, body.email);
    if (!hasSecurityQuestion(account)) {
      const key = body.email.toLowerCase();
      const lock = loginLock((await unknownEmails.counts(key, from.address, now)).address, now);
      if (lock.locked) throw tooMany(lock.retryAfterSeconds);
      // The same argon2 work as a known account's wrong answer.
      await verifyPassword(await getDummyHash(), body.answer);
      await unknownEmails.record(key, from.address, now);
      throw wrongAnswer();
    }
    const failures = await recentFailures(
      db,
      account.providerId,
      account.userId,
      from.address,
      loginWindowStart(now),
    );
    const lock = loginLock(failures.address, now);
    if (lock.locked) throw tooMany(lock.retryAfterSeconds);
    if (!(await verifyPassword(account.securityAnswerHash, body.answer))) {
      await recordFailure(db, account.providerId, account.userId, from.address, now);
      log.info({ userId: account.userId }, 'password reset: wrong answer');
      throw wrongAnswer();
    }
    await db.transaction(async (tx) => {
      await setPassword(tx, account, await hashPassword(body.password));
      await endSessionsOf(tx, account);
    });
    await passwordResetAudit(account, 'question', from, now);
    log.info({ userId: account.userId }, 'password reset');
  }

  /**
   * POST api/v1/resetPassword/link: a new single-use code (RESET_LINK_MINUTES) e-mailed to an activated
   * account; nothing for any other e-mail, and the same 204 after at least RESET_LINK_ANSWER_MS.
   */
  async function sendResetLink(email: string, origin: string, log: FastifyBaseLogger) {
    const started = performance.now();
    const now = clock.now();
    const account = await accountForReset(db, email);
    if (mayGetResetLink(account)) {
      const code = randomBytes(ACTIVATION_CODE_BYTES).toString('base64url');
      await db.transaction(async (tx) => {
        await setResetCode(tx, account, hashToken(code), resetLinkExpiry(now));
        await insertEmails(tx, [
          {
            providerId: account.providerId,
            userId: account.userId,
            to: account.email,
            subject: 'Reset your password',
            body: resetEmailText(resetPasswordLink(origin, code)),
            created: now,
            nextAttemptAt: now,
          },
        ]);
      });
      log.info({ userId: account.userId }, 'password reset link queued');
    }
    const left = RESET_LINK_ANSWER_MS - (performance.now() - started);
    if (left > 0) await new Promise((resolve) => setTimeout(resolve, left));
  }

  /** POST api/v1/resetPassword/code: the link's new password; every session of the user ends. */
  async function resetByLink(body: ResetByLinkRequest, from: Requester, log: FastifyBaseLogger) {
    if (body.password !== body.confirmPassword) throw mismatch();
    const now = clock.now();
    const passwordHash = await hashPassword(body.password);
    const account = await db.transaction(async (tx) => {
      const done = await resetByCode(tx, hashToken(body.code), passwordHash, now);
      if (done) await endSessionsOf(tx, done);
      return done;
    });
    if (!account) throw invalidResetLink();
    await passwordResetAudit(account, 'link', from, now);
    log.info({ userId: account.userId }, 'password reset');
  }

  const passwordResetAudit = (
    account: { providerId: number; userId: number },
    by: 'question' | 'link',
    from: Requester,
    at: Date,
  ) =>
    audit(db, {
      providerId: account.providerId,
      userId: account.userId,
      action: 'password-reset',
      entity: 'user',
      entityId: account.userId,
      details: { by, ip: from.address },
      at,
    });

  return { resetByAnswer, sendResetLink, resetByLink };
}

export function resetEmailText(link: string): string {
  return [
    'Hello,',
    '',
    'Someone asked to reset the password of the nursery app account of this e-mail address.',
    'To choose a new password, open this link:',
    '',
    link,
    '',
    `The link works once and expires in ${RESET_LINK_MINUTES} minutes.`,
    'If you did not ask for this, you can ignore this e-mail: your password has not changed.',
  ].join('\n');
}
