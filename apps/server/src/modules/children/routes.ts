// GET api/v1/children/{childID}/photo (contract: packages/domain/src/schemas/children.ts).
import { getChildPhoto } from '@nursery/domain/children';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { PERSONAL_IMAGE_CACHE_CONTROL } from '../../lib/personal-images.ts';
import { routeSchema } from '../../lib/route.ts';
import { authOf, requireSession } from '../../plugins/auth.ts';
import { PORTRAIT_CSP } from './portrait.ts';
import { childPhoto } from './service.ts';

/**
 * Never kept by the browser's HTTP cache (issue 26: a shared tablet kept children's photos after
 * logout). The floor screens' offline copy is the service worker's `child-photos` Cache Storage,
 * which the web app deletes at logout (apps/web/src/lib/offline/photoCache.ts).
 */
export const CHILD_PHOTO_CACHE_CONTROL = PERSONAL_IMAGE_CACHE_CONTROL;

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
