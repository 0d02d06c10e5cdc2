// GraphQL `event(id: Int!)` (spec 000 §7): the same answer as GET api/v2/events/{id}.
import { AppError } from '../../lib/errors.ts';
import type { GraphQLContext } from '../graphql/plugin.ts';
import { gqlError } from '../graphql/plugin.ts';
import { loadEventPolicy } from './policy.ts';
import { eventDetail } from './write-routes.ts';

export const eventTypeDefs = /* GraphQL */ `
  type EventAuthor {
    id: Int!
    staffID: Int
  }
  type EventGrading {
    itemID: String!
    ageRangeID: Int
    value: Int
    notes: String
  }
  type EventNextStepLink {
    itemID: String!
  }
  type EventNextStep {
    id: Int!
    notes: String
    completed: Boolean!
    links: [EventNextStepLink!]!
  }
  type EventMeal {
    mealID: Int!
    portionID: Int
    portionAmount: String
  }
  type Event {
    id: Int!
    uuid: String!
    version: Int!
    typeID: Int!
    codeID: Int!
    childID: Int
    statusID: Int!
    siteID: Int!
    authorStaffID: Int
    author: EventAuthor!
    notes: String
    childsVoice: String
    ref2: String
    learningStyles: Int!
    tagged: Boolean!
    raised: String!
    date1: String
    date2: String
    due: String
    priorityID: Int
    areaID: Int
    existingInjury: Boolean
    nappyCream: Boolean
    twoyear: Boolean!
    baseline: Boolean!
    values: [EventGrading!]!
    nextSteps: [EventNextStep!]!
    meals: [EventMeal!]!
    mediaIDs: [String!]!
    editable: Boolean!
    "Statuses the user may move this event to (the role's transitions from its status)."
    permittedActions: [Int!]!
  }
  extend type Query {
    "event: one event with its parts and the user's rights on it."
    event(id: Int!): Event
  }
`;

export const eventResolvers = {
  Query: {
    event: async (_: unknown, args: { id: number }, ctx: GraphQLContext) => {
      if (args.id <= 0) throw gqlError('err-not-found', 'Event not found.');
      const policy = await loadEventPolicy(ctx.deps.db, ctx.auth.providerId, ctx.auth.staffId);
      try {
        return await eventDetail(ctx.deps.db, ctx.auth, policy, args.id);
      } catch (err) {
        if (err instanceof AppError) throw gqlError(err.code, err.message);
        throw err;
      }
    },
  },
};
