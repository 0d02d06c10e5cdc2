// The anonymous account calls (contracts in packages/domain/src/schemas/accountAnonymous.ts): no
// session needed, each with its per-IP limit (429 with Retry-After); the commands are in service.ts.
import {
  activateAccount,
  getActivation,
  getResetQuestion,
  requestResetLink,
  resetPassword,
  resetPasswordByLink,
} from '@nursery/domain/account';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { contractRoute } from '../../lib/route.ts';
import { setSessionCookies } from '../auth/index.ts';
import { invitationOrigin } from '../staff-admin/index.ts';
import * as service from './service.ts';

/** Per-IP limits: looking a code or a question up, and the attempts that do argon2 work or send mail. */
const LOOKUP_LIMIT = { public: true, rateLimit: { max: 30, timeWindow: '1 minute' } };
const ATTEMPT_LIMIT = { public: true, rateLimit: { max: 10, timeWindow: '1 minute' } };
const MAIL_LIMIT = { public: true, rateLimit: { max: 5, timeWindow: '1 minute' } };

export async function accountAnonymousRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const reset = service.resetService(deps);
  const from = (request: { ip: string; headers: { 'user-agent'?: string } }) => ({
    address: request.ip,
    userAgent: request.headers['user-agent'],
  });

  r.route({
    ...contractRoute(getActivation),
    config: LOOKUP_LIMIT,
    handler: (request) => service.getActivation(deps, request.query.code),
  });

  r.route({
    ...contractRoute(activateAccount),
    config: ATTEMPT_LIMIT,
    handler: async (request, reply) => {
      const { token, me } = await service.activate(deps, request.body, from(request), request.log);
      setSessionCookies(request, reply, token);
      return me;
    },
  });

  r.route({
    ...contractRoute(getResetQuestion),
    config: ATTEMPT_LIMIT,
    handler: (request) => service.getResetQuestion(deps, request.query.email),
  });

  r.route({
    ...contractRoute(resetPassword),
    config: ATTEMPT_LIMIT,
    handler: async (request, reply) => {
      await reset.resetByAnswer(request.body, from(request), request.log);
      return reply.code(204).send();
    },
  });

  r.route({
    ...contractRoute(requestResetLink),
    config: MAIL_LIMIT,
    handler: async (request, reply) => {
      await reset.sendResetLink(request.body.email, invitationOrigin(deps, request), request.log);
      return reply.code(204).send();
    },
  });

  r.route({
    ...contractRoute(resetPasswordByLink),
    config: ATTEMPT_LIMIT,
    handler: async (request, reply) => {
      await reset.resetByLink(request.body, from(request), request.log);
      return reply.code(204).send();
    },
  });
}
