// #/gdpr's calls (issue 29): raise a GDPR erasure request, and a child's parents and carers (GraphQL
// `children(siteID, ids)`, the contacts the request may name).
import { routes } from '@nursery/domain/common';
import type { GdprErasureRaiseBody, postGdprErasureRequest } from '@nursery/domain/home';
import { callRoute } from '../../lib/api';
import { graphql, sendGraphQL } from '../../lib/graphql';

const GET_CHILD_CONTACTS = graphql(
  'query GetChildContacts($siteID: Int!, $ids: [Int!]) { children(siteID: $siteID, ids: $ids) { id contacts { id forename surname } } }',
);

export const gdprApi = {
  raise: (body: GdprErasureRaiseBody) =>
    callRoute<typeof postGdprErasureRequest>(routes.postGdprErasureRequest, { body }),
  contactsOf: async (siteID: number, childID: number) =>
    (await sendGraphQL(GET_CHILD_CONTACTS, { siteID, ids: [childID] })).children[0]?.contacts ?? [],
};
