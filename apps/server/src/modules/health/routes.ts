import { APP_VERSION, getHealth } from '@nursery/domain/common';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { routeSchema } from '../../lib/route.ts';

export async function healthRoutes(app: FastifyInstance, deps: AppDeps) {
  app.withTypeProvider<ZodTypeProvider>().route({
    method: getHealth.method,
    url: getHealth.path,
    config: { public: true },
    schema: routeSchema(getHealth),
    handler: async () => {
      await deps.database.query('select 1');
      return { status: 'ok' as const, db: deps.database.kind, version: APP_VERSION };
    },
  });
}
