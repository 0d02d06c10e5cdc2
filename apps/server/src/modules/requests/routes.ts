// GET/PUT api/v1/booking-requests, GET api/v1/change-requests, POST api/v1/change-requests/approve/:id,
// DELETE api/v1/change-requests/:id, GET/PUT api/v1/gdpr-erasure-requests (contracts:
// packages/domain/src/schemas/requests.ts). Registered with the media folder (app.ts): an erasure
// deletes media files.
import {
  approveChangeRequest,
  declineChangeRequest,
  getBookingRequests,
  getChangeRequests,
  getGdprErasureRequests,
  postGdprErasureRequest,
  putBookingRequest,
  putGdprErasureRequest,
} from '@nursery/domain/home';
import type { FastifyPluginAsync } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { contractRoute } from '../../lib/route.ts';
import { authOf } from '../../plugins/auth.ts';
import { requireApproveGdpr, requireChangeRequestAccess, requireMarkOff } from './policy.ts';
import * as service from './service.ts';

export interface RequestRoutesOptions {
  deps: AppDeps;
}

export const requestRoutes: FastifyPluginAsync<RequestRoutesOptions> = async (app, opts) => {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const ctx: service.RequestDeps = {
    db: opts.deps.db,
    clock: opts.deps.clock,
    jobs: opts.deps.jobs,
  };
  api.route({
    ...contractRoute(getBookingRequests),
    preHandler: requireMarkOff,
    handler: (request) => service.getBookingRequests(ctx, authOf(request), request.query.siteID),
  });
  api.route({
    ...contractRoute(putBookingRequest),
    preHandler: requireMarkOff,
    handler: (request) => service.decideBooking(ctx, authOf(request), request.params.id, request.body),
  });
  api.route({
    ...contractRoute(getChangeRequests),
    preHandler: requireChangeRequestAccess,
    handler: (request) => service.getChangeRequests(ctx, authOf(request)),
  });
  api.route({
    ...contractRoute(approveChangeRequest),
    preHandler: requireChangeRequestAccess,
    handler: (request) => service.approveChange(ctx, authOf(request), request.params.id, request.body),
  });
  api.route({
    ...contractRoute(declineChangeRequest),
    preHandler: requireChangeRequestAccess,
    handler: async (request, reply) => {
      await service.declineChange(ctx, authOf(request), request.params.id);
      return reply.code(204).send();
    },
  });
  api.route({
    ...contractRoute(getGdprErasureRequests),
    preHandler: requireApproveGdpr,
    handler: (request) => service.getGdprRequests(ctx, authOf(request)),
  });
  api.route({
    ...contractRoute(postGdprErasureRequest),
    preHandler: requireApproveGdpr,
    config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    handler: async (request, reply) =>
      reply.code(201).send(await service.raiseGdpr(ctx, authOf(request), request.body)),
  });
  api.route({
    ...contractRoute(putGdprErasureRequest),
    preHandler: requireApproveGdpr,
    handler: (request) => service.decideGdpr(ctx, authOf(request), request.params.id, request.body.approved),
  });
};
