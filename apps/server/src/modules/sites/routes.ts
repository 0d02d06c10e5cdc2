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
import { routeSchema } from '../../lib/route.ts';
import { authOf } from '../../plugins/auth.ts';
import { requireSiteAdmin } from './policy.ts';
import * as service from './service.ts';

const WRITE = { preHandler: requireSiteAdmin, config: { rateLimit: { max: 60, timeWindow: '1 minute' } } };

export async function siteRoutes(app: FastifyInstance, deps: AppDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.route({
    method: listSites.method,
    url: listSites.path,
    schema: routeSchema(listSites),
    preHandler: requireSiteAdmin,
    handler: (request) => service.listSites(deps.db, authOf(request), request.query),
  });
  api.route({
    method: createSite.method,
    url: createSite.path,
    schema: routeSchema(createSite),
    ...WRITE,
    handler: async (request, reply) =>
      reply.code(201).send(await service.createSite(deps, authOf(request), request.body)),
  });
  api.route({
    method: getSite.method,
    url: getSite.path,
    schema: routeSchema(getSite),
    preHandler: requireSiteAdmin,
    handler: (request) => service.getSite(deps, authOf(request), request.params.siteID),
  });
  api.route({
    method: updateSite.method,
    url: updateSite.path,
    schema: routeSchema(updateSite),
    ...WRITE,
    handler: (request) => service.updateSite(deps, authOf(request), request.params.siteID, request.body),
  });
  api.route({
    method: createRoom.method,
    url: createRoom.path,
    schema: routeSchema(createRoom),
    ...WRITE,
    handler: async (request, reply) =>
      reply
        .code(201)
        .send(await service.createRoom(deps, authOf(request), request.params.siteID, request.body)),
  });
  api.route({
    method: updateRoom.method,
    url: updateRoom.path,
    schema: routeSchema(updateRoom),
    ...WRITE,
    handler: (request) =>
      service.updateRoom(deps, authOf(request), request.params.siteID, request.params.roomID, request.body),
  });
  api.route({
    method: createClosure.method,
    url: createClosure.path,
    schema: routeSchema(createClosure),
    ...WRITE,
    handler: async (request, reply) =>
      reply
        .code(201)
        .send(await service.createClosure(deps, authOf(request), request.params.siteID, request.body)),
  });
  api.route({
    method: deleteClosure.method,
    url: deleteClosure.path,
    schema: routeSchema(deleteClosure),
    ...WRITE,
    handler: async (request, reply) => {
      await service.deleteClosure(deps, authOf(request), request.params.siteID, request.params.closureID);
      return reply.code(204).send();
    },
  });
  api.route({
    method: createSession.method,
    url: createSession.path,
    schema: routeSchema(createSession),
    ...WRITE,
    handler: async (request, reply) =>
      reply
        .code(201)
        .send(await service.createSession(deps, authOf(request), request.params.siteID, request.body)),
  });
  api.route({
    method: updateSession.method,
    url: updateSession.path,
    schema: routeSchema(updateSession),
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
