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
import { routeSchema } from '../../lib/route.ts';
import { authOf } from '../../plugins/auth.ts';
import { createPattern, deletePattern, updatePattern } from './patterns.ts';
import { requireChildrenAdmin } from './policy.ts';
import * as service from './service.ts';

const WRITE_LIMIT = { rateLimit: { max: 120, timeWindow: '1 minute' } };

export async function childrenAdminRoutes(app: FastifyInstance, deps: AppDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const preHandler = requireChildrenAdmin;
  api.route({
    ...{ method: listChildRecords.method, url: listChildRecords.path },
    schema: routeSchema(listChildRecords),
    preHandler,
    handler: (request) => service.listChildren(deps, authOf(request), request.query),
  });
  api.route({
    ...{ method: childRecordOptions.method, url: childRecordOptions.path },
    schema: routeSchema(childRecordOptions),
    preHandler,
    handler: (request) => service.formOptions(deps, authOf(request)),
  });
  api.route({
    ...{ method: createChildRecord.method, url: createChildRecord.path },
    schema: routeSchema(createChildRecord),
    preHandler,
    config: WRITE_LIMIT,
    handler: async (request, reply) =>
      reply.code(201).send(await service.createChild(deps, authOf(request), request.body)),
  });
  api.route({
    ...{ method: getChildRecord.method, url: getChildRecord.path },
    schema: routeSchema(getChildRecord),
    preHandler,
    handler: (request) => service.getChild(deps, authOf(request), request.params.childID),
  });
  api.route({
    ...{ method: updateChildRecord.method, url: updateChildRecord.path },
    schema: routeSchema(updateChildRecord),
    preHandler,
    config: WRITE_LIMIT,
    handler: (request) => service.updateChild(deps, authOf(request), request.params.childID, request.body),
  });
  api.route({
    ...{ method: archiveChildRecord.method, url: archiveChildRecord.path },
    schema: routeSchema(archiveChildRecord),
    preHandler,
    config: WRITE_LIMIT,
    handler: (request) => service.archiveChild(deps, authOf(request), request.params.childID),
  });
  api.route({
    ...{ method: restoreChildRecord.method, url: restoreChildRecord.path },
    schema: routeSchema(restoreChildRecord),
    preHandler,
    config: WRITE_LIMIT,
    handler: (request) => service.restoreChild(deps, authOf(request), request.params.childID),
  });
  api.route({
    ...{ method: createBookingPattern.method, url: createBookingPattern.path },
    schema: routeSchema(createBookingPattern),
    preHandler,
    config: WRITE_LIMIT,
    handler: async (request, reply) =>
      reply.code(201).send(await createPattern(deps, authOf(request), request.params.childID, request.body)),
  });
  api.route({
    ...{ method: updateBookingPattern.method, url: updateBookingPattern.path },
    schema: routeSchema(updateBookingPattern),
    preHandler,
    config: WRITE_LIMIT,
    handler: (request) => updatePattern(deps, authOf(request), request.params.patternID, request.body),
  });
  api.route({
    ...{ method: deleteBookingPattern.method, url: deleteBookingPattern.path },
    schema: routeSchema(deleteBookingPattern),
    preHandler,
    config: WRITE_LIMIT,
    handler: async (request, reply) => {
      await deletePattern(deps, authOf(request), request.params.patternID);
      return reply.code(204).send();
    },
  });
}
