// GET api/v1/children/{childID}/photo (contract: packages/domain/src/schemas/children.ts).
import { getChildPhoto } from '@nursery/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { routeSchema } from '../../lib/route.ts';
import { authOf, requireSession } from '../../plugins/auth.ts';
import { PORTRAIT_CSP } from './portrait.ts';
import { childPhoto } from './service.ts';

/** A day: the tiles show at once offline and on every screen, and a changed photo shows by tomorrow. */
export const CHILD_PHOTO_CACHE_CONTROL = 'private, max-age=86400';

export async function childrenRoutes(app: FastifyInstance, deps: AppDeps) {
  const schema = routeSchema(getChildPhoto);
  // The answer is bytes, never serialised: these schemas document it (hence the wide record, which
  // also lets the handler answer 304 to a revalidation).
  const answers: Record<number, z.ZodType> = {
    ...schema.response,
    304: z.void().describe('Not modified (If-None-Match)'),
  };
  app.withTypeProvider<ZodTypeProvider>().route({
    method: getChildPhoto.method,
    url: getChildPhoto.path,
    schema: { ...schema, produces: ['image/svg+xml'], response: answers },
    preHandler: requireSession,
    handler: async (request, reply) => {
      const photo = await childPhoto(deps.db, authOf(request), request.params.childID);
      reply
        .header('cache-control', CHILD_PHOTO_CACHE_CONTROL)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', PORTRAIT_CSP)
        .header('etag', photo.etag);
      if (request.headers['if-none-match'] === photo.etag) return reply.code(304).send();
      return reply.header('content-type', photo.contentType).send(Buffer.from(photo.body));
    },
  });
}
