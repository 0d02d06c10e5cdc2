// GET api/v1/settings/overview/:card (the read-only cards), GET api/v1/settings/frameworks,
// PUT api/v1/settings/frameworks/:frameworkID/sites/:siteID and GET/POST/PUT api/v1/settings/meal-types (issue 29). Contracts:
// packages/domain/src/schemas/settingsCatalogue.ts. Permissions: policy.ts.
import {
  createMealType,
  getSettingsOverview,
  listMealTypes,
  listSiteFrameworks,
  switchSiteFramework,
  updateMealType,
} from '@nursery/domain/settings';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { contractRoute } from '../../lib/route.ts';
import { authOf, requireSession } from '../../plugins/auth.ts';
import * as mealTypes from './meal-types.ts';
import { requireFrameworkAdmin, requireMealAdmin } from './policy.ts';
import * as service from './service.ts';

const WRITE_LIMIT = { rateLimit: { max: 120, timeWindow: '1 minute' } };

export async function settingsCatalogueRoutes(app: FastifyInstance, deps: AppDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.route({
    ...contractRoute(getSettingsOverview),
    // The card's own permission is checked by the service (it depends on the card asked for).
    preHandler: requireSession,
    handler: (request) => service.settingsOverview(deps.db, authOf(request), request.params.card),
  });
  api.route({
    ...contractRoute(listSiteFrameworks),
    preHandler: requireFrameworkAdmin,
    handler: (request) => service.listSiteFrameworks(deps.db, authOf(request), request.query.siteID),
  });
  api.route({
    ...contractRoute(switchSiteFramework),
    preHandler: requireFrameworkAdmin,
    config: WRITE_LIMIT,
    handler: (request) =>
      service.switchSiteFramework(
        deps,
        authOf(request),
        request.params.frameworkID,
        request.params.siteID,
        request.body.enabled,
      ),
  });
  api.route({
    ...contractRoute(listMealTypes),
    preHandler: requireMealAdmin,
    handler: (request) => mealTypes.listMealTypes(deps.db, authOf(request), request.query),
  });
  api.route({
    ...contractRoute(createMealType),
    preHandler: requireMealAdmin,
    config: WRITE_LIMIT,
    handler: async (request, reply) =>
      reply.code(201).send(await mealTypes.createMealType(deps, authOf(request), request.body)),
  });
  api.route({
    ...contractRoute(updateMealType),
    preHandler: requireMealAdmin,
    config: WRITE_LIMIT,
    handler: (request) =>
      mealTypes.updateMealType(deps, authOf(request), request.params.mealTypeID, request.body),
  });
}
