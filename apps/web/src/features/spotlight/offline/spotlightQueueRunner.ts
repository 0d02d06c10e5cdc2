/**
 * The Spotlight device queue's running side (issue 16), loaded lazily by useSpotlightOfflineSync (the
 * shell) and by the waiting list: one send at a time in this tab (a save made during a send starts
 * one more after it) and across tabs (Web Locks, where the browser has them), the refresh of what
 * shows Spotlight events after something was sent, and the count for the shell's Sync badge.
 */
import type { QueryClient } from '@tanstack/react-query';
import { liveQuery } from 'dexie';
import { now } from '../../../lib/clock';
import { isOffline } from '../../../lib/connectivity';
import { setPendingSourceCount } from '../../../lib/offline/pendingCount';
import { spotlightApi } from '../api';
import { spotlightCount } from './pendingSpotlightStore';
import { replaySpotlightSaves, type SpotlightReplayOutcome } from './replaySpotlightSaves';

const SOURCE = 'spotlight';
const LOCK_NAME = 'nursery-spotlight-queue';

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

let running = false;
let again: { userID: number; queryClient: QueryClient } | null = null;

function withLock<T>(fn: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (!locks || typeof locks.request !== 'function') return fn();
  return locks.request(LOCK_NAME, () => fn()) as unknown as Promise<T>;
}

/** Sends what waits (online only); null when offline or when a send is already running (one follows). */
export async function sendSpotlightSavesNow(
  userID: number,
  queryClient: QueryClient,
): Promise<SpotlightReplayOutcome | null> {
  if (isOffline()) return null;
  if (running) {
    again = { userID, queryClient };
    return null;
  }
  running = true;
  try {
    const outcome = await withLock(() =>
      replaySpotlightSaves(userID, { save: (input) => spotlightApi.save(input), now: () => now().getTime() }),
    );
    if (outcome.sent.length > 0)
      await queryClient.invalidateQueries({
        predicate: (q) => typeof q.queryKey[0] === 'string' && REFRESHED_PREFIXES.includes(q.queryKey[0]),
      });
    return outcome;
  } catch {
    return null;
  } finally {
    running = false;
    const next = again;
    again = null;
    if (next) void sendSpotlightSavesNow(next.userID, next.queryClient);
  }
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
