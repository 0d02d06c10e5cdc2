// An event's history (spec 000 §6 viewEventHistory): creation, edits and status changes, newest
// first. The event must be visible to the user, by the rule of GET api/v2/events/{id}.
import type { EventHistoryAnswer } from '@nursery/domain';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { eventById } from '../events/event-queries.ts';
import { loadEventPolicy } from '../events/policy.ts';
import { historyEntry } from './presenter.ts';
import { historyRows } from './queries.ts';

export async function eventHistory(db: Db, auth: AuthContext, eventId: number): Promise<EventHistoryAnswer> {
  const [policy, e] = await Promise.all([
    loadEventPolicy(db, auth.providerId, auth.staffId),
    eventById(db, auth.providerId, eventId),
  ]);
  if (!e || !policy.viewable(e)) throw notFound('Event not found.');
  return (await historyRows(db, auth.providerId, e.id)).map(historyEntry);
}
