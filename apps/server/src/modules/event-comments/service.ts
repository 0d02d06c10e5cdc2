// POST api/v1/events/{id}/comments: a staff member comments on an event they can see; the event's
// author is notified ('Comments on my events') in the same transaction.
import type { EventComment, EventCommentBody } from '@nursery/domain/home';
import type { AppDeps } from '../../deps.ts';
import { auditChange, eventRecord } from '../../lib/record-audit.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { loadEventPolicy, visibleEvent } from '../events/index.ts';
import { eventCommented } from '../notifications/index.ts';
import { insertComment, personName } from './queries.ts';

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
  return {
    id: row.id,
    eventID: row.eventId,
    text: row.text,
    authorPersonID: row.authorPersonId,
    created: row.createdAt.toISOString(),
  };
}
