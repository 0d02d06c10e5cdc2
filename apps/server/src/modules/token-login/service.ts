// Token login (issue 30, spec 002 §2, §6, §7): a signed-in member creates a one-time sign-in link for
// their own account; another device signs in with it through GraphQL loginWithToken (role Staff).
// Keys are 256 random bits, stored only as their SHA-256, single-use, 10 minutes, never logged, put in
// the audit trail or answered twice. Every refusal is the one err-invalid-login-token after the same
// work (one DELETE), and counts toward the address's lock (the log-in limits: 429 with Retry-After).
import { randomBytes } from 'node:crypto';
import {
  LOGIN_TOKEN_BYTES,
  type LoginRole,
  type LoginTokenAnswer,
  loginTokenExpiry,
  type TokenLoginAnswer,
  tokenLoginPath,
} from '@nursery/domain/account';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { audit } from '../../lib/audit.ts';
import { AppError } from '../../lib/errors.ts';
import { type AuthContext, hashToken } from '../../plugins/auth.ts';
import { findAccountByEmail, loginLock, openSession, UnknownEmailFailures } from '../auth/index.ts';
import { deleteExpiredTokens, insertLoginToken, useLoginToken } from './queries.ts';

/** Tokens sign in as this role only (spec 002 §6). */
export const TOKEN_LOGIN_ROLE: LoginRole = 'Staff';

const invalidToken = () =>
  new AppError(
    401,
    'err-invalid-login-token',
    'This sign-in link is not valid: it may have been used already or have expired. Sign in with your e-mail and password, or ask for a new link.',
  );
const tooMany = (seconds: number) =>
  new AppError(429, 'err-too-many-attempts', 'Too many failed attempts. Please try again later.', {
    'retry-after': String(seconds),
  });

/** POST api/v1/loginTokens: a new key for the session's own account; the key is answered once. */
export async function createLoginToken(deps: AppDeps, auth: AuthContext): Promise<LoginTokenAnswer> {
  const now = deps.clock.now();
  const key = randomBytes(LOGIN_TOKEN_BYTES).toString('base64url');
  const expiresAt = loginTokenExpiry(now);
  await deleteExpiredTokens(deps.db, auth.providerId, auth.userId, now);
  await insertLoginToken(deps.db, {
    providerId: auth.providerId,
    userId: auth.userId,
    tokenHash: hashToken(key),
    role: TOKEN_LOGIN_ROLE,
    now,
    expiresAt,
  });
  await audit(deps.db, {
    providerId: auth.providerId,
    userId: auth.userId,
    action: 'login-token-created',
    entity: 'user',
    entityId: auth.userId,
    at: now,
  });
  return { key, path: tokenLoginPath(key), expiresAt: expiresAt.toISOString() };
}

export interface TokenAttempt {
  key: string;
  role: LoginRole;
  address: string;
  userAgent: string | undefined;
}

/**
 * The loginWithToken command. Failures are counted per address in the database (login_unknown_failures,
 * like unknown e-mails' log-in failures, so across app instances): after LOGIN_MAX_FAILURES in the window that address gets 429.
 */
export function tokenLoginService(deps: AppDeps) {
  const failures = new UnknownEmailFailures(deps.db, 'token-login');
  const BUCKET = 'login-token';

  return async function logInWithToken(
    attempt: TokenAttempt,
    log: FastifyBaseLogger,
  ): Promise<{ token: string; answer: TokenLoginAnswer }> {
    const now = deps.clock.now();
    const lock = loginLock((await failures.counts(BUCKET, attempt.address, now)).address, now);
    if (lock.locked) throw tooMany(lock.retryAfterSeconds);
    const refuse = async () => {
      await failures.record(BUCKET, attempt.address, now);
      log.info('token login failed');
      return invalidToken();
    };
    // The key is hashed and the row deleted whatever the key or role: the same work for any refusal.
    const used = await useLoginToken(deps.db, hashToken(attempt.key), attempt.role, now);
    if (!used || attempt.role !== TOKEN_LOGIN_ROLE) throw await refuse();
    const account = await findAccountByEmail(deps.db, used.email);
    if (!account || account.disabled || account.passwordHash === null) throw await refuse();
    const { token, me } = await openSession(deps, account, attempt, log);
    const expires = new Date(now.getTime() + account.sessionTimeoutMinutes * 60_000);
    return {
      token,
      answer: { user: me, expires: expires.toISOString(), timeout: account.sessionTimeoutMinutes },
    };
  };
}
