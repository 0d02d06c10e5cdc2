// GraphQL at /graphql (Mercurius), SDL with typed resolvers. Each feature adds its type defs and
// resolvers here; the context carries the same session as the REST routes.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import mercurius from 'mercurius';
import type { AppDeps } from '../../deps.ts';
import { type AuthContext, requireSession } from '../../plugins/auth.ts';
import { childrenResolvers, childrenTypeDefs } from '../children/graphql.ts';
import { eventResolvers, eventTypeDefs } from '../events/graphql.ts';
import { formatGraphQLErrors } from './errors.ts';
import { graphqlLimitRules, graphqlParseOptions } from './limits.ts';

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
  await app.register(mercurius, {
    schema: [baseTypeDefs, childrenTypeDefs, eventTypeDefs],
    resolvers: {
      Query: { _version: () => deps.database.kind, ...childrenResolvers.Query, ...eventResolvers.Query },
      ...childrenResolvers.types,
    } as never,
    graphiql: false,
    jit: 1,
    // Every operation needs a staff session, the REST API's guard (401 err-not-logged-in, 403
    // err-no-staff-access). It is a hook of Mercurius' own routes (GET and POST), so it runs for
    // whatever URL the router matched to them (`/%67raphql`, `/graphql?x`), never by a URL prefix,
    // and before the GraphQL document is parsed.
    additionalRouteOptions: { preHandler: requireSession },
    // Size limits (limits.ts): tokens while parsing, then aliases, depth and cost as validation
    // rules; a document over one is refused with 400 err-graphql-too-complex before execution.
    graphql: { parseOptions: graphqlParseOptions },
    validationRules: graphqlLimitRules,
    context: (request: FastifyRequest, _reply: FastifyReply) => ({ deps, auth: request.auth }),
    errorFormatter: formatGraphQLErrors,
  });
});
