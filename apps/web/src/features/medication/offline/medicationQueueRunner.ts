/**
 * The medication queue's running side (issue 31), loaded lazily by useMedicationOfflineSync (the
 * shell): the kind's sender for the one sync loop (lib/offline/sync.ts sends, one pass at a time in
 * this tab and across tabs, with its backoff), the refresh of what shows medication records after a
 * pass, and the count for the shell's Sync badge.
 */
import type { QueryClient } from '@tanstack/react-query';
import { liveQuery } from 'dexie';
import { now } from '../../../lib/clock';
import { isOffline } from '../../../lib/connectivity';
import { MEDICATION_KIND, type MedicationOperationData } from '../../../lib/offline/medicationOperation';
import { setPendingSourceCount } from '../../../lib/offline/pendingCount';
import { registerQueueKind } from '../../../lib/offline/queue';
import { syncNow } from '../../../lib/offline/sync';
import { medicationApi } from '../api';
import { medicationCount, sendMedicationOperation } from './medicationQueue';

const SOURCE = 'medication';
/** Reads that show a sent record: the form's, the timeline and drafts lists, Home. */
const REFRESHED_PREFIXES = ['medication', 'events', 'timeline', 'drafts', 'home'];

let refreshing: QueryClient | null = null;
let registered = false;

/** Gives the one queue this kind's sender (once; the latest query client refreshes). */
export function registerMedicationSender(queryClient: QueryClient): void {
  refreshing = queryClient;
  if (registered) return;
  registered = true;
  const deps = { save: medicationApi.save, now: () => now().getTime() };
  registerQueueKind<MedicationOperationData>({
    kind: MEDICATION_KIND,
    // A conflict is deleted on the sync screen and recorded again: a legal record is never merged.
    rebaseOnTheirs: (op) => op,
    sender: {
      async send([op]) {
        return op ? sendMedicationOperation(op, deps) : 'error';
      },
      async afterSent() {
        await refreshing?.invalidateQueries({
          predicate: (q) => typeof q.queryKey[0] === 'string' && REFRESHED_PREFIXES.includes(q.queryKey[0]),
        });
      },
    },
  });
}

/** Asks the one loop for a pass now (online only) when medication saves of the user wait. */
export async function sendMedicationSavesNow(userID: number, queryClient: QueryClient): Promise<void> {
  registerMedicationSender(queryClient);
  if (isOffline()) return;
  const waiting = await medicationCount(userID).catch(() => 0);
  if (waiting > 0) await syncNow({ reset: true });
}

/** Feeds the shell's pending count (Sync badge, logout warning) with the user's operations. */
export function watchMedicationCount(userID: number): () => void {
  const subscription = liveQuery(() => medicationCount(userID)).subscribe({
    next: (n) => setPendingSourceCount(SOURCE, n),
    error: () => setPendingSourceCount(SOURCE, 0),
  });
  return () => {
    subscription.unsubscribe();
    setPendingSourceCount(SOURCE, 0);
  };
}
