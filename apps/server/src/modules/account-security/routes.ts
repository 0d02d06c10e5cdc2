// The signed-in user's password, security question and log out of every device (contracts in
// packages/domain/src/schemas/accountSecurity.ts): a staff session, a per-IP limit each (429 with
// Retry-After; the current password's per-account lock is in the service). The commands are in service.ts.
import { changePassword, changeSecurityQuestion, logOutEverywhere } from '@nursery/domain/account';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { contractRoute } from '../../lib/route.ts';
import { authOf, requireSession } from '../../plugins/auth.ts';
import { clearSessionCookies } from '../auth/index.ts';
import { accountSecurityService } from './service.ts';

/** Per-IP limits: the calls that verify a password (argon2 work), and log out everywhere. */
const SECRET_LIMIT = { rateLimit: { max: 10, timeWindow: '1 minute' } };
const LOGOUT_LIMIT = { rateLimit: { max: 10, timeWindow: '1 minute' } };

export async function accountSecurityRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const service = accountSecurityService(deps);

  r.route({
    ...contractRoute(changePassword),
    preHandler: requireSession,
    config: SECRET_LIMIT,
    handler: async (request, reply) => {
      await service.changePassword(authOf(request), request.body, { address: request.ip }, request.log);
      return reply.code(204).send();
    },
  });

  r.route({
    ...contractRoute(changeSecurityQuestion),
    preHandler: requireSession,
    config: SECRET_LIMIT,
    handler: async (request, reply) => {
      await service.changeSecurityQuestion(
        authOf(request),
        request.body,
        { address: request.ip },
        request.log,
      );
      return reply.code(204).send();
    },
  });

  r.route({
    ...contractRoute(logOutEverywhere),
    preHandler: requireSession,
    config: LOGOUT_LIMIT,
    handler: async (request, reply) => {
      await service.logOutEverywhere(authOf(request), { address: request.ip });
      clearSessionCookies(reply);
      return reply.code(204).send();
    },
  });
}
