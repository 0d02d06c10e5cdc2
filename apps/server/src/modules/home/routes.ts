import { getHomeOverview, todayInZone } from '@nursery/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { routeSchema } from '../../lib/route.ts';
import { siteTimeZone } from '../../lib/site-time-zone.ts';
import { assertSite, authOf, requirePermission } from '../../plugins/auth.ts';
import { countDueIn } from './queries.ts';

export async function homeRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db, clock } = deps;
  app.withTypeProvider<ZodTypeProvider>().route({
    method: getHomeOverview.method,
    url: getHomeOverview.path,
    schema: routeSchema(getHomeOverview),
    preHandler: requirePermission('viewRegister'),
    handler: async (request) => {
      const auth = authOf(request);
      const siteId = assertSite(auth, request.query.siteID);
      const timeZone = await siteTimeZone(db, auth.providerId, siteId);
      if (!timeZone) throw new AppError(404, 'err-not-found', 'Site not found.');
      const date = todayInZone(clock.now(), timeZone);
      return { date, dueIn: await countDueIn(db, auth.providerId, siteId, date) };
    },
  });
}
