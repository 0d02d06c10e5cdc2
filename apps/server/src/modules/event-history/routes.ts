// GET api/v2/events/{id}/history (contract: packages/domain/src/schemas/eventHistory.ts).
import { getEventHistory } from '@nursery/domain/events';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { contractRoute } from '../../lib/route.ts';
import { authOf, requirePermission } from '../../plugins/auth.ts';
import { eventHistory } from './service.ts';

export async function eventHistoryRoutes(app: FastifyInstance, deps: AppDeps) {
  app.withTypeProvider<ZodTypeProvider>().route({
    ...contractRoute(getEventHistory),
    preHandler: requirePermission('viewEventHistory'),
    handler: (request) => eventHistory(deps.db, authOf(request), request.params.id),
  });
}
