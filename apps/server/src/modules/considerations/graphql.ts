// GraphQL `pendingConsiderations(limit)` (spec 002 §7 "GraphQL PendingConsiderations | limit 100", §3
// Consideration, §6 publishConsiderations): the considerations waiting on Pending events at the
// user's sites, newest first, at most 100. The types are generated from PendingConsideration.
import { PendingConsideration } from '@nursery/domain/children';
import { CONSIDERATIONS_LIMIT } from '@nursery/domain/common';
import { z } from 'zod';
import { type GraphQLModule, gqlError, type QueryResolvers, queryFields } from '../../lib/graphql-fields.ts';
import { pendingConsideration } from './presenter.ts';
import { pendingConsiderations } from './queries.ts';

export const considerationsQuery = queryFields({
  pendingConsiderations: {
    description: `PendingConsiderations: considerations on Pending events at the user's sites (at most ${CONSIDERATIONS_LIMIT}).`,
    args: z.object({ limit: z.int().nullish() }),
    answer: z.array(PendingConsideration),
    types: {
      name: 'PendingConsideration',
      names: { child: 'PendingConsiderationChild', staffMember: 'PendingConsiderationStaff' },
    },
  },
});

export const considerationsResolvers: { Query: QueryResolvers<typeof considerationsQuery> } = {
  Query: {
    pendingConsiderations: async (_, args, ctx) => {
      if (!ctx.auth.permissions.publishConsiderations)
        throw gqlError('err-permission-denied', 'You do not have permission to do this.');
      const limit = args.limit ?? CONSIDERATIONS_LIMIT;
      if (limit < 1 || limit > CONSIDERATIONS_LIMIT)
        throw gqlError('err-invalid-request', `limit must be between 1 and ${CONSIDERATIONS_LIMIT}.`);
      if (ctx.auth.siteIds.length === 0) return [];
      const rows = await pendingConsiderations(ctx.deps.db, ctx.auth.providerId, ctx.auth.siteIds, limit);
      return rows.map(pendingConsideration);
    },
  },
};

export const considerationsGraphQL: GraphQLModule<typeof considerationsQuery> = {
  query: considerationsQuery,
  resolvers: considerationsResolvers,
};
