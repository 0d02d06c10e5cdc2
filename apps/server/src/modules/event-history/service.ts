// An event's history (spec 000 §6 viewEventHistory): creation, edits and status changes, newest
// first. The event must be visible to the user (THE visibility rule, as GET api/v2/events/{id}).
// A medication record's entries carry what changed (values, signatures by their signers' names).
import type { EventHistoryAnswer } from '@nursery/domain/events';
import type { Db } from '../../db/client.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { loadEventPolicy, visibleEvent } from '../events/index.ts';
import { historyEntry, signerIdsOf } from './presenter.ts';
import { historyRows, personNames } from './queries.ts';

export async function eventHistory(db: Db, auth: AuthContext, eventId: number): Promise<EventHistoryAnswer> {
  const policy = await loadEventPolicy(db, auth.providerId, auth.staffId);
  const e = await visibleEvent(db, auth, policy, eventId);
  const rows = await historyRows(db, auth.providerId, e.id, policy.visibility(auth.siteIds));
  const names = await personNames(db, auth.providerId, signerIdsOf(rows));
  return rows.map((h) => historyEntry(h, names));
}
