// GraphQL at /graphql (Mercurius). Each module adds its Query (and Mutation) fields here (GRAPHQL_MODULES); their
// types are generated from the domain's zod answer schemas (schema.ts), and the context carries the
// same session as the REST routes.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import mercurius from 'mercurius';
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import type { AnyGraphQLModule } from '../../lib/graphql-fields.ts';
import { bigPictureGraphQL } from '../big-picture/index.ts';
import { childrenGraphQL } from '../children/index.ts';
import { considerationsGraphQL } from '../considerations/index.ts';
import { eventGraphQL } from '../events/index.ts';
import { medicationGraphQL } from '../medication/index.ts';
import { notificationsGraphQL } from '../notifications/index.ts';
import { spotlightGraphQL } from '../spotlight/index.ts';
import { tokenLoginGraphQL } from '../token-login/index.ts';
import { formatGraphQLErrors } from './errors.ts';
import { graphqlLimitRules, graphqlParseOptions } from './limits.ts';
import { requireSessionUnlessPublic } from './public-fields.ts';
import { checkGraphQLRequestShape, refuseMalformedGraphQL } from './request-shape.ts';
import { buildGraphQLSchema } from './schema.ts';

/** `_version`: the database kind (pglite or postgres). */
function versionGraphQL(deps: AppDeps): AnyGraphQLModule {
  return {
    query: { _version: { args: z.object({}), answer: z.string() } },
    resolvers: { Query: { _version: () => deps.database.kind } },
  };
}

/** Every module's GraphQL part: reading this lists every Query field's file. */
export const graphqlModules = (deps: AppDeps): AnyGraphQLModule[] => [
  versionGraphQL(deps),
  childrenGraphQL,
  eventGraphQL,
  considerationsGraphQL,
  notificationsGraphQL,
  spotlightGraphQL,
  bigPictureGraphQL,
  tokenLoginGraphQL(deps),
  medicationGraphQL,
];

export const graphqlPlugin = fp<AppDeps>(async (app: FastifyInstance, deps) => {
  // Built when the app is (a resolver replaced before, e.g. a test's spy, is the one used).
  const { sdl, resolvers } = buildGraphQLSchema(graphqlModules(deps));
  await app.register(mercurius, {
    schema: sdl,
    resolvers: resolvers as never,
    graphiql: false,
    jit: 1,
    // Every operation needs a staff session, the REST API's guard (401 err-not-logged-in, 403
    // err-no-staff-access). It is a hook of Mercurius' own routes (GET and POST), so it runs for
    // whatever URL the router matched to them (`/%67raphql`, `/graphql?x`), never by a URL prefix,
    // and before the GraphQL document is parsed. The one exception (issue 30, public-fields.ts): a
    // POSTed document that is only the loginWithToken mutation, which signs in.
    // The request's shape (request-shape.ts) is read before Mercurius' schemas coerce it and refused
    // (400) after the session guard.
    additionalRouteOptions: {
      preValidation: checkGraphQLRequestShape,
      preHandler: [requireSessionUnlessPublic, refuseMalformedGraphQL],
    },
    // Size limits (limits.ts): tokens while parsing, then aliases, depth and cost as validation
    // rules; a document over one is refused with 400 err-graphql-too-complex before execution.
    graphql: { parseOptions: graphqlParseOptions },
    validationRules: graphqlLimitRules,
    context: (request: FastifyRequest, _reply: FastifyReply) => ({ deps, auth: request.auth }),
    errorFormatter: formatGraphQLErrors,
  });
});
