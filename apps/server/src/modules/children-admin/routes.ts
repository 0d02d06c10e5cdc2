// The settings' Children page and the Bookings page (issue 29). Contracts:
// packages/domain/src/schemas/childrenAdmin.ts. Every call needs settingsChildren (policy.ts).
import {
  archiveChildRecord,
  childRecordOptions,
  createBookingPattern,
  createChildRecord,
  deleteBookingPattern,
  getChildRecord,
  listChildRecords,
  restoreChildRecord,
  updateBookingPattern,
  updateChildRecord,
} from '@nursery/domain/settings';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { contractRoute } from '../../lib/route.ts';
import { authOf } from '../../plugins/auth.ts';
import { createPattern, deletePattern, updatePattern } from './patterns.ts';
import { requireChildrenAdmin } from './policy.ts';
import * as service from './service.ts';

const WRITE_LIMIT = { rateLimit: { max: 120, timeWindow: '1 minute' } };

export async function childrenAdminRoutes(app: FastifyInstance, deps: AppDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const preHandler = requireChildrenAdmin;
  api.route({
    ...contractRoute(listChildRecords),
    preHandler,
    handler: (request) => service.listChildren(deps, authOf(request), request.query),
  });
  api.route({
    ...contractRoute(childRecordOptions),
    preHandler,
    handler: (request) => service.formOptions(deps, authOf(request)),
  });
  api.route({
    ...contractRoute(createChildRecord),
    preHandler,
    config: WRITE_LIMIT,
    handler: async (request, reply) =>
      reply.code(201).send(await service.createChild(deps, authOf(request), request.body)),
  });
  api.route({
    ...contractRoute(getChildRecord),
    preHandler,
    handler: (request) => service.getChild(deps, authOf(request), request.params.childID),
  });
  api.route({
    ...contractRoute(updateChildRecord),
    preHandler,
    config: WRITE_LIMIT,
    handler: (request) => service.updateChild(deps, authOf(request), request.params.childID, request.body),
  });
  api.route({
    ...contractRoute(archiveChildRecord),
    preHandler,
    config: WRITE_LIMIT,
    handler: (request) => service.archiveChild(deps, authOf(request), request.params.childID),
  });
  api.route({
    ...contractRoute(restoreChildRecord),
    preHandler,
    config: WRITE_LIMIT,
    handler: (request) => service.restoreChild(deps, authOf(request), request.params.childID),
  });
  api.route({
    ...contractRoute(createBookingPattern),
    preHandler,
    config: WRITE_LIMIT,
    handler: async (request, reply) =>
      reply.code(201).send(await createPattern(deps, authOf(request), request.params.childID, request.body)),
  });
  api.route({
    ...contractRoute(updateBookingPattern),
    preHandler,
    config: WRITE_LIMIT,
    handler: (request) => updatePattern(deps, authOf(request), request.params.patternID, request.body),
  });
  api.route({
    ...contractRoute(deleteBookingPattern),
    preHandler,
    config: WRITE_LIMIT,
    handler: async (request, reply) => {
      await deletePattern(deps, authOf(request), request.params.patternID);
      return reply.code(204).send();
    },
  });
}
