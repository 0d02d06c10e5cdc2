// GET api/v1/meals (contract: packages/domain/src/schemas/meals.ts).
import { getMeals } from '@nursery/domain/children';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { contractRoute } from '../../lib/route.ts';
import { authOf, requireSession } from '../../plugins/auth.ts';
import { mealsAt } from './service.ts';

export async function mealRoutes(app: FastifyInstance, deps: AppDeps) {
  app.withTypeProvider<ZodTypeProvider>().route({
    ...contractRoute(getMeals),
    preHandler: requireSession,
    handler: (request) => mealsAt(deps.db, authOf(request), request.query.siteID),
  });
}
