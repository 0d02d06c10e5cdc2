// Home (contracts: packages/domain/src/schemas/home.ts): GET api/v1/home/overview, and the reminder
// saves POST api/v1/events and PUT api/v1/events/{id}.
import { getHomeOverview, postReminder, putReminder } from '@nursery/domain/home';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { contractRoute } from '../../lib/route.ts';
import { authOf, requirePermission, requireSession } from '../../plugins/auth.ts';
import { createReminder, updateReminder } from './reminder-service.ts';
import { homeOverview } from './service.ts';

export async function homeRoutes(app: FastifyInstance, deps: AppDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.route({
    ...contractRoute(getHomeOverview),
    preHandler: requireSession,
    handler: (request) => homeOverview(deps, authOf(request), request.query.siteID),
  });
  api.route({
    ...contractRoute(postReminder),
    preHandler: requirePermission('addEvents'),
    handler: async (request, reply) => {
      const result = await createReminder(deps, authOf(request), request.body);
      return reply.code(result.status).send(result.saved);
    },
  });
  api.route({
    ...contractRoute(putReminder),
    preHandler: requireSession,
    handler: (request) => updateReminder(deps, authOf(request), request.params.id, request.body),
  });
}
