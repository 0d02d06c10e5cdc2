// PUT api/v1/userSettings (spec 002 §7; contract in packages/domain/src/schemas/userSettings.ts): the
// signed-in user's own input box colour and line height. The session is the only guard: every user
// has their own settings and names no one else's.
import { putUserSettings } from '@nursery/domain/account';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { contractRoute } from '../../lib/route.ts';
import { authOf, requireSession } from '../../plugins/auth.ts';
import { saveUserSettings } from './service.ts';

export async function userSettingsRoutes(app: FastifyInstance, deps: AppDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.route({
    ...contractRoute(putUserSettings),
    preHandler: requireSession,
    handler: (request) => saveUserSettings(deps, authOf(request), request.body),
  });
}
