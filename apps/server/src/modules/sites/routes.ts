// The settings hub's Sites page (issue 29): api/v1/settings/sites and a site's rooms, closures and
// sessions. Contracts: packages/domain/src/schemas/sites.ts. Every call needs settingsSites (policy.ts).
import {
  createClosure,
  createRoom,
  createSession,
  createSite,
  deleteClosure,
  getSite,
  listSites,
  updateRoom,
  updateSession,
  updateSite,
} from '@nursery/domain/settings';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { contractRoute } from '../../lib/route.ts';
import { authOf } from '../../plugins/auth.ts';
import { requireSiteAdmin } from './policy.ts';
import * as service from './service.ts';

const WRITE = { preHandler: requireSiteAdmin, config: { rateLimit: { max: 60, timeWindow: '1 minute' } } };

export async function siteRoutes(app: FastifyInstance, deps: AppDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.route({
    ...contractRoute(listSites),
    preHandler: requireSiteAdmin,
    handler: (request) => service.listSites(deps.db, authOf(request), request.query),
  });
  api.route({
    ...contractRoute(createSite),
    ...WRITE,
    handler: async (request, reply) =>
      reply.code(201).send(await service.createSite(deps, authOf(request), request.body)),
  });
  api.route({
    ...contractRoute(getSite),
    preHandler: requireSiteAdmin,
    handler: (request) => service.getSite(deps, authOf(request), request.params.siteID),
  });
  api.route({
    ...contractRoute(updateSite),
    ...WRITE,
    handler: (request) => service.updateSite(deps, authOf(request), request.params.siteID, request.body),
  });
  api.route({
    ...contractRoute(createRoom),
    ...WRITE,
    handler: async (request, reply) =>
      reply
        .code(201)
        .send(await service.createRoom(deps, authOf(request), request.params.siteID, request.body)),
  });
  api.route({
    ...contractRoute(updateRoom),
    ...WRITE,
    handler: (request) =>
      service.updateRoom(deps, authOf(request), request.params.siteID, request.params.roomID, request.body),
  });
  api.route({
    ...contractRoute(createClosure),
    ...WRITE,
    handler: async (request, reply) =>
      reply
        .code(201)
        .send(await service.createClosure(deps, authOf(request), request.params.siteID, request.body)),
  });
  api.route({
    ...contractRoute(deleteClosure),
    ...WRITE,
    handler: async (request, reply) => {
      await service.deleteClosure(deps, authOf(request), request.params.siteID, request.params.closureID);
      return reply.code(204).send();
    },
  });
  api.route({
    ...contractRoute(createSession),
    ...WRITE,
    handler: async (request, reply) =>
      reply
        .code(201)
        .send(await service.createSession(deps, authOf(request), request.params.siteID, request.body)),
  });
  api.route({
    ...contractRoute(updateSession),
    ...WRITE,
    handler: (request) =>
      service.updateSession(
        deps,
        authOf(request),
        request.params.siteID,
        request.params.sessionID,
        request.body,
      ),
  });
}
