// The session commands (spec 002 §1): log in under the log-in limits (policy.ts), log out, and choose
// the session's site. The routes set and clear the cookie; everything else is here.
import { LOGIN_KNOWN_ADDRESS_DAYS } from '@nursery/domain/common';
import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { audit } from '../../lib/audit.ts';
import { AppError } from '../../lib/errors.ts';
import { type AuthContext, hashToken, mayUseSite, newSessionToken } from '../../plugins/auth.ts';
import { loadMe } from '../config/index.ts';
import { hashPassword, sha512Hex, verifyPassword } from './passwords.ts';
import { AccountTurns, failedLoginWaitMs, loginLock, loginWindowStart, slowdownMs } from './policy.ts';
import {
  type AccountForLogin,
  clearFailures,
  createSession,
  deleteSession,
  findAccountByEmail,
  loggedInFrom,
  recentFailures,
  recordFailure,
  setSessionSite,
  staffSiteIds,
} from './queries.ts';
import { UnknownEmailFailures } from './unknown-failures.ts';

// A real argon2id hash to verify against for unknown e-mails and accounts without a password, so every
// failed log-in does the same work.
let dummyHash: Promise<string> | undefined;
export const getDummyHash = () => {
  dummyHash ??= hashPassword(sha512Hex('unknown-account'));
  return dummyHash;
};

const knownAddressSince = (now: Date) => new Date(now.getTime() - LOGIN_KNOWN_ADDRESS_DAYS * 86_400_000);

const invalidLogin = () =>
  new AppError(401, 'err-invalid-login', 'The e-mail address or password is incorrect.');
const isInvalidLogin = (error: unknown) => error instanceof AppError && error.code === 'err-invalid-login';
const tooMany = (seconds: number) =>
  new AppError(429, 'err-too-many-attempts', 'Too many failed attempts. Please try again later.', {
    'retry-after': String(seconds),
  });

export interface LoginAttempt {
  email: string;
  /** The SHA-512 hex of the password. */
  password: string;
  /** The socket's address, or the proxy's client address only when TRUST_PROXY says whom to trust. */
  address: string;
  userAgent: string | undefined;
}

/**
 * The log-in command. Its limits keep the slowed accounts' turns in memory (per server process), so one
 * is made per app; failures are counted in the database (unknown e-mails' too: unknown-failures.ts).
 */
export function loginService(deps: AppDeps) {
  const { db, clock } = deps;
  const unknownEmails = new UnknownEmailFailures(db, 'login');
  const turns = new AccountTurns();
  const wait = deps.wait ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));

  /**
   * The log-in limits before the password is checked: this address's lock for this account (429),
   * then the account-wide slowdown (a wait, not a refusal), which an address the account has logged
   * in from lately skips, so the owner is never slowed by someone else's guesses.
   */
  const limitAttempt = async (
    account: string,
    address: string,
    failures: { account: number; address: { count: number; oldest: Date | null } },
    knownAddress: boolean,
  ) => {
    const lock = loginLock(failures.address, clock.now());
    if (lock.locked) throw tooMany(lock.retryAfterSeconds);
    if (knownAddress) return;
    const delay = slowdownMs(failures.account);
    if (!(await turns.take(account, address, delay, wait))) throw tooMany(Math.ceil(delay / 1000));
  };

  /** Checks the password and opens a session: its token (for the cookie) and the signed-in user. */
  return async function logIn(attempt: LoginAttempt, log: FastifyBaseLogger) {
    const started = performance.now();
    try {
      return await checkAndOpen(attempt, log);
    } catch (error) {
      // A wrong e-mail or password answers on the same beat, whichever it was (FAILED_LOGIN_ANSWER_MS).
      if (isInvalidLogin(error)) await wait(failedLoginWaitMs(performance.now() - started));
      throw error;
    }
  };

  async function checkAndOpen({ email, password, address, userAgent }: LoginAttempt, log: FastifyBaseLogger) {
    const now = clock.now();
    const account = await findAccountByEmail(db, email);
    if (!account) {
      const key = email.toLowerCase();
      const failures = await unknownEmails.counts(key, address, now);
      await limitAttempt(`email:${key}`, address, failures, false);
      await verifyPassword(await getDummyHash(), password);
      await unknownEmails.record(key, address, now);
      throw invalidLogin();
    }
    const [failures, known] = await Promise.all([
      recentFailures(db, account.providerId, account.userId, address, loginWindowStart(now)),
      loggedInFrom(db, account.providerId, account.userId, address, knownAddressSince(now)),
    ]);
    await limitAttempt(`user:${account.providerId}:${account.userId}`, address, failures, known);
    // The same argon2 work for every failed log-in (issue 26): an account not yet activated (no
    // password) or disabled is checked against the dummy hash, as an unknown e-mail is, so the time
    // of the answer does not tell which e-mails have such an account. The dummy's result never counts.
    const stored = account.passwordHash ?? (await getDummyHash());
    const matches = await verifyPassword(stored, password);
    const ok = matches && account.passwordHash !== null && !account.disabled;
    if (!ok) {
      await recordFailure(db, account.providerId, account.userId, address, now);
      await audit(db, {
        providerId: account.providerId,
        userId: account.userId,
        action: 'login-failed',
        entity: 'user',
        entityId: account.userId,
        details: { ip: address },
        at: now,
      });
      log.info({ userId: account.userId }, 'login failed');
      throw invalidLogin();
    }
    await clearFailures(db, account.providerId, account.userId, address);
    return openSession(deps, account, { address, userAgent }, log);
  }
}

/**
 * Opens a session for an account whose secret was just proven (a log-in, an activation): staff only,
 * the site chosen when there is one, audited as a log-in. Its token (for the cookie) and the user.
 */
export async function openSession(
  deps: AppDeps,
  account: Pick<AccountForLogin, 'providerId' | 'userId' | 'staffId' | 'sessionTimeoutMinutes'>,
  from: { address: string; userAgent: string | undefined },
  log: FastifyBaseLogger,
) {
  const { db } = deps;
  const now = deps.clock.now();
  if (account.staffId === null) {
    throw new AppError(
      403,
      'err-no-staff-access',
      'This account does not have staff access. Parents and carers should use the parent app.',
    );
  }
  const sites = await staffSiteIds(db, account.providerId, account.staffId);
  const token = newSessionToken();
  await createSession(db, {
    id: hashToken(token),
    providerId: account.providerId,
    userId: account.userId,
    siteId: sites.length === 1 ? sites[0]! : null,
    timeoutMinutes: account.sessionTimeoutMinutes,
    minuteMs: deps.sessionMinuteMs,
    now,
    userAgent: from.userAgent,
  });
  await audit(db, {
    providerId: account.providerId,
    userId: account.userId,
    action: 'login',
    entity: 'user',
    entityId: account.userId,
    details: { ip: from.address },
    at: now,
  });
  log.info({ userId: account.userId }, 'login');
  return { token, me: await loadMe(db, account.providerId, account.userId) };
}

/** Ends the session (audited); without one there is nothing to end. */
export async function logOut(deps: AppDeps, auth: AuthContext | null) {
  if (!auth) return;
  await deleteSession(deps.db, auth.sessionId);
  const { providerId, userId } = auth;
  await audit(deps.db, {
    providerId,
    userId,
    action: 'logout',
    entity: 'user',
    entityId: userId,
    at: deps.clock.now(),
  });
}

/** The site the session works in: one of the user's sites (404 otherwise, as for an unknown site). */
export async function chooseSite(deps: AppDeps, auth: AuthContext, siteId: number) {
  if (!mayUseSite(auth, siteId)) throw new AppError(404, 'err-not-found', 'Site not found.');
  await setSessionSite(deps.db, auth.sessionId, siteId);
}
