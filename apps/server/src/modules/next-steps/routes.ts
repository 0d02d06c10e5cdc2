// GET api/v1/outstanding-next-steps and api/v1/next-step-counts (contracts:
// packages/domain/src/schemas/nextSteps.ts).
import { getNextStepCounts, getOutstandingNextSteps } from '@nursery/domain/events';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { contractRoute } from '../../lib/route.ts';
import { authOf, requireSession } from '../../plugins/auth.ts';
import { nextStepCounts, outstandingNextSteps } from './service.ts';

export async function nextStepRoutes(app: FastifyInstance, deps: AppDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.route({
    ...contractRoute(getOutstandingNextSteps),
    preHandler: requireSession,
    handler: (request) => outstandingNextSteps(deps.db, authOf(request), request.query.childIDs),
  });
  api.route({
    ...contractRoute(getNextStepCounts),
    preHandler: requireSession,
    handler: (request) => nextStepCounts(deps.db, authOf(request), request.query.childIDs),
  });
}
