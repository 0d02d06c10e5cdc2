// POST api/v1/events/{id}/comments: a staff member comments on an event they can see; the event's
// author is notified ('Comments on my events') in the same transaction. The answer is the comment as
// events v3's thread shows it.
import type { EventComment, EventCommentBody } from '@nursery/domain/home';
import type { AppDeps } from '../../deps.ts';
import { auditChange, eventRecord } from '../../lib/record-audit.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { loadEventPolicy, visibleEvent } from '../events/index.ts';
import { eventCommented } from '../notifications/index.ts';
import { commentView } from './presenter.ts';
import { commentRowById, insertComment, personName } from './queries.ts';

export async function addComment(
  deps: AppDeps,
  auth: AuthContext,
  eventId: number,
  body: EventCommentBody,
): Promise<EventComment> {
  const policy = await loadEventPolicy(deps.db, auth.providerId, auth.staffId);
  // THE visibility rule (site, role, status, author): a hidden event is not found.
  const e = await visibleEvent(deps.db, auth, policy, eventId);
  const now = deps.clock.now();
  const author = await personName(deps.db, auth.providerId, auth.personId);
  const row = await deps.db.transaction(async (tx) => {
    const created = await insertComment(tx, {
      providerId: auth.providerId,
      eventId: e.id,
      authorPersonId: auth.personId,
      text: body.text,
      createdAt: now,
    });
    await eventCommented(tx, auth.providerId, now, auth.userId, e, { text: body.text, author });
    await auditChange(tx, auth, 'comment', [eventRecord(e)], now);
    return created;
  });
  // Read back with its author, in the shape of the events v3 thread (the web appends it as it is).
  const stored = await commentRowById(deps.db, auth.providerId, row.id);
  if (!stored) throw new Error(`Comment ${row.id} not found after its insert.`);
  return { ...commentView(stored), eventID: row.eventId, authorPersonID: row.authorPersonId };
}
