// GET api/v3/events/{ids} (issue 31): the events the drawer opens, as GET api/v2/events/{id} answers
// each (events/ eventDetailsByIds: THE visibility rule, 404 for the whole call when one is hidden),
// with the user's actions on each and the parts asked for, each part read for all the events at once.
import { type EventsV3Answer, type EventV3Include, eventActions } from '@nursery/domain/events';
import type { Db } from '../../db/client.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { commentThreads } from '../event-comments/index.ts';
import { eventDetailsByIds, loadEventPolicy } from '../events/index.ts';
import { byEvent, mediaView, signatureView } from './presenter.ts';
import { mediaRows, signatureRows } from './queries.ts';

export async function eventsV3(
  db: Db,
  auth: AuthContext,
  ids: number[],
  include: readonly EventV3Include[] = [],
): Promise<EventsV3Answer> {
  const policy = await loadEventPolicy(db, auth.providerId, auth.staffId);
  const details = await eventDetailsByIds(db, auth, policy, ids);
  const wants = (part: EventV3Include) => include.includes(part);
  const [media, comments, signatures] = await Promise.all([
    wants('media') ? mediaRows(db, auth.providerId, ids).then((r) => byEvent(ids, r, mediaView)) : null,
    wants('comments') ? commentThreads(db, auth.providerId, ids) : null,
    wants('signatures')
      ? signatureRows(db, auth.providerId, ids).then((r) =>
          byEvent(ids, r, (row) => signatureView(auth.providerId, row)),
        )
      : null,
  ]);
  return {
    events: details.map((d) => ({
      ...d,
      actions: eventActions(auth.permissions, d),
      ...(media ? { media: media.get(d.id) ?? [] } : {}),
      ...(comments ? { comments: comments.get(d.id) ?? [] } : {}),
      ...(signatures ? { signatures: signatures.get(d.id) ?? [] } : {}),
    })),
  };
}
