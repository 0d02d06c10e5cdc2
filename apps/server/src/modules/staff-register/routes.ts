// GET api/v1/sites/:siteID/staff-register, GET api/v1/shifts/:shiftID,
// POST api/v1/shifts/:shiftID/actions (If-Match / version; ETag of the new version; 412 with theirs),
// POST api/v1/sites/:siteID/staff-register/bulk, GET api/v1/shifts/:shiftID/signatures/:which,
// GET api/v1/shifts/:shiftID/breaks/:breakID/signatures/:which
// (contracts: packages/domain/src/schemas/staffRegister.ts).
import {
  getBreakSignature,
  getShift,
  getShiftSignature,
  getStaffRegister,
  postBulkShifts,
  postShiftAction,
} from '@nursery/domain/registers';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { PERSONAL_IMAGE_CACHE_CONTROL } from '../../lib/personal-images.ts';
import { contractRoute, routeSchema } from '../../lib/route.ts';
import { authOf } from '../../plugins/auth.ts';
import { requireBulkAccess, requireStaffRegisterAccess } from './policy.ts';
import * as service from './service.ts';

const etagOf = (version: number) => `"${version}"`;

/** An image route's schema: bytes are sent as they are, never serialised (the schema documents them). */
const imageSchema = <C extends typeof getShiftSignature | typeof getBreakSignature>(contract: C) => ({
  ...routeSchema(contract),
  produces: ['image/png'],
  response: { ...routeSchema(contract).response } as Record<number, z.ZodType>,
});

/**
 * A signature is replaced under the same URL when a time is undone and captured again: the browser
 * keeps it, but asks each time (never shown from an old copy).
 */
const sendImage = (reply: FastifyReply, image: { bytes: Buffer; mimeType: string }) =>
  reply
    .header('content-type', image.mimeType)
    .header('cache-control', PERSONAL_IMAGE_CACHE_CONTROL)
    .send(image.bytes);

export async function staffRegisterRoutes(app: FastifyInstance, deps: AppDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.route({
    ...contractRoute(getStaffRegister),
    preHandler: requireStaffRegisterAccess,
    handler: (request) =>
      service.getStaffRegister(deps, authOf(request), request.params.siteID, request.query.date),
  });
  api.route({
    ...contractRoute(getShift),
    preHandler: requireStaffRegisterAccess,
    handler: async (request, reply) => {
      const shift = await service.getShift(deps, authOf(request), request.params.shiftID);
      reply.header('etag', etagOf(shift.version));
      return { shift };
    },
  });
  api.route({
    ...contractRoute(postShiftAction),
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
    ...contractRoute(postBulkShifts),
    preHandler: requireBulkAccess,
    handler: (request) => service.bulkShifts(deps, authOf(request), request.params.siteID, request.body),
  });
  api.route({
    method: getShiftSignature.method,
    url: getShiftSignature.path,
    schema: imageSchema(getShiftSignature),
    preHandler: requireStaffRegisterAccess,
    handler: async (request, reply) => {
      const { shiftID, which } = request.params;
      return sendImage(reply, await service.shiftSignatureImage(deps, authOf(request), shiftID, which));
    },
  });
  api.route({
    method: getBreakSignature.method,
    url: getBreakSignature.path,
    schema: imageSchema(getBreakSignature),
    preHandler: requireStaffRegisterAccess,
    handler: async (request, reply) => {
      const { shiftID, breakID, which } = request.params;
      return sendImage(
        reply,
        await service.breakSignatureImage(deps, authOf(request), shiftID, breakID, which),
      );
    },
  });
}
