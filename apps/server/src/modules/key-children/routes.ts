// GET api/v1/key-children (contract: packages/domain/src/schemas/keyChildren.ts).
import { getKeyChildren } from '@nursery/domain/children';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { contractRoute } from '../../lib/route.ts';
import { authOf, requireSession } from '../../plugins/auth.ts';
import * as service from './service.ts';

export async function keyChildrenRoutes(app: FastifyInstance, deps: AppDeps) {
  app.withTypeProvider<ZodTypeProvider>().route({
    ...contractRoute(getKeyChildren),
    preHandler: requireSession,
    handler: (request) => service.getKeyChildren(deps, authOf(request), request.query),
  });
}
