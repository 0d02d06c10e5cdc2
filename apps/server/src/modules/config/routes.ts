import { getConfig } from '@nursery/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { routeSchema } from '../../lib/route.ts';
import { authOf, requireSession } from '../../plugins/auth.ts';
import { loadEventConfig } from './event-config.ts';
import { loadProviderFlags } from './flags.ts';
import { configAnswer } from './presenter.ts';
import { loadKeyChildren, loadMe, loadSitesByID } from './queries.ts';

export async function configRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps;
  app.withTypeProvider<ZodTypeProvider>().route({
    method: getConfig.method,
    url: getConfig.path,
    schema: routeSchema(getConfig),
    preHandler: requireSession,
    handler: async (request) => {
      const auth = authOf(request);
      const [me, sitesByID, keyChildren, events, flags] = await Promise.all([
        loadMe(db, auth.providerId, auth.userId),
        loadSitesByID(db, auth.providerId, auth.siteIds),
        loadKeyChildren(db, auth.providerId, auth.staffId),
        loadEventConfig(db, auth.providerId, auth.staffId),
        loadProviderFlags(db, auth.providerId),
      ]);
      return configAnswer(auth, { me, sitesByID, keyChildren, events, flags });
    },
  });
}
