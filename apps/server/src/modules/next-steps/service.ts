// The children's next steps across their events (spec 000 §7): outstanding ones and counts per
// framework item. The children must be the provider's and at the user's sites (404 otherwise); only
// the next steps of events the user may see are read (THE visibility rule).
import type { NextStepCount, OutstandingNextStep } from '@nursery/domain/events';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { assertChildren, loadEventPolicy } from '../events/index.ts';
import { nextStepCount, outstandingNextStep } from './presenter.ts';
import { countRows, outstandingRows } from './queries.ts';

export async function outstandingNextSteps(
  db: Db,
  auth: AuthContext,
  childIds: number[],
): Promise<OutstandingNextStep[]> {
  if (childIds.length === 0) throw new AppError(400, 'err-invalid-request', 'childIDs: choose a child.');
  const [policy] = await Promise.all([
    loadEventPolicy(db, auth.providerId, auth.staffId),
    assertChildren(db, auth, childIds),
  ]);
  const v = policy.visibility(auth.siteIds);
  return (await outstandingRows(db, auth.providerId, childIds, v)).map(outstandingNextStep);
}

export async function nextStepCounts(
  db: Db,
  auth: AuthContext,
  childIds: number[],
): Promise<NextStepCount[]> {
  const [policy] = await Promise.all([
    loadEventPolicy(db, auth.providerId, auth.staffId),
    assertChildren(db, auth, childIds),
  ]);
  return (await countRows(db, auth.providerId, childIds, policy.visibility(auth.siteIds))).map(nextStepCount);
}
