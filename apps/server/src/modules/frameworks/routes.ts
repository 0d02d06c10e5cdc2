// GET api/v1/frameworks?siteID= (and the user's favourite frameworks, favourites.ts): the framework reference data the event add/edit screen grades
// against (spec 000 §3, spec 001 §3), with an ETag so the client's cached copy revalidates cheaply.
import { createHash } from 'node:crypto';
import { getFavouriteFrameworks, getFrameworks, putFavouriteFrameworks } from '@nursery/domain/frameworks';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { contractRoute, routeSchema } from '../../lib/route.ts';
import { assertSite, authOf, requireSession } from '../../plugins/auth.ts';
import { readFavouriteFrameworks, saveFavouriteFrameworks } from './favourites.ts';
import { frameworksForSite } from './queries.ts';

/** The revalidation answer: not a 2xx a client reads, so it is the route's, not the contract's. */
const NotModified = z.void().describe('Not modified: the If-None-Match tag is current');

/** True when an If-None-Match header names the tag (a list, weak tags and `*` allowed). */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const bare = (t: string) => t.trim().replace(/^W\//, '');
  return header.split(',').some((t) => bare(t) === etag);
}

export async function frameworkRoutes(app: FastifyInstance, deps: AppDeps) {
  const { db } = deps;
  const schema = routeSchema(getFrameworks);
  app.withTypeProvider<ZodTypeProvider>().route({
    method: getFrameworks.method,
    url: getFrameworks.path,
    schema: { ...schema, response: { ...schema.response, 304: NotModified } },
    preHandler: requireSession,
    handler: async (request, reply) => {
      const auth = authOf(request);
      const siteId = request.query.siteID ?? auth.siteId;
      if (siteId === null) throw new AppError(400, 'err-invalid-request', 'siteID: choose a site first.');
      assertSite(auth, siteId);
      const answer = await frameworksForSite(db, auth.providerId, siteId);
      const etag = `"${createHash('sha256').update(JSON.stringify(answer)).digest('base64url').slice(0, 32)}"`;
      reply.header('etag', etag).header('cache-control', 'private, no-cache');
      if (etagMatches(request.headers['if-none-match'], etag)) return reply.code(304).send();
      return answer;
    },
  });
  // The user's own favourites: the session is the guard (favourites.ts).
  app.withTypeProvider<ZodTypeProvider>().route({
    ...contractRoute(getFavouriteFrameworks),
    preHandler: requireSession,
    handler: (request) => readFavouriteFrameworks(db, authOf(request)),
  });
  app.withTypeProvider<ZodTypeProvider>().route({
    ...contractRoute(putFavouriteFrameworks),
    preHandler: requireSession,
    handler: (request) => saveFavouriteFrameworks(db, authOf(request), request.body),
  });
}
