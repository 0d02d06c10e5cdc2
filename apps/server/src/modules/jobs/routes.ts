// GET api/v1/settings/background-jobs/dead-letters, POST …/{id}/retry and DELETE …/{id} (issue 32;
// contracts: packages/domain/src/schemas/backgroundJobs.ts).
import { deleteDeadLetter, listDeadLetters, retryDeadLetter } from '@nursery/domain/settings';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { contractRoute } from '../../lib/route.ts';
import { authOf } from '../../plugins/auth.ts';
import { requireJobManager } from './policy.ts';
import * as service from './service.ts';

const WRITE_LIMIT = { rateLimit: { max: 60, timeWindow: '1 minute' } };

export async function backgroundJobRoutes(app: FastifyInstance, deps: AppDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.route({
    ...contractRoute(listDeadLetters),
    preHandler: requireJobManager,
    handler: (request) => service.listDeadLetters(deps, authOf(request)),
  });
  api.route({
    ...contractRoute(retryDeadLetter),
    preHandler: requireJobManager,
    config: WRITE_LIMIT,
    handler: async (request, reply) => {
      await service.retryDeadLetter(deps, authOf(request), request.params.id);
      return reply.code(204).send();
    },
  });
  api.route({
    ...contractRoute(deleteDeadLetter),
    preHandler: requireJobManager,
    config: WRITE_LIMIT,
    handler: async (request, reply) => {
      await service.deleteDeadLetter(deps, authOf(request), request.params.id);
      return reply.code(204).send();
    },
  });
}
