// The Spotlight editor's GraphQL resolvers (fields in fields.ts): each calls the service and turns
// its coded errors into GraphQL errors with the same code and HTTP status.
import { coded, type GraphQLModule, type QueryResolvers } from '../../lib/graphql-fields.ts';
import { spotlightMutation, spotlightQuery } from './fields.ts';
import { saveSpotlight } from './save.ts';
import {
  checkpointNotes,
  considerationCountForChild,
  considerationsForChild,
  developmentCheckpoints,
  eventCountByChildAndType,
  eventsByChildAndType,
  previousGradingCounts,
  spotlightEvent,
  spotlightSetup,
} from './service.ts';

export const spotlightResolvers: {
  Query: QueryResolvers<typeof spotlightQuery>;
  Mutation: QueryResolvers<typeof spotlightMutation>;
} = {
  Query: {
    spotlightSetup: (_, a, ctx) => coded(() => spotlightSetup(ctx.deps, ctx.auth, a.siteID)),
    spotlightEvent: (_, a, ctx) => coded(() => spotlightEvent(ctx.deps, ctx.auth, a.id)),
    developmentCheckpoints: (_, a, ctx) =>
      coded(() => developmentCheckpoints(ctx.deps, ctx.auth, a.ageRange ?? null)),
    checkpointNotes: (_, a, ctx) =>
      coded(() => checkpointNotes(ctx.deps, ctx.auth, a.childID, a.ageRange ?? null)),
    previousGradingCounts: (_, a, ctx) =>
      coded(() => previousGradingCounts(ctx.deps, ctx.auth, a.childID, a.eventTypeIDs)),
    considerationsForChild: (_, a, ctx) => coded(() => considerationsForChild(ctx.deps, ctx.auth, a)),
    considerationCountForChild: (_, a, ctx) =>
      coded(() => considerationCountForChild(ctx.deps, ctx.auth, a.childID)),
    eventsByChildAndType: (_, a, ctx) => coded(() => eventsByChildAndType(ctx.deps, ctx.auth, a)),
    eventCountByChildAndType: (_, a, ctx) =>
      coded(() => eventCountByChildAndType(ctx.deps, ctx.auth, a.childID, a.typeID)),
  },
  Mutation: {
    updateEvent: (_, a, ctx) => coded(() => saveSpotlight(ctx.deps, ctx.auth, a.input)),
  },
};

export const spotlightGraphQL: GraphQLModule<typeof spotlightQuery, typeof spotlightMutation> = {
  query: spotlightQuery,
  mutation: spotlightMutation,
  resolvers: spotlightResolvers,
};
