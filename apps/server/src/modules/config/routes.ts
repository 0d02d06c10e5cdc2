import { getConfig } from '@nursery/domain/account';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { contractRoute } from '../../lib/route.ts';
import { authOf, requireSession } from '../../plugins/auth.ts';
import { loadConfig } from './service.ts';

export async function configRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db, links } = deps;
  app.withTypeProvider<ZodTypeProvider>().route({
    ...contractRoute(getConfig),
    preHandler: requireSession,
    handler: async (request) => loadConfig(db, authOf(request), links),
  });
}
