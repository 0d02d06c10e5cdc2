// GET api/v1/notifications/config, PUT api/v1/notifications, PUT api/v1/eventNotifications
// (contracts: packages/domain/src/schemas/notifications.ts). The list and the read mark are GraphQL
// (graphql.ts).
import {
  getNotificationConfig,
  putEventNotificationSettings,
  putNotificationSettings,
} from '@nursery/domain/home';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { contractRoute } from '../../lib/route.ts';
import { authOf, requireSession } from '../../plugins/auth.ts';
import * as service from './service.ts';

export async function notificationRoutes(app: FastifyInstance, deps: AppDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  // Every staff user has their own settings: the session is the only guard (the rules of §6 decide
  // which methods each may choose, in the answer and on save).
  api.route({
    ...contractRoute(getNotificationConfig),
    preHandler: requireSession,
    handler: (request) => service.getNotificationConfig(deps, authOf(request)),
  });
  api.route({
    ...contractRoute(putNotificationSettings),
    preHandler: requireSession,
    handler: (request) => service.saveNotificationSettings(deps, authOf(request), 'general', request.body),
  });
  api.route({
    ...contractRoute(putEventNotificationSettings),
    preHandler: requireSession,
    handler: (request) => service.saveNotificationSettings(deps, authOf(request), 'event', request.body),
  });
}
