// Staff administration (issue 29): GET/POST api/v1/settings/staff, GET/PUT api/v1/settings/staff/:staffID,
// its name, archive, restore and invitation; GET api/v1/settings/staff-options (the form's choices);
// GET api/v1/settings/email-outbox (#/settings/device's outbox). Contracts: schemas/staffAdmin.ts.
import {
  archiveStaffMember,
  createStaffMember,
  getStaffMember,
  getStaffOptions,
  listEmailOutbox,
  listStaffAdmin,
  renameStaffMember,
  resendStaffInvitation,
  restoreStaffMember,
  updateStaffMember,
} from '@nursery/domain/settings';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { contractRoute } from '../../lib/route.ts';
import { authOf } from '../../plugins/auth.ts';
import { listOutbox } from './outbox.ts';
import { requireOutboxReader, requireStaffAdmin, requireStaffEditor } from './policy.ts';
import * as service from './service.ts';

const WRITE_LIMIT = { rateLimit: { max: 60, timeWindow: '1 minute' } };

/** Where an invitation links: PUBLIC_URL, else the origin the manager's request came to. */
export const invitationOrigin = (deps: AppDeps, request: FastifyRequest) =>
  deps.mail?.publicUrl ?? `${request.protocol}://${request.host}`;

export async function staffAdminRoutes(app: FastifyInstance, deps: AppDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.route({
    ...contractRoute(listStaffAdmin),
    preHandler: requireStaffAdmin,
    handler: (request) => service.listStaff(deps, authOf(request), request.query),
  });
  api.route({
    ...contractRoute(getStaffOptions),
    preHandler: requireStaffAdmin,
    handler: (request) => service.staffOptions(deps, authOf(request)),
  });
  api.route({
    ...contractRoute(getStaffMember),
    preHandler: requireStaffAdmin,
    handler: (request) => service.getMember(deps, authOf(request), request.params.staffID),
  });
  api.route({
    ...contractRoute(createStaffMember),
    preHandler: requireStaffAdmin,
    config: WRITE_LIMIT,
    handler: async (request, reply) =>
      reply
        .code(201)
        .send(
          await service.createMember(deps, authOf(request), request.body, invitationOrigin(deps, request)),
        ),
  });
  api.route({
    ...contractRoute(updateStaffMember),
    preHandler: requireStaffEditor,
    config: WRITE_LIMIT,
    handler: (request) => service.updateMember(deps, authOf(request), request.params.staffID, request.body),
  });
  api.route({
    ...contractRoute(renameStaffMember),
    preHandler: requireStaffEditor,
    config: WRITE_LIMIT,
    handler: (request) => service.renameMember(deps, authOf(request), request.params.staffID, request.body),
  });
  api.route({
    ...contractRoute(archiveStaffMember),
    preHandler: requireStaffEditor,
    config: WRITE_LIMIT,
    handler: (request) =>
      service.archiveMember(deps, authOf(request), request.params.staffID, request.body.endDate),
  });
  api.route({
    ...contractRoute(restoreStaffMember),
    preHandler: requireStaffEditor,
    config: WRITE_LIMIT,
    handler: (request) => service.restoreMember(deps, authOf(request), request.params.staffID),
  });
  api.route({
    ...contractRoute(resendStaffInvitation),
    preHandler: requireStaffAdmin,
    config: WRITE_LIMIT,
    handler: (request) =>
      service.resendInvitation(
        deps,
        authOf(request),
        request.params.staffID,
        invitationOrigin(deps, request),
      ),
  });
  api.route({
    ...contractRoute(listEmailOutbox),
    preHandler: requireOutboxReader,
    handler: (request) => listOutbox(deps, authOf(request), request.query.cursor),
  });
}
