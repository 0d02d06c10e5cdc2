// The session timeout (POST timeout, spec 002 §7) and the lock screen's unlock (issue 30); contracts in
// packages/domain/src/schemas/sessionLock.ts, the commands in service.ts.
import { setSessionTimeout, unlockSession } from '@nursery/domain/account';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { contractRoute } from '../../lib/route.ts';
import { authOf, requireSession } from '../../plugins/auth.ts';
import { changeTimeout, unlock } from './service.ts';

/**
 * Per-address flood guard on PIN guesses (429 with Retry-After); the session's own limit (5 wrong PINs
 * end it) is in the service.
 */
export const UNLOCK_RATE_LIMIT = { max: 10, timeWindow: '1 minute' };

export async function sessionLockRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.route({
    ...contractRoute(setSessionTimeout),
    preHandler: requireSession,
    handler: (request) => changeTimeout(deps, authOf(request), request.body.timeout),
  });

  r.route({
    ...contractRoute(unlockSession),
    // The one staff route a locked session reaches (besides log-out).
    preHandler: requireSession,
    config: { whileLocked: true, rateLimit: UNLOCK_RATE_LIMIT },
    handler: (request) => unlock(deps, authOf(request), request.body.PIN),
  });
}
