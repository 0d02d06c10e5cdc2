// GET api/v1/reports/last-published-observation (contract: packages/domain/src/schemas/keyChildren.ts).
import { getLastPublishedObservations } from '@nursery/domain/children';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { contractRoute } from '../../lib/route.ts';
import { authOf } from '../../plugins/auth.ts';
import { requireLastPublishedObservation } from './policy.ts';
import * as service from './service.ts';

export async function reportRoutes(app: FastifyInstance, deps: AppDeps) {
  app.withTypeProvider<ZodTypeProvider>().route({
    ...contractRoute(getLastPublishedObservations),
    preHandler: requireLastPublishedObservation,
    handler: (request) => service.getLastPublishedObservations(deps, authOf(request), request.query),
  });
}
