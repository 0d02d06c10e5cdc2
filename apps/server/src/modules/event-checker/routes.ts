// GET api/v1/event-checker (contract: packages/domain/src/schemas/eventChecker.ts).
import { getEventChecker } from '@nursery/domain/spotlight';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { contractRoute } from '../../lib/route.ts';
import { authOf, requireSession } from '../../plugins/auth.ts';
import * as service from './service.ts';

export async function eventCheckerRoutes(app: FastifyInstance, deps: AppDeps) {
  app.withTypeProvider<ZodTypeProvider>().route({
    ...contractRoute(getEventChecker),
    // Every staff session may check its own key children; choosing others is decided in the service
    // (policy.ts: selectStaff), since without the right the answer is the user's own, not a 403.
    preHandler: requireSession,
    handler: (request) => service.getEventChecker(deps, authOf(request), request.query),
  });
}
