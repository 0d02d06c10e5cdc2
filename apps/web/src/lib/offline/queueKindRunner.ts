/**
 * A queue kind's running side, built once (issue 31 read-through: the Spotlight and medication kinds had
 * each a copy): its sender registered on the one sync loop (sync.ts sends, one pass at a time in this
 * tab and across tabs, with its backoff), the refresh of the reads that show what a pass sent, the
 * trigger of a pass when the user's operations wait, and the count for the shell's Sync badge and the
 * logout warning. A feature names its kind, how one operation is sent and how many wait; the shell's
 * hook (useQueueKindSync.ts) drives it.
 */
import type { QueryClient } from '@tanstack/react-query';
import { liveQuery } from 'dexie';
import { isOffline } from '../connectivity';
import type { OperationRow, SendResult } from './operations';
import { setPendingSourceCount } from './pendingCount';
import { registerQueueKind } from './queue';
import { syncNow } from './sync';

/** What the shell's hook calls on a kind's runner (the register's and the staff register's too). */
export interface QueueKindRunner {
  /** Gives the one queue the kind's sender (once; the latest query client refreshes). */
  register(queryClient: QueryClient): void;
  /** Asks the one loop for a pass now (online only) when operations of the user wait. */
  sendNow(userID: number, queryClient: QueryClient): Promise<void>;
  /** Feeds the shell's pending count with the user's operations; the returned stop ends it. */
  watchCount?(userID: number): () => void;
}

export interface QueueKindRunnerOptions<D> {
  kind: string;
  /** The pending count's source name (lib/offline/pendingCount.ts). */
  source: string;
  /** First query-key parts of the reads that show what was sent: refreshed after a pass sent some. */
  refreshedPrefixes: readonly string[];
  /** Sends one operation and writes its outcome on the device ('offline': no answer). */
  send(op: OperationRow<D>): Promise<SendResult>;
  /** How many operations of the user wait (pending, in error or in conflict). */
  count(userID: number): Promise<number>;
}

export function createQueueKindRunner<D>(options: QueueKindRunnerOptions<D>): QueueKindRunner {
  let refreshing: QueryClient | null = null;
  let registered = false;

  const register = (queryClient: QueryClient) => {
    refreshing = queryClient;
    if (registered) return;
    registered = true;
    registerQueueKind<D>({
      kind: options.kind,
      // A conflict is settled by the user (deleted and made again), never merged and sent as it was.
      rebaseOnTheirs: (op) => op,
      sender: {
        async send([op]) {
          return op ? options.send(op) : 'error';
        },
        afterSent() {
          // Not awaited: the loop's pass (and the lock every later pass waits for) must not wait on
          // the screens' refetches, which pause while the device is offline.
          void refreshing
            ?.invalidateQueries({
              predicate: (q) =>
                typeof q.queryKey[0] === 'string' && options.refreshedPrefixes.includes(q.queryKey[0]),
            })
            .catch(() => undefined);
        },
      },
    });
  };

  return {
    register,
    async sendNow(userID, queryClient) {
      register(queryClient);
      if (isOffline()) return;
      const waiting = await options.count(userID).catch(() => 0);
      if (waiting > 0) await syncNow({ reset: true });
    },
    watchCount(userID) {
      const subscription = liveQuery(() => options.count(userID)).subscribe({
        next: (n) => setPendingSourceCount(options.source, n),
        error: () => setPendingSourceCount(options.source, 0),
      });
      return () => {
        subscription.unsubscribe();
        setPendingSourceCount(options.source, 0);
      };
    },
  };
}
