// GraphQL Mutation loginWithToken(key, role) (spec 002 §7): the one GraphQL field callable without a
// session (modules/graphql/plugin.ts lets a document of only this field through). It sets the session
// cookies as POST login does; a refusal keeps its REST status and code, and a 429's Retry-After header.
import { LoginWithTokenArgs, TokenLoginAnswer } from '@nursery/domain/account';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../lib/errors.ts';
import { coded, type GraphQLModule, mutationFields } from '../../lib/graphql-fields.ts';
import { setSessionCookies } from '../auth/index.ts';
import { tokenLoginService } from './service.ts';

export const TOKEN_LOGIN_FIELD = 'loginWithToken';

const mutation = mutationFields({
  [TOKEN_LOGIN_FIELD]: {
    description: 'Sign in with a one-time sign-in link (role Staff); sets the session cookie.',
    args: LoginWithTokenArgs,
    answer: TokenLoginAnswer,
    types: { name: 'TokenLogin', names: { user: 'TokenLoginUser' } },
  },
});

/** Mercurius puts the request's reply in every resolver's context. */
interface HttpContext {
  reply: FastifyReply & { request: FastifyRequest };
}

export function tokenLoginGraphQL(deps: AppDeps): GraphQLModule<Record<never, never>, typeof mutation> {
  const logInWithToken = tokenLoginService(deps);
  return {
    query: {},
    mutation,
    resolvers: {
      Query: {},
      Mutation: {
        [TOKEN_LOGIN_FIELD]: (_parent, args, ctx) => {
          const { reply } = ctx as unknown as HttpContext;
          const request = reply.request;
          return coded(async () => {
            try {
              const { token, answer } = await logInWithToken(
                {
                  key: args.key,
                  role: args.role,
                  address: request.ip,
                  userAgent: request.headers['user-agent'],
                },
                request.log,
              );
              setSessionCookies(request, reply, token);
              return answer;
            } catch (err) {
              if (err instanceof AppError)
                for (const [name, value] of Object.entries(err.headers)) reply.header(name, value);
              throw err;
            }
          });
        },
      },
    },
  };
}
