import type { NextStepCount, OutstandingNextStep } from '@nursery/domain/events';
import type { CountRow, OutstandingRow } from './queries.ts';

export function outstandingNextStep(s: OutstandingRow): OutstandingNextStep {
  return {
    id: s.id,
    notes: s.notes,
    links: (s.links ?? []).map((itemID) => ({ itemID })),
    child: { id: s.childId, forename: s.forename, surname: s.surname },
    event: { id: Number(s.eventId), raised: new Date(s.raised).toISOString() },
    created: new Date(s.createdAt).toISOString(),
    author: { id: s.authorId, forename: s.authorForename, surname: s.authorSurname },
  };
}

export function nextStepCount(x: CountRow): NextStepCount {
  return { childID: x.childId, itemID: x.itemId, completed: x.completed, countOfNextSteps: Number(x.n) };
}
