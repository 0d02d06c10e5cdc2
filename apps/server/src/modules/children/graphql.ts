import type { GraphQLContext } from '../graphql/plugin.ts';
import { gqlError } from '../graphql/plugin.ts';
import { childrenForSite, contactsOfChildren } from './queries.ts';

export const childrenTypeDefs = /* GraphQL */ `
  type ChildContact {
    id: Int!
    forename: String!
    surname: String!
    hasImage: Boolean!
  }
  type Child {
    id: Int!
    forename: String!
    surname: String!
    hasImage: Boolean!
    gender: String
    dob: String!
    startDate: String!
    endDate: String
    siteID: Int!
    roomID: Int
    contacts: [ChildContact!]!
  }
  extend type Query {
    "GetChildren: the children of a site (optionally only these ids), with their contacts."
    children(siteID: Int!, ids: [Int!]): [Child!]!
  }
`;

export const childrenResolvers = {
  Query: {
    children: async (_: unknown, args: { siteID: number; ids?: number[] | null }, ctx: GraphQLContext) => {
      if (!ctx.auth.siteIds.includes(args.siteID)) throw gqlError('err-not-found', 'Site not found.');
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
  types: {},
};
