// GraphQL PendingConsiderations (spec 002 §7 "GraphQL PendingConsiderations | limit 100").
import { CONSIDERATIONS_LIMIT } from '@nursery/domain/common';
import { queryOptions } from '@tanstack/react-query';
import { graphql, sendGraphQL } from '../../../../lib/graphql';

const PENDING_CONSIDERATIONS = graphql(`
  query PendingConsiderations($limit: Int) {
    pendingConsiderations(limit: $limit) {
      id
      status
      notes
      visibleToParents
      staffID
      eventID
      created
      child { id forename surname hasImage }
      staffMember { id forename surname }
    }
  }
`);

/** Not kept on the device: the list is a manager's work queue, only worth acting on online. */
export const pendingConsiderationsQuery = () =>
  queryOptions({
    queryKey: ['pending-considerations'] as const,
    queryFn: () =>
      sendGraphQL(PENDING_CONSIDERATIONS, {
        limit: CONSIDERATIONS_LIMIT,
      }).then((d) => d.pendingConsiderations),
    staleTime: 60_000,
  });
