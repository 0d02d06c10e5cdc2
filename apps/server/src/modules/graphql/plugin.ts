// GraphQL at /graphql (Mercurius), SDL with typed resolvers. Each feature adds its type defs and
// resolvers here; the context carries the same session as the REST routes.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import mercurius from 'mercurius';
import type { AppDeps } from '../../app.ts';
import { AppError } from '../../lib/errors.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { childrenResolvers, childrenTypeDefs } from '../children/graphql.ts';
import { eventResolvers, eventTypeDefs } from '../events/graphql.ts';

export interface GraphQLContext {
  deps: AppDeps;
  auth: AuthContext;
}

const baseTypeDefs = /* GraphQL */ `
  type Query {
    _version: String!
  }
`;

/** A GraphQL error carrying the API's error code (e.g. err-not-found for another tenant's id). */
export function gqlError(code: string, message: string) {
  return new mercurius.ErrorWithProps(message, { code }, code === 'err-not-found' ? 404 : 400);
}

export const graphqlPlugin = fp<AppDeps>(async (app: FastifyInstance, deps) => {
  // Every operation needs a staff session; the check runs before parsing.
  app.addHook('preHandler', async (request) => {
    if (!request.url.startsWith('/graphql')) return;
    if (!request.auth || request.auth.staffId === null) {
      throw new AppError(
        request.auth ? 403 : 401,
        request.auth ? 'err-no-staff-access' : 'err-not-logged-in',
        'You are not logged in.',
      );
    }
  });
  await app.register(mercurius, {
    schema: [baseTypeDefs, childrenTypeDefs, eventTypeDefs],
    resolvers: {
      Query: { _version: () => deps.database.kind, ...childrenResolvers.Query, ...eventResolvers.Query },
      ...childrenResolvers.types,
    } as never,
    graphiql: false,
    jit: 1,
    queryDepth: 8,
    context: (request: FastifyRequest, _reply: FastifyReply) => ({ deps, auth: request.auth }),
    errorFormatter: (execution, context) => {
      const formatted = mercurius.defaultErrorFormatter(execution, context);
      // Client errors (syntax, validation, our coded errors) keep their message; an unexpected
      // error from a resolver is logged and answered with a generic message, never internals.
      const errors = execution.errors?.map((e) => {
        const original = e.originalError;
        if (!original || e.extensions?.code || original instanceof mercurius.ErrorWithProps) return e;
        context.reply.log.error({ err: original }, 'graphql resolver error');
        return { ...e.toJSON(), message: 'Something went wrong. Please try again.' };
      });
      return {
        statusCode: formatted.statusCode,
        response: { data: execution.data ?? null, errors },
      } as never;
    },
  });
});
