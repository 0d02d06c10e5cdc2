import { chooseSessionSite, LOGIN_KNOWN_ADDRESS_DAYS, logIn, logOut } from '@nursery/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { audit } from '../../lib/audit.ts';
import { AppError } from '../../lib/errors.ts';
import { routeSchema } from '../../lib/route.ts';
import { authOf, hashToken, newSessionToken, requireSession, SESSION_COOKIE } from '../../plugins/auth.ts';
import { loadMe } from '../config/queries.ts';
import { hashPassword, sha512Hex, verifyPassword } from './passwords.ts';
import { AccountTurns, loginLock, loginWindowStart, slowdownMs, UnknownEmailFailures } from './policy.ts';
import {
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

// A real argon2id hash to verify against for unknown e-mails, so both paths take the same time.
let dummyHash: Promise<string> | undefined;
const getDummyHash = () => {
  dummyHash ??= hashPassword(sha512Hex('unknown-account'));
  return dummyHash;
};

const knownAddressSince = (now: Date) => new Date(now.getTime() - LOGIN_KNOWN_ADDRESS_DAYS * 86_400_000);

const invalidLogin = () =>
  new AppError(401, 'err-invalid-login', 'The e-mail address or password is incorrect.');
const tooMany = (seconds: number) =>
  new AppError(429, 'err-too-many-attempts', 'Too many failed attempts. Please try again later.', {
    'retry-after': String(seconds),
  });

export async function authRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db, clock } = deps;
  const unknownEmails = new UnknownEmailFailures();
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
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    method: logIn.method,
    url: logIn.path,
    schema: routeSchema(logIn),
    // Per-IP flood guard; the per-account rule (10 failures / 15 min) is below.
    config: { public: true, rateLimit: { max: 60, timeWindow: '1 minute' } },
    handler: async (request, reply) => {
      const now = clock.now();
      const { email, password } = request.body;
      // The socket's address, or the proxy's client address only when TRUST_PROXY says whom to trust.
      const address = request.ip;
      const account = await findAccountByEmail(db, email);
      if (!account) {
        const key = email.toLowerCase();
        const failures = unknownEmails.counts(key, address, now);
        await limitAttempt(`email:${key}`, address, failures, false);
        await verifyPassword(await getDummyHash(), password);
        unknownEmails.record(key, address, now);
        throw invalidLogin();
      }
      const [failures, known] = await Promise.all([
        recentFailures(db, account.providerId, account.userId, address, loginWindowStart(now)),
        loggedInFrom(db, account.providerId, account.userId, address, knownAddressSince(now)),
      ]);
      await limitAttempt(`user:${account.providerId}:${account.userId}`, address, failures, known);
      const ok = !account.disabled && (await verifyPassword(account.passwordHash, password));
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
        request.log.info({ userId: account.userId }, 'login failed');
        throw invalidLogin();
      }
      await clearFailures(db, account.providerId, account.userId, address);
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
        now,
        userAgent: request.headers['user-agent'],
      });
      reply.setCookie(SESSION_COOKIE, token, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: request.protocol === 'https',
      });
      await audit(db, {
        providerId: account.providerId,
        userId: account.userId,
        action: 'login',
        entity: 'user',
        entityId: account.userId,
        details: { ip: request.ip },
        at: now,
      });
      request.log.info({ userId: account.userId }, 'login');
      return loadMe(db, account.providerId, account.userId);
    },
  });

  r.route({
    method: logOut.method,
    url: logOut.path,
    schema: routeSchema(logOut),
    config: { public: true },
    handler: async (request, reply) => {
      if (request.auth) {
        await deleteSession(db, request.auth.sessionId);
        const { providerId, userId } = request.auth;
        await audit(db, {
          providerId,
          userId,
          action: 'logout',
          entity: 'user',
          entityId: userId,
          at: clock.now(),
        });
      }
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return reply.code(204).send();
    },
  });

  r.route({
    method: chooseSessionSite.method,
    url: chooseSessionSite.path,
    schema: routeSchema(chooseSessionSite),
    preHandler: requireSession,
    handler: async (request, reply) => {
      const auth = authOf(request);
      if (!auth.siteIds.includes(request.body.siteID))
        throw new AppError(404, 'err-not-found', 'Site not found.');
      await setSessionSite(db, auth.sessionId, request.body.siteID);
      return reply.code(204).send();
    },
  });
}
