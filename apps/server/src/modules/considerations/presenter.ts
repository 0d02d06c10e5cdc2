import type { PendingConsideration } from '@nursery/domain/children';
import type { PendingConsiderationRow } from './queries.ts';

export function pendingConsideration(r: PendingConsiderationRow): PendingConsideration {
  return {
    id: r.id,
    status: r.status,
    notes: r.notes,
    visibleToParents: r.visibleToParents,
    staffID: r.staffId,
    eventID: Number(r.eventId),
    created: new Date(r.created).toISOString(),
    child: {
      id: r.childId,
      forename: r.childForename,
      surname: r.childSurname,
      hasImage: r.childHasImage,
    },
    staffMember:
      r.staffId !== null && r.staffForename !== null && r.staffSurname !== null
        ? { id: r.staffId, forename: r.staffForename, surname: r.staffSurname }
        : null,
  };
}
