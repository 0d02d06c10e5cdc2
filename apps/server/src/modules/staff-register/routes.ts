// GET api/v1/sites/:siteID/staff-register, GET api/v1/shifts/:shiftID,
// POST api/v1/shifts/:shiftID/actions (If-Match / version; ETag of the new version; 412 with theirs),
// POST api/v1/sites/:siteID/staff-register/bulk (contracts: packages/domain/src/schemas/staffRegister.ts).
import { getShift, getStaffRegister, postBulkShifts, postShiftAction } from '@nursery/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { routeSchema } from '../../lib/route.ts';
import { authOf } from '../../plugins/auth.ts';
import { requireBulkAccess, requireStaffRegisterAccess } from './policy.ts';
import * as service from './service.ts';

const etagOf = (version: number) => `"${version}"`;

export async function staffRegisterRoutes(app: FastifyInstance, deps: AppDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.route({
    method: getStaffRegister.method,
    url: getStaffRegister.path,
    schema: routeSchema(getStaffRegister),
    preHandler: requireStaffRegisterAccess,
    handler: (request) =>
      service.getStaffRegister(deps, authOf(request), request.params.siteID, request.query.date),
  });
  api.route({
    method: getShift.method,
    url: getShift.path,
    schema: routeSchema(getShift),
    preHandler: requireStaffRegisterAccess,
    handler: async (request, reply) => {
      const shift = await service.getShift(deps, authOf(request), request.params.shiftID);
      reply.header('etag', etagOf(shift.version));
      return { shift };
    },
  });
  api.route({
    method: postShiftAction.method,
    url: postShiftAction.path,
    schema: routeSchema(postShiftAction),
    // Which permission an action needs (own shift, others', mark-off, amendments) is decided per action.
    preHandler: requireStaffRegisterAccess,
    handler: async (request, reply) => {
      const shift = await service.actOnShift(
        deps,
        authOf(request),
        request.params.shiftID,
        request.body,
        request.headers['if-match'],
      );
      reply.header('etag', etagOf(shift.version));
      return { shift };
    },
  });
  api.route({
    method: postBulkShifts.method,
    url: postBulkShifts.path,
    schema: routeSchema(postBulkShifts),
    preHandler: requireBulkAccess,
    handler: (request) => service.bulkShifts(deps, authOf(request), request.params.siteID, request.body),
  });
}
