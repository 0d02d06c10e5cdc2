// The children's next steps across their events (spec 000 §7): outstanding ones and counts per
// framework item. The children must be the provider's and at the user's sites (404 otherwise).
import type { NextStepCount, OutstandingNextStep } from '@nursery/domain';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { assertChildren } from '../events/service.ts';
import { nextStepCount, outstandingNextStep } from './presenter.ts';
import { countRows, outstandingRows } from './queries.ts';

export async function outstandingNextSteps(
  db: Db,
  auth: AuthContext,
  childIds: number[],
): Promise<OutstandingNextStep[]> {
  if (childIds.length === 0) throw new AppError(400, 'err-invalid-request', 'childIDs: choose a child.');
  await assertChildren(db, auth, childIds);
  return (await outstandingRows(db, auth.providerId, childIds)).map(outstandingNextStep);
}

export async function nextStepCounts(
  db: Db,
  auth: AuthContext,
  childIds: number[],
): Promise<NextStepCount[]> {
  await assertChildren(db, auth, childIds);
  return (await countRows(db, auth.providerId, childIds)).map(nextStepCount);
}
