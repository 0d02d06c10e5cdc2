// The Big Picture's GraphQL resolvers (fields in fields.ts): each calls the service and turns its coded
// errors into GraphQL errors with the same code and HTTP status.
import { coded, type GraphQLModule, type QueryResolvers } from '../../lib/graphql-fields.ts';
import { bigPictureQuery } from './fields.ts';
import { attributes, bigPicture, ethnicities, gradingsOverview } from './service.ts';

export const bigPictureResolvers: { Query: QueryResolvers<typeof bigPictureQuery> } = {
  Query: {
    bigPicture: (_, a, ctx) => coded(() => bigPicture(ctx.deps, ctx.auth, a)),
    gradingsOverview: (_, a, ctx) => coded(() => gradingsOverview(ctx.deps, ctx.auth, a)),
    attributes: (_, _a, ctx) => coded(() => attributes(ctx.deps, ctx.auth)),
    ethnicities: (_, _a, ctx) => coded(() => ethnicities(ctx.deps, ctx.auth)),
  },
};

export const bigPictureGraphQL: GraphQLModule<typeof bigPictureQuery> = {
  query: bigPictureQuery,
  resolvers: bigPictureResolvers,
};
