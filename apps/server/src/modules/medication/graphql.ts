// The medication record's GraphQL resolvers (fields in fields.ts): each calls the service and turns its
// coded errors into GraphQL errors with the same code and HTTP status.
import { coded, type GraphQLModule, type QueryResolvers } from '../../lib/graphql-fields.ts';
import { medicationMutation, medicationQuery } from './fields.ts';
import { saveMedication } from './save.ts';
import { medicationChildSetups, medicationEvent, medicationSetup } from './service.ts';

export const medicationResolvers: {
  Query: QueryResolvers<typeof medicationQuery>;
  Mutation: QueryResolvers<typeof medicationMutation>;
} = {
  Query: {
    medicationEvent: (_, a, ctx) => coded(() => medicationEvent(ctx.deps, ctx.auth, a.id)),
    medicationSetup: (_, a, ctx) => coded(() => medicationSetup(ctx.deps, ctx.auth, a.siteID, a.childID)),
    medicationChildSetups: (_, a, ctx) =>
      coded(() => medicationChildSetups(ctx.deps, ctx.auth, a.siteID, a.childIDs)),
  },
  Mutation: {
    updateMedicationEvent: (_, a, ctx) => coded(() => saveMedication(ctx.deps, ctx.auth, a.input)),
  },
};

export const medicationGraphQL: GraphQLModule<typeof medicationQuery, typeof medicationMutation> = {
  query: medicationQuery,
  mutation: medicationMutation,
  resolvers: medicationResolvers,
};
