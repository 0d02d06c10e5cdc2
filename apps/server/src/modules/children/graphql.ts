// GraphQL `children(siteID, ids)` (GetChildren, spec 000 §7). The types Child and ChildContact are
// generated from the domain's answer schema (ChildrenAnswer).
import { ChildrenAnswer } from '@nursery/domain/children';
import { z } from 'zod';
import { type GraphQLModule, gqlError, type QueryResolvers, queryFields } from '../../lib/graphql-fields.ts';
import { mayUseSite } from '../../plugins/auth.ts';
import { childrenForSite, contactsOfChildren } from './queries.ts';

export const childrenQuery = queryFields({
  children: {
    description: 'GetChildren: the children of a site (optionally only these ids), with their contacts.',
    args: z.object({ siteID: z.int(), ids: z.array(z.int()).nullish() }),
    answer: ChildrenAnswer,
    types: { name: 'Child', names: { contacts: 'ChildContact' } },
  },
});

export const childrenResolvers: { Query: QueryResolvers<typeof childrenQuery> } = {
  Query: {
    children: async (_, args, ctx) => {
      if (!mayUseSite(ctx.auth, args.siteID)) throw gqlError('err-not-found', 'Site not found.');
      const rows = await childrenForSite(
        ctx.deps.db,
        ctx.auth.providerId,
        args.siteID,
        args.ids ?? undefined,
      );
      // One query for every child's contacts (no N+1).
      const contacts = await contactsOfChildren(
        ctx.deps.db,
        ctx.auth.providerId,
        rows.map((c) => c.id),
      );
      return rows.map((c) => ({ ...c, contacts: contacts.get(c.id) ?? [] }));
    },
  },
};

export const childrenGraphQL: GraphQLModule<typeof childrenQuery> = {
  query: childrenQuery,
  resolvers: childrenResolvers,
};
