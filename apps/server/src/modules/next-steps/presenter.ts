import type { NextStepCount, OutstandingNextStep } from '@nursery/domain';
import type { CountRow, OutstandingRow } from './queries.ts';

export function outstandingNextStep(s: OutstandingRow): OutstandingNextStep {
  return {
    id: s.id,
    notes: s.notes,
    links: (s.links ?? []).map((itemID) => ({ itemID })),
    child: { id: s.child_id, forename: s.forename, surname: s.surname },
    event: { id: Number(s.event_id), raised: new Date(s.raised).toISOString() },
    created: new Date(s.created_at).toISOString(),
    author: { id: s.author_id, forename: s.author_forename, surname: s.author_surname },
  };
}

export function nextStepCount(x: CountRow): NextStepCount {
  return { childID: x.child_id, itemID: x.item_id, completed: x.completed, countOfNextSteps: Number(x.n) };
}
