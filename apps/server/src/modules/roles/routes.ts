// GET/POST api/v1/roles, PUT/DELETE api/v1/roles/:roleID (issue 29: the Permissions page).
// Contracts: packages/domain/src/schemas/roles.ts. Every call needs settingsPermissions (policy.ts).
import { createRole, deleteRole, listRoles, updateRole } from '@nursery/domain/settings';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { contractRoute } from '../../lib/route.ts';
import { authOf } from '../../plugins/auth.ts';
import { requireRoleAdmin } from './policy.ts';
import * as service from './service.ts';

const WRITE_LIMIT = { rateLimit: { max: 60, timeWindow: '1 minute' } };

export async function roleRoutes(app: FastifyInstance, deps: AppDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.route({
    ...contractRoute(listRoles),
    preHandler: requireRoleAdmin,
    handler: (request) => service.listProviderRoles(deps.db, authOf(request)),
  });
  api.route({
    ...contractRoute(createRole),
    preHandler: requireRoleAdmin,
    config: WRITE_LIMIT,
    handler: async (request, reply) =>
      reply.code(201).send(await service.createRole(deps, authOf(request), request.body)),
  });
  api.route({
    ...contractRoute(updateRole),
    preHandler: requireRoleAdmin,
    config: WRITE_LIMIT,
    handler: (request) => service.updateRole(deps, authOf(request), request.params.roleID, request.body),
  });
  api.route({
    ...contractRoute(deleteRole),
    preHandler: requireRoleAdmin,
    config: WRITE_LIMIT,
    handler: async (request, reply) => {
      await service.deleteRole(deps, authOf(request), request.params.roleID);
      return reply.code(204).send();
    },
  });
}
