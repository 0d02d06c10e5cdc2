// The signed-in user's own sign-in secrets and sessions (issue 30, spec 002 §5 Profile, §7): changing
// the password (every other session ends), the security question, and logging out of every device.
// The current password is proven exactly as log-in proves it (auth's verifyPassword, one argon2
// verification whether right or wrong) and a wrong one counts as a failed log-in in login_failures,
// under the same lock per account and address (429 + Retry-After). No password or answer is logged,
// answered or audited.
import type { ChangePasswordRequest, ChangeSecurityQuestionRequest } from '@nursery/domain/account';
import { MESSAGES_EN_GB } from '@nursery/domain/common';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { audit } from '../../lib/audit.ts';
import { AppError } from '../../lib/errors.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { endSessionsOf, setPassword } from '../account-anonymous/index.ts';
import {
  getDummyHash,
  hashPassword,
  hashSecret,
  loginLock,
  loginWindowStart,
  recentFailures,
  recordFailure,
  verifyPassword,
} from '../auth/index.ts';
import { isEmptyAnswer, sameAsOld } from './policy.ts';
import { passwordHashOf, setSecurityQuestion } from './queries.ts';

const coded = (status: 400, code: keyof typeof MESSAGES_EN_GB) =>
  new AppError(status, code, MESSAGES_EN_GB[code]);
const tooMany = (seconds: number) =>
  new AppError(429, 'err-too-many-attempts', 'Too many failed attempts. Please try again later.', {
    'retry-after': String(seconds),
  });

/** Where a request came from: the socket's address (or the trusted proxy's client address). */
export interface Requester {
  address: string;
}

export function accountSecurityService(deps: AppDeps) {
  const { db, clock } = deps;

  /**
   * The current password, proven under the log-in lock: 429 while this address is locked out of this
   * account; otherwise one argon2 verification (against the dummy hash when the account has none, so
   * the work is the same), and a wrong password is a failed log-in (recorded and audited as one).
   */
  async function proveCurrentPassword(auth: AuthContext, clientHash: string, from: Requester, now: Date) {
    const failures = await recentFailures(
      db,
      auth.providerId,
      auth.userId,
      from.address,
      loginWindowStart(now),
    );
    const lock = loginLock(failures.address, now);
    if (lock.locked) throw tooMany(lock.retryAfterSeconds);
    const stored = await passwordHashOf(db, auth);
    const matches = await verifyPassword(stored ?? (await getDummyHash()), clientHash);
    if (matches && stored !== null) return;
    await recordFailure(db, auth.providerId, auth.userId, from.address, now);
    await audit(db, {
      providerId: auth.providerId,
      userId: auth.userId,
      action: 'login-failed',
      entity: 'user',
      entityId: auth.userId,
      details: { ip: from.address, during: 'profile' },
      at: now,
    });
    throw coded(400, 'err-current-password-incorrect');
  }

  /** POST api/v1/account/password: the new password set; every OTHER session of the user ends. */
  async function changePassword(
    auth: AuthContext,
    body: ChangePasswordRequest,
    from: Requester,
    log: FastifyBaseLogger,
  ) {
    if (sameAsOld(body.oldPassword, body.password))
      throw coded(400, 'old-password-is-the-same-as-new-password');
    const now = clock.now();
    await proveCurrentPassword(auth, body.oldPassword, from, now);
    const passwordHash = await hashPassword(body.password);
    await db.transaction(async (tx) => {
      await setPassword(tx, auth, passwordHash);
      await endSessionsOf(tx, auth, { sessionId: auth.sessionId });
    });
    await audit(db, {
      providerId: auth.providerId,
      userId: auth.userId,
      action: 'password-changed',
      entity: 'user',
      entityId: auth.userId,
      details: { ip: from.address },
      at: now,
    });
    log.info({ userId: auth.userId }, 'password changed');
  }

  /** POST api/v1/account/security-question: a new question and answer (stored as activation does). */
  async function changeSecurityQuestion(
    auth: AuthContext,
    body: ChangeSecurityQuestionRequest,
    from: Requester,
    log: FastifyBaseLogger,
  ) {
    if (isEmptyAnswer(body.answer)) throw coded(400, 'err-invalid-security-answer');
    const now = clock.now();
    await proveCurrentPassword(auth, body.password, from, now);
    await setSecurityQuestion(db, auth, body.question, await hashSecret(body.answer));
    await audit(db, {
      providerId: auth.providerId,
      userId: auth.userId,
      action: 'security-question-changed',
      entity: 'user',
      entityId: auth.userId,
      details: { ip: from.address },
      at: now,
    });
    log.info({ userId: auth.userId }, 'security question changed');
  }

  /** POST api/v1/logout/everywhere: every session of the user ends, this one too. */
  async function logOutEverywhere(auth: AuthContext, from: Requester) {
    await endSessionsOf(db, auth);
    await audit(db, {
      providerId: auth.providerId,
      userId: auth.userId,
      action: 'logout-everywhere',
      entity: 'user',
      entityId: auth.userId,
      details: { ip: from.address },
      at: clock.now(),
    });
  }

  return { changePassword, changeSecurityQuestion, logOutEverywhere };
}
