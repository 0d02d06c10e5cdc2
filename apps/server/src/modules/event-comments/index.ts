// The event comments module's front door: the comment threads events v3 answers (issue 31).
import type { EventV3Comment } from '@nursery/domain/events';
import type { Executor } from '../notifications/index.ts';
import { commentView } from './presenter.ts';
import { commentRows } from './queries.ts';

/** The threads of the events (visible to the user: the caller's check), oldest first, by event id. */
export async function commentThreads(
  db: Executor,
  providerId: number,
  eventIds: number[],
): Promise<Map<number, EventV3Comment[]>> {
  const threads = new Map<number, EventV3Comment[]>(eventIds.map((id) => [id, []]));
  for (const r of await commentRows(db, providerId, eventIds))
    threads.get(Number(r.eventId))?.push(commentView(r));
  return threads;
}
