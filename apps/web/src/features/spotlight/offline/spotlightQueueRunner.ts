/**
 * The Spotlight device queue's running side (issue 16), loaded lazily by useSpotlightOfflineSync (the
 * shell) and by the waiting list: the kind's sender for the one sync loop (issue 28: the loop sends,
 * one pass at a time in this tab and across tabs), the refresh of what shows Spotlight events after
 * something was sent, and the count for the shell's Sync badge.
 */
import type { UpdateEventInput } from '@nursery/domain/spotlight';
import type { QueryClient } from '@tanstack/react-query';
import { liveQuery } from 'dexie';
import { now } from '../../../lib/clock';
import { isOffline } from '../../../lib/connectivity';
import { setPendingSourceCount } from '../../../lib/offline/pendingCount';
import { registerQueueKind } from '../../../lib/offline/queue';
import {
  fromSpotlightOperation,
  SPOTLIGHT_KIND,
  type SpotlightOperationData,
} from '../../../lib/offline/spotlightOperation';
import { syncNow } from '../../../lib/offline/sync';
import { spotlightApi } from '../api';
import { spotlightCount } from './pendingSpotlightStore';
import { sendSpotlightRow } from './replaySpotlightSaves';

const SOURCE = 'spotlight';

/** Reads that show what a sent save changed: the editor's event, its panels, Home's key children. */
const REFRESHED_PREFIXES = [
  'spotlight-event',
  'spotlight-events',
  'spotlight-considerations',
  'spotlight-grading-counts',
  'event-checker',
  'big-picture',
  'key-children',
  'home',
  'drafts',
];

/** The query client whose reads refresh after a pass sent a save (the shell's). */
let refreshing: QueryClient | null = null;
let registered = false;

/**
 * Gives the one queue this kind's sender (once; the latest query client refreshes): the sync loop
 * (lib/offline/sync.ts) sends the saves in its passes, one at a time and in order per event with the
 * other kinds, across tabs under its lock, with its backoff.
 */
export function registerSpotlightSender(queryClient: QueryClient): void {
  refreshing = queryClient;
  if (registered) return;
  registered = true;
  const deps = { save: (input: UpdateEventInput) => spotlightApi.save(input), now: () => now().getTime() };
  registerQueueKind<SpotlightOperationData>({
    kind: SPOTLIGHT_KIND,
    // A Spotlight conflict is settled on its event's page (the save is deleted), never sent again as it was.
    rebaseOnTheirs: (op) => op,
    sender: {
      async send([op]) {
        const row = op ? fromSpotlightOperation(op) : null;
        return op && row ? sendSpotlightRow(op.userID, row, deps) : 'error';
      },
      async afterSent() {
        await refreshing?.invalidateQueries({
          predicate: (q) => typeof q.queryKey[0] === 'string' && REFRESHED_PREFIXES.includes(q.queryKey[0]),
        });
      },
    },
  });
}

/**
 * Asks the one loop for a pass now (online only), when saves of the user wait: it sends what waits,
 * the saves among it. With none waiting the loop keeps its own timing (its triggers, its backoff).
 */
export async function sendSpotlightSavesNow(userID: number, queryClient: QueryClient): Promise<void> {
  registerSpotlightSender(queryClient);
  if (isOffline()) return;
  const waiting = await spotlightCount(userID).catch(() => 0);
  if (waiting > 0) await syncNow({ reset: true });
}

/** Feeds the shell's pending count (Sync badge, logout warning) with the user's rows; stop ends it. */
export function watchSpotlightCount(userID: number): () => void {
  const subscription = liveQuery(() => spotlightCount(userID)).subscribe({
    next: (n) => setPendingSourceCount(SOURCE, n),
    error: () => setPendingSourceCount(SOURCE, 0),
  });
  return () => {
    subscription.unsubscribe();
    setPendingSourceCount(SOURCE, 0);
  };
}
