// The conversations calls (issue 31; contracts in packages/domain/src/schemas/conversations.ts).
// Starting and replying need sendMessages; reading needs a staff session, and the thread's rule
// (policy.ts) answers 404 for a thread the user may not see.
import {
  getConversation,
  listConversations,
  markConversationRead,
  replyToConversation,
  startConversation,
} from '@nursery/domain/home';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps.ts';
import { contractRoute } from '../../lib/route.ts';
import { authOf, requirePermission, requireSession } from '../../plugins/auth.ts';
import {
  listThreads,
  markThreadRead,
  replyInThread,
  startConversation as start,
  threadAnswer,
} from './service.ts';

const WRITE_LIMIT = { rateLimit: { max: 60, timeWindow: '1 minute' } };
const READ_MARK_LIMIT = { rateLimit: { max: 240, timeWindow: '1 minute' } };

export async function conversationRoutes(app: FastifyInstance, deps: AppDeps) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.route({
    ...contractRoute(startConversation),
    preHandler: requirePermission('sendMessages'),
    config: WRITE_LIMIT,
    handler: async (request, reply) => reply.code(201).send(await start(deps, authOf(request), request.body)),
  });
  api.route({
    ...contractRoute(listConversations),
    preHandler: requireSession,
    handler: async (request) => listThreads(deps.db, authOf(request), request.query),
  });
  api.route({
    ...contractRoute(getConversation),
    preHandler: requireSession,
    handler: async (request) =>
      threadAnswer(deps.db, authOf(request), request.params.threadID, request.query),
  });
  api.route({
    ...contractRoute(replyToConversation),
    preHandler: requirePermission('sendMessages'),
    config: WRITE_LIMIT,
    handler: async (request, reply) =>
      reply.code(201).send(await replyInThread(deps, authOf(request), request.params.threadID, request.body)),
  });
  api.route({
    ...contractRoute(markConversationRead),
    preHandler: requireSession,
    config: READ_MARK_LIMIT,
    handler: async (request) =>
      markThreadRead(deps.db, authOf(request), request.params.threadID, request.body),
  });
}
