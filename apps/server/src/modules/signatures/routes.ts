// POST api/v1/signatures, GET api/v1/signatures/:id, GET api/v1/providers/:providerID/signature/:id/:key,
// POST api/v1/events/:id/signatures, GET api/v1/sites/:siteID/attendance/:date/requests,
// PUT api/v1/attendance/requests/:id, GET api/v1/children/:childID/today
// (contracts: packages/domain/src/schemas/signatures.ts). Registered with the media folder (app.ts).
import {
  getAttendanceRequests,
  getChildToday,
  getSignature,
  getSignatureImage,
  postEventSignature,
  postSignature,
  putAttendanceRequest,
} from '@nursery/domain/events';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { PERSONAL_IMAGE_CACHE_CONTROL } from '../../lib/personal-images.ts';
import { contractRoute, routeSchema } from '../../lib/route.ts';
import { authOf } from '../../plugins/auth.ts';
import { requireAttendanceDecision, requireSignatureAccess } from './policy.ts';
import * as service from './service.ts';

export interface SignatureRoutesOptions {
  deps: AppDeps;
}

export const signatureRoutes: FastifyPluginAsync<SignatureRoutesOptions> = async (app, opts) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const ctx: service.SignatureContext = {
    db: opts.deps.db,
    clock: opts.deps.clock,
    objects: opts.deps.objects,
    readAudit: opts.deps.readAudit,
  };
  api.route({
    ...contractRoute(postSignature),
    preHandler: requireSignatureAccess,
    handler: async (request, reply) =>
      reply.code(201).send(await service.postSignature(ctx, authOf(request), request.body)),
  });
  api.route({
    ...contractRoute(getSignature),
    preHandler: requireSignatureAccess,
    handler: (request) => service.getSignature(ctx, authOf(request), request.params.id),
  });
  api.route({
    method: getSignatureImage.method,
    url: getSignatureImage.path,
    // Bytes are sent as they are, never through the serialiser: the schema documents the answer only.
    schema: {
      ...routeSchema(getSignatureImage),
      produces: ['image/png'],
      response: { ...routeSchema(getSignatureImage).response } as Record<number, z.ZodType>,
    },
    preHandler: requireSignatureAccess,
    handler: async (request, reply) => {
      const { providerID, id, key } = request.params;
      const image = await service.signatureImage(ctx, authOf(request), providerID, id, key);
      // A signature is personal data: never kept by the browser's HTTP cache (issue 26).
      return reply
        .header('content-type', image.mimeType)
        .header('cache-control', PERSONAL_IMAGE_CACHE_CONTROL)
        .send(image.bytes);
    },
  });
  api.route({
    ...contractRoute(postEventSignature),
    preHandler: requireSignatureAccess,
    handler: async (request, reply) =>
      reply
        .code(201)
        .send(await service.postEventSignature(ctx, authOf(request), request.params.id, request.body)),
  });
  api.route({
    ...contractRoute(getAttendanceRequests),
    preHandler: requireSignatureAccess,
    handler: (request) =>
      service.getAttendanceRequests(ctx, authOf(request), request.params.siteID, request.params.date),
  });
  api.route({
    ...contractRoute(putAttendanceRequest),
    preHandler: requireAttendanceDecision,
    handler: (request) =>
      service.decideAttendanceRequest(ctx, authOf(request), request.params.id, request.body),
  });
  api.route({
    ...contractRoute(getChildToday),
    preHandler: requireSignatureAccess,
    handler: (request) => service.childToday(ctx, authOf(request), request.params.childID),
  });
};
