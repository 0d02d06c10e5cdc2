/**
 * The Spotlight device queue's running side (issue 16), loaded lazily by useSpotlightOfflineSync (the
 * shell) and by the waiting list: the queue's one kind runner (lib/offline/queueKindRunner.ts) with
 * this kind's send (the editor's own GraphQL save, replaySpotlightSaves.ts), the Spotlight reads that
 * refresh after a pass sent a save, and the user's waiting rows for the Sync badge.
 */
import type { UpdateEventInput } from '@nursery/domain/spotlight';
import type { QueryClient } from '@tanstack/react-query';
import { now } from '../../../lib/clock';
import { createQueueKindRunner } from '../../../lib/offline/queueKindRunner';
import {
  fromSpotlightOperation,
  SPOTLIGHT_KIND,
  type SpotlightOperationData,
} from '../../../lib/offline/spotlightOperation';
import { spotlightApi } from '../api';
import { spotlightCount } from './pendingSpotlightStore';
import { sendSpotlightRow } from './replaySpotlightSaves';

const deps = { save: (input: UpdateEventInput) => spotlightApi.save(input), now: () => now().getTime() };

export const spotlightQueueRunner = createQueueKindRunner<SpotlightOperationData>({
  kind: SPOTLIGHT_KIND,
  source: 'spotlight',
  // What a sent save changed: the editor's event, its panels, Home's key children, the drafts list.
  refreshedPrefixes: [
    'spotlight-event',
    'spotlight-events',
    'spotlight-considerations',
    'spotlight-grading-counts',
    'event-checker',
    'big-picture',
    'key-children',
    'home',
    'drafts',
  ],
  send(op) {
    const row = fromSpotlightOperation(op);
    return row ? sendSpotlightRow(op.userID, row, deps) : Promise.resolve('error');
  },
  count: spotlightCount,
});

/** The waiting list's "Send now": a pass of the one loop when saves of the user wait (online only). */
export function sendSpotlightSavesNow(userID: number, queryClient: QueryClient): Promise<void> {
  return spotlightQueueRunner.sendNow(userID, queryClient);
}
