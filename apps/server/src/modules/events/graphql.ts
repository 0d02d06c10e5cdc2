// GraphQL `event(id: Int!)` (spec 000 §7): the same answer as GET api/v2/events/{id}. The type Event
// and its parts are generated from the domain's answer schema (EventDetail).
import { EventDetail } from '@nursery/domain/events';
import { z } from 'zod';
import { AppError } from '../../lib/errors.ts';
import { type GraphQLModule, gqlError, type QueryResolvers, queryFields } from '../../lib/graphql-fields.ts';
import { eventRecordOf } from '../../lib/record-audit.ts';
import { loadEventPolicy } from './policy.ts';
import { eventDetail } from './service.ts';

export const eventQuery = queryFields({
  event: {
    description: "event: one event with its parts and the user's rights on it.",
    args: z.object({ id: z.int() }),
    // Nullable as before, though a missing or hidden event is an err-not-found error, not null.
    answer: EventDetail.nullable(),
    types: {
      name: 'Event',
      names: {
        author: 'EventAuthor',
        values: 'EventGrading',
        nextSteps: 'EventNextStep',
        'nextSteps.links': 'EventNextStepLink',
        meals: 'EventMeal',
      },
    },
  },
});

export const eventResolvers: { Query: QueryResolvers<typeof eventQuery> } = {
  Query: {
    event: async (_, args, ctx) => {
      if (args.id <= 0) throw gqlError('err-not-found', 'Event not found.');
      const policy = await loadEventPolicy(ctx.deps.db, ctx.auth.providerId, ctx.auth.staffId);
      try {
        const detail = await eventDetail(ctx.deps.db, ctx.auth, policy, args.id);
        await ctx.deps.readAudit.read(ctx.auth, [eventRecordOf(detail)], ctx.deps.clock.now());
        return detail;
      } catch (err) {
        if (err instanceof AppError) throw gqlError(err.code, err.message);
        throw err;
      }
    },
  },
};

export const eventGraphQL: GraphQLModule<typeof eventQuery> = {
  query: eventQuery,
  resolvers: eventResolvers,
};
