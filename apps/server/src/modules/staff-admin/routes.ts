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
import { routeSchema } from '../../lib/route.ts';
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
    method: listStaffAdmin.method,
    url: listStaffAdmin.path,
    schema: routeSchema(listStaffAdmin),
    preHandler: requireStaffAdmin,
    handler: (request) => service.listStaff(deps, authOf(request), request.query),
  });
  api.route({
    method: getStaffOptions.method,
    url: getStaffOptions.path,
    schema: routeSchema(getStaffOptions),
    preHandler: requireStaffAdmin,
    handler: (request) => service.staffOptions(deps, authOf(request)),
  });
  api.route({
    method: getStaffMember.method,
    url: getStaffMember.path,
    schema: routeSchema(getStaffMember),
    preHandler: requireStaffAdmin,
    handler: (request) => service.getMember(deps, authOf(request), request.params.staffID),
  });
  api.route({
    method: createStaffMember.method,
    url: createStaffMember.path,
    schema: routeSchema(createStaffMember),
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
    method: updateStaffMember.method,
    url: updateStaffMember.path,
    schema: routeSchema(updateStaffMember),
    preHandler: requireStaffEditor,
    config: WRITE_LIMIT,
    handler: (request) => service.updateMember(deps, authOf(request), request.params.staffID, request.body),
  });
  api.route({
    method: renameStaffMember.method,
    url: renameStaffMember.path,
    schema: routeSchema(renameStaffMember),
    preHandler: requireStaffEditor,
    config: WRITE_LIMIT,
    handler: (request) => service.renameMember(deps, authOf(request), request.params.staffID, request.body),
  });
  api.route({
    method: archiveStaffMember.method,
    url: archiveStaffMember.path,
    schema: routeSchema(archiveStaffMember),
    preHandler: requireStaffEditor,
    config: WRITE_LIMIT,
    handler: (request) =>
      service.archiveMember(deps, authOf(request), request.params.staffID, request.body.endDate),
  });
  api.route({
    method: restoreStaffMember.method,
    url: restoreStaffMember.path,
    schema: routeSchema(restoreStaffMember),
    preHandler: requireStaffEditor,
    config: WRITE_LIMIT,
    handler: (request) => service.restoreMember(deps, authOf(request), request.params.staffID),
  });
  api.route({
    method: resendStaffInvitation.method,
    url: resendStaffInvitation.path,
    schema: routeSchema(resendStaffInvitation),
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
    method: listEmailOutbox.method,
    url: listEmailOutbox.path,
    schema: routeSchema(listEmailOutbox),
    preHandler: requireOutboxReader,
    handler: (request) => listOutbox(deps, authOf(request), request.query.cursor),
  });
}
