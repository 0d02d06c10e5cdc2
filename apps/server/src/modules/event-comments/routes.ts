// POST api/v1/events/:id/comments (contract: packages/domain/src/schemas/notifications.ts).
import { postEventComment } from '@nursery/domain/home';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { contractRoute } from '../../lib/route.ts';
import { authOf, requireSession } from '../../plugins/auth.ts';
import { addComment } from './service.ts';

export async function eventCommentRoutes(app: FastifyInstance, deps: AppDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Any staff user who can see the event may comment (the event's visibility is the rule), at most
  // 60 a minute from one address, as the other writes.
  api.route({
    ...contractRoute(postEventComment),
    config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    preHandler: requireSession,
    handler: async (request, reply) =>
      reply.code(201).send(await addComment(deps, authOf(request), request.params.id, request.body)),
  });
}
