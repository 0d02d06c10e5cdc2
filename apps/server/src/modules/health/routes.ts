import { APP_VERSION } from '@nursery/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app.ts';

export async function healthRoutes(app: FastifyInstance, deps: AppDeps) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/health',
    {
      config: { public: true },
      schema: {
        tags: ['health'],
        summary: 'Liveness and database kind',
        response: {
          200: z.object({ status: z.literal('ok'), db: z.enum(['pglite', 'postgres']), version: z.string() }),
        },
      },
    },
    async () => {
      await deps.database.query('select 1');
      return { status: 'ok' as const, db: deps.database.kind, version: APP_VERSION };
    },
  );
}
